/**
 * `vigil sessions list|get|wait`: check sessions — the recent ones, one read, or one followed to completion.
 * Every verb that shows a finished session that did not pass says why (sessions-view.ts sessionReasons, the
 * reason model of src/store/triage/reason.ts), in the table and as `reason` in `--json`.
 *
 * `list` reads sessions through the results that name them (vigil's results carry `checkSessionId`): with
 * CHECK_ID, that check's latest sessions; without, the latest session of each check that ran, most recent
 * first. Each session is then read whole (`GET /v1/check-sessions/{id}`), so a list item has the shape of
 * `sessions get --json`.
 */
import { TimeoutError } from "../../api/errors.ts";
import type { CheckResult } from "../../contract/schemas/check-results.ts";
import type { CheckSessionDetail } from "../../contract/schemas/check-sessions.ts";
import type { ReasonInput } from "../../store/triage/reason.ts";
import type { CommandContext, ResourceSpec } from "../command.ts";
import type { Column } from "../output.ts";
import { when } from "../when.ts";
import {
  printSessionDetail,
  type SessionReasons,
  sessionJson,
  sessionPassed,
  sessionReasons,
  statusText,
} from "./sessions-view.ts";

/** At most this many requests at once while reading a list's checks and sessions. */
const PARALLEL = 4;

async function inBatches<T, R>(items: readonly T[], fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL)
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(fn))));
  return out;
}

const sessionIdOf = (r: CheckResult): string | undefined => {
  const id = (r as { checkSessionId?: unknown }).checkSessionId;
  return typeof id === "string" && id !== "" ? id : undefined;
};

/** The session ids of a check's latest FINAL results, newest first, at most `max`. */
async function checkSessionIds(
  ctx: CommandContext,
  checkId: string,
  max: number,
  known: Map<string, ReasonInput>,
): Promise<string[]> {
  const ids: string[] = [];
  let nextId: string | undefined;
  for (let page = 0; page < 5 && ids.length < max; page++) {
    const r = await ctx.client.checkResults.listV2(checkId, {
      limit: 100,
      resultType: "FINAL",
      ...(ctx.args.flag("failed") ? { hasFailures: true } : {}),
      ...(nextId ? { nextId } : {}),
    });
    for (const result of r.entries) {
      known.set(result.id, result as ReasonInput);
      const id = sessionIdOf(result);
      if (id && !ids.includes(id) && ids.length < max) ids.push(id);
    }
    nextId = r.nextId ?? undefined;
    if (!nextId) break;
  }
  return ids;
}

type Listed = { session: CheckSessionDetail; reasons: SessionReasons };

const listColumns: Column<Listed>[] = [
  { header: "SESSION ID", get: (l) => l.session.checkSessionId, min: 8 },
  { header: "CHECK", get: (l) => l.session.name ?? l.session.checkId, min: 10 },
  { header: "STATUS", get: (l) => statusText(l.session.status) },
  { header: "STARTED", get: (l) => when(l.session.startedAt) },
  { header: "SOURCE", get: (l) => l.session.runSource },
  { header: "LOCATIONS", get: (l) => l.session.runLocations },
  { header: "REASON", get: (l) => l.reasons.reason, min: 10 },
];

export const sessionsCommand: ResourceSpec = {
  name: "sessions",
  summary: "recent check sessions, one session's results and reason, waiting for one to finish",
  verbs: [
    {
      name: "list",
      summary: "the latest sessions of a check, or the latest session of each check, newest first",
      positionals: [{ name: "CHECK_ID", optional: true, help: "only this check's sessions" }],
      options: {
        limit: { type: "string", value: "N", help: "at most N sessions, 1-100 (default 20)" },
        failed: { type: "boolean", help: "only sessions with a failed result" },
      },
      notes: [
        "Sessions are found through the results that name them: scheduled runs and triggered ones alike. " +
          "Without CHECK_ID, each check's latest session (the checks that ran most recently first).",
      ],
      examples: ["vigil sessions list", "vigil sessions list CHECK_ID --failed --json | jq -r '.[].reason'"],
      async run(ctx) {
        const limit = ctx.args.int("limit", { min: 1, max: 100 }) ?? 20;
        const checkId = ctx.args.arg("CHECK_ID");
        const known = new Map<string, ReasonInput>();
        let ids: string[];
        if (checkId !== undefined) {
          await ctx.client.checks.get(checkId); // an unknown id is "Check not found" (exit 3)
          ids = await checkSessionIds(ctx, checkId, limit, known);
        } else {
          const statuses = (await ctx.client.checkStatuses.list())
            .filter((s) => s.updated_at)
            .sort((a, b) => Date.parse(b.updated_at ?? "") - Date.parse(a.updated_at ?? ""));
          const failing = (s: { hasFailures?: boolean | null; hasErrors?: boolean | null }) =>
            s.hasFailures === true || s.hasErrors === true;
          const chosen = (ctx.args.flag("failed") ? statuses.filter(failing) : statuses).slice(0, limit);
          ids = (await inBatches(chosen, (s) => checkSessionIds(ctx, s.checkId, 1, known))).flat();
        }
        const sessions = (
          await inBatches(ids, (id) => ctx.client.checkSessions.get(id).catch(() => undefined))
        ).filter((s): s is CheckSessionDetail => s !== undefined);
        const listed = await inBatches(sessions, async (session) => ({
          session,
          reasons: await sessionReasons(ctx.client, session, known),
        }));
        if (ctx.out.json) return ctx.out.printJson(listed.map((l) => sessionJson(l.session, l.reasons)));
        ctx.out.table(listed, listColumns);
        if (listed.length === 0)
          ctx.out.note("no sessions found (a check's sessions are named by its results)");
      },
    },
    {
      name: "get",
      summary: "show a check session with its results (and, when it did not pass, why)",
      positionals: [{ name: "SESSION_ID" }],
      async run(ctx) {
        const s = await ctx.client.checkSessions.get(ctx.args.need("SESSION_ID"));
        const reasons = await sessionReasons(ctx.client, s);
        if (ctx.out.json) return ctx.out.printJson(sessionJson(s, reasons));
        printSessionDetail(ctx.out, s, reasons);
      },
    },
    {
      name: "wait",
      summary: "wait until a check session finishes; exit 1 unless it passed",
      positionals: [{ name: "SESSION_ID" }],
      options: {
        timeout: { type: "string", value: "SECONDS", help: "give up after this long (default 300)" },
      },
      notes: [
        "Exit status: 0 when the session PASSED or DEGRADED, 1 when it FAILED, TIMED_OUT, was CANCELLED " +
          "or did not finish within --timeout; 3 when there is no such session.",
      ],
      async run(ctx) {
        const timeout = ctx.args.int("timeout", { min: 1, max: 86_400 }) ?? 300;
        const id = ctx.args.need("SESSION_ID");
        let s: CheckSessionDetail;
        try {
          s = await ctx.client.checkSessions.waitForCompletion(id, {
            deadlineMs: timeout * 1000,
            signal: ctx.signal,
          });
        } catch (e) {
          // the wait's own deadline, not a request the service did not answer (exit 5)
          if (!(e instanceof TimeoutError) || e.timeoutMs !== timeout * 1000 || ctx.signal.aborted) throw e;
          ctx.out.note(`vigil: session ${id} did not finish within ${timeout} s`);
          return 1;
        }
        const reasons = await sessionReasons(ctx.client, s);
        if (ctx.out.json) ctx.out.printJson(sessionJson(s, reasons));
        else printSessionDetail(ctx.out, s, reasons);
        if (!sessionPassed(s)) {
          ctx.out.note(
            `vigil: session ${s.checkSessionId} (${s.name ?? s.checkId}) finished ${s.status}${reasons.reason ? `: ${reasons.reason}` : ""}`,
          );
          return 1;
        }
      },
    },
  ],
};
