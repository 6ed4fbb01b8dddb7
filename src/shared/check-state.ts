/**
 * A check's state from its latest status (api-notes §3.2), the one rule the console, the CLI and the store
 * share: failing if failures or errors, else degraded, else passing; no status row: pending. A latest run
 * that could not be made here ("cannot run", e.g. no usable browser, no agent) is none of these.
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
