/** The stored rows an analytics report is computed from (analytics/report.ts): runs, or heartbeat events. */
import type { DatabaseSync } from "node:sqlite";
import type { Row } from "./rows.ts";
import { cached } from "./statements.ts";

/** FINAL results in the window: started_at, pass/fail, retries and the columns asked for. */
export function resultRows(
  db: DatabaseSync,
  checkId: string,
  from: number,
  to: number,
  status: readonly string[] | undefined,
  extra: string[],
): Row[] {
  const filter = new Set(status ?? ["success", "failure"]);
  let statusClause = "";
  if (filter.size === 1)
    statusClause = filter.has("success")
      ? " AND has_failures = 0 AND has_errors = 0"
      : " AND (has_failures = 1 OR has_errors = 1)";
  const select = ["started_at", "has_failures", "has_errors", "retries", ...extra];
  // runs that could not be made here (cancelled: no usable browser, ...) measured nothing
  const sql = `SELECT ${select.join(", ")} FROM check_results WHERE check_id = ? AND result_type = 'FINAL' AND is_cancelled = 0 AND started_at >= ? AND started_at <= ?${statusClause}`;
  return cached(db, sql).all(checkId, from, to);
}

/**
 * A heartbeat report reads the check's events (api-notes §3.5): each event counts once, a FAILING one as a
 * failure (so availability is the share of events that were not FAILING), retries are 0, and
 * `filterByStatus` selects event states.
 */
export function heartbeatRows(
  db: DatabaseSync,
  checkId: string,
  from: number,
  to: number,
  states: readonly string[] | undefined,
): Row[] {
  const inStates = states?.length ? ` AND state IN (${states.map(() => "?").join(", ")})` : "";
  const sql = `SELECT ts AS started_at, (state = 'FAILING') AS has_failures, 0 AS has_errors, 0 AS retries FROM heartbeat_events WHERE check_id = ? AND ts >= ? AND ts <= ?${inStates}`;
  return cached(db, sql).all(checkId, from, to, ...(states ?? []));
}
