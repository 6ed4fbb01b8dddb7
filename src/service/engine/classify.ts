/**
 * Turns a runner's raw outcome into the stored verdict: `shouldFail` inverts the pass/fail of a run that
 * completed (an error — the run could not be made — stays an error); above `maxResponseTime` the run
 * fails (`overMaxResponseTime`); above `degradedResponseTime` a passing run is degraded. Browser-type
 * checks have no degraded state (api-notes §6.3).
 */
import { canDegrade } from "../../contract/check-types.ts";
import type { RunOutcome } from "../runners/types.ts";
import type { CheckDef } from "./checks.ts";

export type Verdict = {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  overMaxResponseTime: boolean;
};

export function classify(check: CheckDef, out: RunOutcome): Verdict {
  let hasFailures = out.hasFailures;
  if (check.shouldFail && !out.hasErrors) hasFailures = !hasFailures;
  const rt = out.responseTime;
  const overMax = !out.hasErrors && rt !== null && rt > check.maxResponseTime;
  if (overMax) hasFailures = true;
  const failed = hasFailures || out.hasErrors;
  const isDegraded = !failed && canDegrade(check.checkType) && rt !== null && rt > check.degradedResponseTime;
  return { hasFailures, hasErrors: out.hasErrors, isDegraded, overMaxResponseTime: overMax };
}

/**
 * Terminal session status from its FINAL results. Runs that could not be made (cancelled, e.g. no usable
 * browser) do not count; a session with nothing but those is CANCELLED.
 */
export function sessionStatus(
  all: { hasFailures: boolean; hasErrors: boolean; isDegraded: boolean; isCancelled?: boolean }[],
): string {
  const finals = all.filter((r) => !r.isCancelled);
  if (finals.length === 0 && all.length > 0) return "CANCELLED";
  if (finals.some((r) => r.hasFailures || r.hasErrors)) return "FAILED";
  if (finals.some((r) => r.isDegraded)) return "DEGRADED";
  return "PASSED";
}
