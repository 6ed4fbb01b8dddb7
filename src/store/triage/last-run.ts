/**
 * A check's last run, one rule for the console's checks list, the overview and `vigil status`. A
 * heartbeat's run is a ping: the FAILING result the service records when one goes overdue is the service
 * noting that none came, never a ping (README) — counted as a run it made an overdue heartbeat's LAST RUN
 * read "<1 min ago" with no ping for over an hour. So for a passive check a failing status says nothing
 * of its last ping (the status is that FAILING result; a ping never fails), and its last ping is the
 * newest passing result held — else unknown ("—"), never the FAILING one's time.
 */
import { isPassive } from "../../contract/check-types.ts";
import { toEpochMs } from "../../shared/format.ts";

type StatusTime = {
  hasFailures?: boolean | null | undefined;
  hasErrors?: boolean | null | undefined;
  updated_at?: string | null | undefined;
};
type RunFlags = { hasFailures?: boolean | null | undefined; hasErrors?: boolean | null | undefined };

const failed = (r: RunFlags) => r.hasFailures === true || r.hasErrors === true;
const passive = (c: { checkType?: unknown }) => isPassive(String(c.checkType ?? ""));

/** Epoch ms of the last run the check's status records; NaN when unknown or (a failing heartbeat) no ping. */
export function statusRunAt(check: { checkType?: unknown }, status: StatusTime | undefined): number {
  if (!status) return Number.NaN;
  if (passive(check) && failed(status)) return Number.NaN;
  return toEpochMs(status.updated_at);
}

/** The newest run among results held newest first: for a heartbeat the newest ping (a passing result). */
export function newestRun<R extends RunFlags>(
  check: { checkType?: unknown },
  newestFirst: readonly R[] | undefined,
): R | undefined {
  if (!newestFirst?.length) return undefined;
  return passive(check) ? newestFirst.find((r) => !failed(r)) : newestFirst[0];
}
