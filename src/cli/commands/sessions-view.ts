/** Shared rendering of check sessions (trigger, sessions get|wait) and the pass/fail rule for exit codes. */
import { isPassive } from "../../contract/check-types.ts";
import {
  type CheckSession,
  type CheckSessionDetail,
  type CheckSessionResult,
  isTerminalSessionStatus,
} from "../../contract/schemas/check-sessions.ts";
import { formatDuration, formatMs, statusSymbol } from "../../shared/format.ts";
import { type ReasonInput, resultReason } from "../../store/triage/reason.ts";
import type { Client } from "../connect.ts";
import type { Column, Output } from "../output.ts";
import { when } from "../when.ts";

/**
 * A finished session "passed" for exit-code purposes when its status is PASSED or DEGRADED (degraded runs
 * still answered, only slowly); FAILED, TIMED_OUT, CANCELLED and any status we do not know count as failed.
 */
export function sessionPassed(s: { status: string }): boolean {
  return s.status === "PASSED" || s.status === "DEGRADED";
}

export const statusText = (s: string | null | undefined) =>
  s ? `${statusSymbol(s).symbol} ${s}` : undefined;

export const sessionColumns: Column<CheckSession>[] = [
  { header: "SESSION ID", get: (s) => s.checkSessionId, min: 8 },
  { header: "CHECK", get: (s) => s.name ?? s.checkId, min: 10 },
  { header: "TYPE", get: (s) => s.checkType },
  { header: "STATUS", get: (s) => statusText(s.status) },
  {
    header: "ELAPSED",
    get: (s) => (s.timeElapsed == null ? undefined : formatDuration(s.timeElapsed)),
    align: "right",
  },
  { header: "LOCATIONS", get: (s) => s.runLocations },
];

/** A session result that did not pass (failed, errored or could not be made). */
const resultFailed = (r: CheckSessionResult) =>
  r.hasFailures === true || r.hasErrors === true || r.isCancelled === true || r.aborted === true;

/** Why a finished session did not pass, and why each of its results failed (result id → reason). */
export type SessionReasons = { reason: string | null; byResult: Map<string, string> };

/**
 * The reasons of a session (src/store/triage/reason.ts, the one model of "the reason"): each failed
 * result's, read whole from the service when `known` does not already hold it (the session lists results
 * in short); the session's is its failed results' reasons, each with its locations. A session that passed
 * (or still runs) has none.
 */
export async function sessionReasons(
  client: Client,
  s: CheckSession | CheckSessionDetail,
  known: ReadonlyMap<string, ReasonInput> = new Map(),
): Promise<SessionReasons> {
  const byResult = new Map<string, string>();
  const results = (s as Partial<CheckSessionDetail>).results;
  if (sessionPassed(s) || !isTerminalSessionStatus(s.status, s.stoppedAt) || !results)
    return { reason: null, byResult };
  const failed = results.filter(resultFailed);
  await Promise.all(
    failed.map(async (r) => {
      const full =
        known.get(r.checkResultId) ??
        ((await client.checkResults.get(r.checkId, r.checkResultId).catch(() => undefined)) as
          | ReasonInput
          | undefined) ??
        (r as ReasonInput);
      const why = resultReason({ ...full, hasFailures: full.hasFailures ?? (r.hasFailures || r.aborted) });
      if (why) byResult.set(r.checkResultId, why);
    }),
  );
  const where = new Map<string, string[]>();
  for (const r of failed) {
    const why = byResult.get(r.checkResultId);
    if (why) where.set(why, [...(where.get(why) ?? []), r.runLocation]);
  }
  const parts = [...where].map(([why, locs]) => `${why} (${[...new Set(locs)].join(", ")})`);
  if (parts.length) return { reason: parts.join("; "), byResult };
  const fallback =
    s.status === "TIMED_OUT"
      ? "did not finish in time"
      : s.status === "CANCELLED"
        ? "cancelled before it finished"
        : failed.length === 0
          ? "no failed result recorded"
          : "failed (no reason recorded)";
  return { reason: fallback, byResult };
}

const resultColumns = (
  reasons: SessionReasons | undefined,
  passive: boolean,
): Column<CheckSessionResult>[] => [
  { header: "LOCATION", get: (r) => r.runLocation },
  { header: "TYPE", get: (r) => r.resultType },
  {
    header: "RESULT",
    get: (r) =>
      statusText(
        r.isCancelled || r.aborted
          ? "CANCELLED"
          : r.hasFailures || r.hasErrors
            ? "FAILED"
            : r.isDegraded
              ? "DEGRADED"
              : "PASSED",
      ),
  },
  // a heartbeat's session is a ping: no response time (never "0 ms")
  { header: "RESPONSE", get: (r) => formatMs(passive ? undefined : r.responseTime), align: "right" },
  { header: "STARTED", get: (r) => when(r.startedAt) },
  { header: "RESULT ID", get: (r) => r.checkResultId },
  ...(reasons?.byResult.size
    ? [{ header: "REASON", get: (r: CheckSessionResult) => reasons.byResult.get(r.checkResultId), min: 10 }]
    : []),
];

/** A session as `--json` prints it: the service's session plus `reason` (null unless it did not pass). */
export function sessionJson(
  s: CheckSession | CheckSessionDetail,
  reasons: SessionReasons | undefined,
): Record<string, unknown> {
  return { ...s, reason: reasons?.reason ?? null };
}

export function printSessionDetail(out: Output, s: CheckSessionDetail, reasons?: SessionReasons): void {
  out.detail([
    ["Session ID", s.checkSessionId],
    ["Check", s.name ?? undefined],
    ["Check ID", s.checkId],
    ["Type", s.checkType],
    ["Status", statusText(s.status)],
    ["Reason", reasons?.reason ?? undefined],
    ["Started", s.startedAt ? when(s.startedAt) : undefined],
    ["Stopped", s.stoppedAt ? when(s.stoppedAt) : undefined],
    ["Elapsed", s.timeElapsed == null ? undefined : formatDuration(s.timeElapsed)],
    ["Locations", s.runLocations],
    ["Run source", s.runSource ?? undefined],
    ["Link", s.checkSessionLink ?? undefined],
  ]);
  if (s.results.length) {
    out.section("Results");
    out.table(s.results, resultColumns(reasons, isPassive(String(s.checkType ?? ""))));
  }
}
