/** Shared rendering of check sessions (trigger, sessions get|wait) and the pass/fail rule for exit codes. */
import type {
  CheckSession,
  CheckSessionDetail,
  CheckSessionResult,
} from "../../api/schemas/check-sessions.ts";
import { formatDuration, formatMs, formatTimestamp, statusSymbol } from "../../shared/format.ts";
import type { Column, Output } from "../output.ts";

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

const resultColumns: Column<CheckSessionResult>[] = [
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
  { header: "RESPONSE", get: (r) => formatMs(r.responseTime), align: "right" },
  { header: "STARTED", get: (r) => formatTimestamp(r.startedAt) },
  { header: "RESULT ID", get: (r) => r.checkResultId },
];

export function printSessionDetail(out: Output, s: CheckSessionDetail): void {
  out.detail([
    ["Session ID", s.checkSessionId],
    ["Check", s.name ?? undefined],
    ["Check ID", s.checkId],
    ["Type", s.checkType],
    ["Status", statusText(s.status)],
    ["Started", s.startedAt ? formatTimestamp(s.startedAt) : undefined],
    ["Stopped", s.stoppedAt ? formatTimestamp(s.stoppedAt) : undefined],
    ["Elapsed", s.timeElapsed == null ? undefined : formatDuration(s.timeElapsed)],
    ["Locations", s.runLocations],
    ["Run source", s.runSource ?? undefined],
    ["Link", s.checkSessionLink ?? undefined],
  ]);
  if (s.results.length) {
    out.section("Results");
    out.table(s.results, resultColumns);
  }
}
