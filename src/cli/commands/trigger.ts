/**
 * `vigil trigger [--tag EXPR]... [--check ID]... [--wait]`: start check sessions now (seed §4.1).
 *
 * Each `--tag EXPR` is a tag expression (src/api/tag-expression.ts: `,`/space = AND, `|` = OR, `!` =
 * exclude); repeating the flag ORs the expressions. With `--wait` every session is followed to completion
 * in parallel; the exit status is 1 if any did not pass (or did not finish within --timeout).
 */

import type { CheckSession, CheckSessionDetail } from "../../api/schemas/check-sessions.ts";
import { parseTagExpression } from "../../api/tag-expression.ts";
import type { ResourceSpec } from "../command.ts";
import { sessionColumns, sessionPassed } from "./sessions-view.ts";

export const triggerCommand: ResourceSpec = {
  name: "trigger",
  summary: "run checks now, selected by tag and/or id",
  verbless: true,
  verbs: [
    {
      name: "trigger",
      summary: "start check sessions now (no filter: every eligible check)",
      options: {
        tag: {
          type: "string",
          multiple: true,
          value: "EXPR",
          help: "tag expression: a,b = a AND b, !a = NOT a, a | b = a OR b (repeat: OR)",
        },
        check: { type: "string", multiple: true, value: "ID", help: "check id (repeat for several)" },
        wait: { type: "boolean", help: "wait for every session to finish; exit 1 if any did not pass" },
        timeout: {
          type: "string",
          value: "SECONDS",
          help: "with --wait: give up after this long (default 300)",
        },
        "refresh-cache": { type: "boolean", help: "refresh the dependency cache (Playwright suites)" },
      },
      notes: [
        "When both --tag and --check are given, a check must match both.",
        "Exit status with --wait: 0 when every session PASSED or DEGRADED, 1 otherwise.",
      ],
      examples: [
        "vigil trigger --tag prod,api --wait",
        "vigil trigger --tag 'prod !flaky' --tag smoke",
        "vigil trigger --check 6a1b... --check 0f3c... --json",
      ],
      async run(ctx) {
        const a = ctx.args;
        const matchTags = a.strings("tag").flatMap((e) => parseTagExpression(e));
        const checkId = a.strings("check", true);
        const timeout = a.int("timeout", { min: 1, max: 86_400 }) ?? 300;
        const refresh = a.flag("refresh-cache");
        const res = await ctx.client.checkSessions.trigger({
          ...(matchTags.length ? { matchTags } : {}),
          ...(checkId.length ? { checkId } : {}),
          ...(refresh !== undefined ? { refreshCache: refresh } : {}),
        });
        if (!a.flag("wait")) {
          if (ctx.out.json) return ctx.out.printJson(res);
          ctx.out.table(res.sessions, sessionColumns);
          return;
        }
        const n = res.sessions.length;
        ctx.out.note(`waiting for ${n} session${n === 1 ? "" : "s"} to finish…`);
        const settled = await Promise.allSettled(
          res.sessions.map((s) =>
            ctx.client.checkSessions.waitForCompletion(s.checkSessionId, {
              deadlineMs: timeout * 1000,
              signal: ctx.signal,
            }),
          ),
        );
        const final: (CheckSession | CheckSessionDetail)[] = [];
        const problems: string[] = [];
        settled.forEach((r, i) => {
          const started = res.sessions[i]!;
          const label = started.name ?? started.checkId;
          if (r.status === "fulfilled") {
            final.push(r.value);
            if (!sessionPassed(r.value)) problems.push(`${label} (${r.value.status})`);
          } else {
            final.push(started);
            problems.push(`${label} (${(r.reason as Error).message})`);
          }
        });
        if (ctx.out.json) ctx.out.printJson({ ...res, sessions: final });
        else ctx.out.table(final, sessionColumns);
        if (ctx.signal.aborted) throw ctx.signal.reason;
        if (problems.length) {
          ctx.out.note(`vigil: ${problems.length} of ${n} sessions did not pass: ${problems.join(", ")}`);
          return 1;
        }
      },
    },
  ],
};
