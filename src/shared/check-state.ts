/**
 * A check's state from its status (api-notes §3.2), the one rule the console, the CLI and the store
 * share: failing if failures or errors, else degraded, else passing; no status row: pending. A run that
 * could not be made ("cannot run", e.g. no usable browser, no agent) is none of these. vigil's service
 * decides the status per location (the worst of each location's latest result; cannot run only when no
 * location has a verdict: src/service/repo/run-queries.ts), the hosted API by the latest result alone; the
 * console reads whichever it is given, and derives since when from results by vigil's rule
 * (src/store/triage/timeline.ts).
 */
export type CheckState = "failing" | "degraded" | "passing" | "pending" | "cannot run";

export type StatusFlags = {
  hasFailures?: boolean | null;
  hasErrors?: boolean | null;
  isDegraded?: boolean | null;
  cannotRun?: boolean | null;
};

export function checkState(status: StatusFlags | undefined | null): CheckState {
  if (!status) return "pending";
  if (status.cannotRun) return "cannot run";
  if (status.hasFailures || status.hasErrors) return "failing";
  if (status.isDegraded) return "degraded";
  return "passing";
}
