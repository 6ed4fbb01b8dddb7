/**
 * `vigil trigger [--tag EXPR]... [--check ID]... [--wait]`: start check sessions now (seed §4.1).
 *
 * Each `--tag EXPR` is a tag expression (src/api/tag-expression.ts: `,`/space = AND, `|` = OR, `!` =
 * exclude); repeating the flag ORs the expressions. With `--wait` every session is followed to completion
 * in parallel; the exit status is 1 if any did not pass (or did not finish within --timeout), and each
 * one's reason is printed (sessions-view.ts sessionReasons). A heartbeat check named by --check is refused
 * before anything is sent (exit 6): heartbeat checks are passive.
 */

import { ApiError, TimeoutError } from "../../api/errors.ts";
import { parseTagExpression } from "../../api/tag-expression.ts";
import { isPassive } from "../../contract/check-types.ts";
import type { CheckSession, CheckSessionDetail } from "../../contract/schemas/check-sessions.ts";
import { matchesTags } from "../../contract/tags.ts";
import { errorLine } from "../../store/data/loaders.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import { NotFoundError, RefusedError } from "../exit-codes.ts";
import type { Column } from "../output.ts";
import { sessionColumns, sessionJson, sessionPassed, sessionReasons } from "./sessions-view.ts";

/**
 * Named checks that cannot be triggered are refused before anything is sent: an unknown id (exit 3) and a
 * heartbeat check, which is passive — it runs when pinged (exit 6; the console says the same).
 */
async function refusePassive(ctx: CommandContext, ids: readonly string[]): Promise<void> {
  const checks = await Promise.all(
    ids.map((id) =>
      ctx.client.checks.get(id).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) throw new NotFoundError(`check ${id} not found`);
        throw e;
      }),
    ),
  );
  const passive = checks.filter((c) => isPassive(String(c.checkType)));
  if (passive.length)
    throw new RefusedError(
      `heartbeat checks are passive: they run when pinged, not on trigger (${passive.map((c) => `${c.name} ${c.id}`).join(", ")})`,
    );
}

/**
 * A trigger the service answered "no matching checks" (404): why, when the checks say — the tags select
 * only heartbeat checks, which are passive (exit 6, as naming one with --check), or only deactivated ones;
 * else no check carries them (exit 3). The checks are read only on this path.
 */
async function explainNoMatch(ctx: CommandContext, matchTags: string[][], err: unknown): Promise<never> {
  let checks: Awaited<ReturnType<typeof ctx.client.checks.listAll>>;
  try {
    checks = await ctx.client.checks.listAll();
  } catch {
    throw err;
  }
  const tagged = checks.filter((c) => matchesTags(c.tags ?? [], matchTags));
  const names = (list: typeof checks) => list.map((c) => c.name).join(", ");
  const passive = tagged.filter((c) => isPassive(String(c.checkType)));
  const inactive = tagged.filter((c) => !isPassive(String(c.checkType)) && c.activated === false);
  if (tagged.length > 0 && passive.length + inactive.length === tagged.length) {
    const why = [
      ...(passive.length
        ? [`heartbeat checks are passive: they run when pinged, not on trigger (${names(passive)})`]
        : []),
      ...(inactive.length ? [`deactivated: ${names(inactive)}`] : []),
    ];
    throw new RefusedError(
      `nothing to run: the checks the tags select cannot be triggered — ${why.join("; ")}`,
    );
  }
  if (tagged.length === 0) throw new NotFoundError("no check carries the tags given (--tag)");
  throw err;
}

type Waited = { session: CheckSession | CheckSessionDetail; reason: string | null };

const waitColumns: Column<Waited>[] = [
  ...sessionColumns.map((c) => ({ ...c, get: (w: Waited) => c.get(w.session) })),
  { header: "REASON", get: (w) => w.reason, min: 10 },
];

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
        "When both --tag and --check are given, a check must match both. Heartbeat checks are passive (they " +
          "run when pinged): naming one with --check is refused (exit 6); a tag selects only the others.",
        "Exit status with --wait: 0 when every session PASSED or DEGRADED, 1 otherwise (each one's reason " +
          "is printed). 3 when a --check id or a tag matches no check; 6 when the tags select only heartbeat " +
          "or deactivated checks.",
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
        if (checkId.length) await refusePassive(ctx, checkId);
        const res = await ctx.client.checkSessions
          .trigger({
            ...(matchTags.length ? { matchTags } : {}),
            ...(checkId.length ? { checkId } : {}),
            ...(refresh !== undefined ? { refreshCache: refresh } : {}),
          })
          .catch((e: unknown) =>
            e instanceof ApiError && e.status === 404 && matchTags.length && !checkId.length
              ? explainNoMatch(ctx, matchTags, e)
              : Promise.reject(e),
          );
        if (!a.flag("wait")) {
          if (ctx.out.json)
            return ctx.out.printJson({
              ...res,
              sessions: res.sessions.map((s) => sessionJson(s, undefined)),
            });
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
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const final: { session: CheckSession | CheckSessionDetail; reason: string | null }[] = [];
        const problems: string[] = [];
        await Promise.all(
          settled.map(async (r, i) => {
            const started = res.sessions[i]!;
            const label = started.name ?? started.checkId;
            if (r.status === "fulfilled") {
              const { reason } = await sessionReasons(ctx.client, r.value);
              final[i] = { session: r.value, reason };
              if (!sessionPassed(r.value))
                problems[i] = `${label} ${r.value.status}${reason ? `: ${reason}` : ""}`;
            } else {
              const e: unknown = r.reason;
              const reason =
                e instanceof TimeoutError && e.timeoutMs === timeout * 1000
                  ? `did not finish within ${timeout} s`
                  : errorLine(e);
              final[i] = { session: started, reason };
              problems[i] = `${label}: ${reason}`;
            }
          }),
        );
        const failed = problems.filter(Boolean);
        if (ctx.out.json)
          ctx.out.printJson({ ...res, sessions: final.map((f) => ({ ...f.session, reason: f.reason })) });
        else ctx.out.table(final, waitColumns);
        if (failed.length) {
          ctx.out.note(`vigil: ${failed.length} of ${n} sessions did not pass: ${failed.join("; ")}`);
          return 1;
        }
      },
    },
  ],
};
