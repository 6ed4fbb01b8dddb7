/**
 * Read queries over run data for the check-results and check-statuses routes.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { flag, num, numOrNull, present, text, textOrNull } from "./rows.ts";
import { type ResultRow, resultFromRaw } from "./runs.ts";
import { cached } from "./statements.ts";

export type ResultFilter = {
  from?: number | undefined; // ms, inclusive
  to?: number | undefined; // ms, inclusive
  location?: string | undefined;
  checkType?: string | undefined;
  hasFailures?: boolean | undefined;
  resultType?: "FINAL" | "ATTEMPT" | "ALL" | undefined;
};

function where(checkId: string, f: ResultFilter): { sql: string; params: SQLInputValue[] } {
  const parts = ["check_id = ?"];
  const params: SQLInputValue[] = [checkId];
  const rt = f.resultType ?? "FINAL";
  if (rt !== "ALL") {
    parts.push("result_type = ?");
    params.push(rt);
  }
  if (f.from !== undefined) {
    parts.push("started_at >= ?");
    params.push(f.from);
  }
  if (f.to !== undefined) {
    parts.push("started_at <= ?");
    params.push(f.to);
  }
  if (f.location) {
    parts.push("run_location = ?");
    params.push(f.location);
  }
  if (f.checkType) {
    parts.push("check_type = ?");
    params.push(f.checkType);
  }
  if (f.hasFailures !== undefined)
    parts.push(
      f.hasFailures ? "(has_failures = 1 OR has_errors = 1)" : "(has_failures = 0 AND has_errors = 0)",
    );
  return { sql: parts.join(" AND "), params };
}

/** Page/limit listing, newest first. */
export function listResults(
  db: DatabaseSync,
  checkId: string,
  f: ResultFilter,
  limit: number,
  page: number,
): ResultRow[] {
  const w = where(checkId, f);
  const rows = cached(
    db,
    `SELECT * FROM check_results WHERE ${w.sql} ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
  ).all(...w.params, limit, (page - 1) * limit);
  return rows.map(resultFromRaw);
}

/** How many results match (the total of the v1 paged list). */
export function countResults(db: DatabaseSync, checkId: string, f: ResultFilter): number {
  const w = where(checkId, f);
  const r = cached(db, `SELECT COUNT(*) AS n FROM check_results WHERE ${w.sql}`).get(...w.params);
  return r ? num(r, "n") : 0;
}

function encodeCursor(r: ResultRow): string {
  return Buffer.from(`${r.startedAt}|${r.id}`).toString("base64url");
}

function decodeCursor(s: string): { t: number; id: string } | undefined {
  const [t, id] = Buffer.from(s, "base64url").toString("utf8").split("|");
  const n = Number(t);
  return Number.isFinite(n) && id ? { t: n, id } : undefined;
}

/** Cursor listing, newest first; `nextId` is null on the last page. Undefined when the cursor is invalid. */
export function pageResults(
  db: DatabaseSync,
  checkId: string,
  f: ResultFilter,
  limit: number,
  nextId: string | undefined,
): { entries: ResultRow[]; nextId: string | null } | undefined {
  const w = where(checkId, f);
  let sql = w.sql;
  const params = [...w.params];
  if (nextId) {
    const c = decodeCursor(nextId);
    if (!c) return undefined;
    sql += " AND (started_at < ? OR (started_at = ? AND id < ?))";
    params.push(c.t, c.t, c.id);
  }
  const rows = cached(
    db,
    `SELECT * FROM check_results WHERE ${sql} ORDER BY started_at DESC, id DESC LIMIT ?`,
  )
    .all(...params, limit + 1)
    .map(resultFromRaw);
  const entries = rows.slice(0, limit);
  const last = entries[entries.length - 1];
  return { entries, nextId: rows.length > limit && last ? encodeCursor(last) : null };
}

/** What a status says of the latest FINAL result (the columns it reads, nothing parsed beyond them). */
export type StatusLatest = {
  id: string;
  runLocation: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  errorMessage: string | null;
  stoppedAt: number;
};

export type StatusRow = {
  latest: StatusLatest;
  longestRun: number | null;
  shortestRun: number | null;
};

/**
 * What checkStatus remembers per check, so GET /v1/check-statuses over 100,000 checks every 10 s does not
 * ask SQLite 200,000 questions each time: a check's status stands until a result of it is stored (found
 * by the rowids stored since the last look — whatever code stored it), or its 24-hour range loses its
 * oldest run (`rangeUntil`). Dropped whole when results are deleted (`resultsPruned`, which retention
 * calls; nothing else deletes results) or another connection committed (`PRAGMA data_version`), and never used inside a transaction.
 */
type StatusMemo = {
  version: number;
  /** The highest check_results rowid looked at. */
  seen: number;
  byCheck: Map<string, { status: StatusRow | undefined; at: number; rangeUntil: number }>;
};
const statusMemos = new WeakMap<DatabaseSync, StatusMemo>();

const prunes = new WeakMap<DatabaseSync, number>();

/** Results were deleted (retention): what checkStatus remembers is dropped. */
export function resultsPruned(db: DatabaseSync): void {
  statusMemos.delete(db);
  prunes.set(db, prunesOf(db) + 1);
}

/** How many times results were deleted through this handle (a status cursor's era, status-changes.ts). */
export function prunesOf(db: DatabaseSync): number {
  return prunes.get(db) ?? 0;
}

function statusMemo(db: DatabaseSync): StatusMemo | undefined {
  if (db.isTransaction) return undefined;
  const version = num(
    present(cached(db, "PRAGMA data_version").get(), "PRAGMA data_version"),
    "data_version",
  );
  const top =
    numOrNull(present(cached(db, "SELECT MAX(rowid) AS n FROM check_results").get(), "MAX(rowid)"), "n") ?? 0;
  let m = statusMemos.get(db);
  if (!m || m.version !== version || top < m.seen) {
    m = { version, seen: top, byCheck: new Map() };
    statusMemos.set(db, m);
  } else if (top > m.seen) {
    const stored = cached(db, "SELECT DISTINCT check_id FROM check_results WHERE rowid > ?").all(m.seen);
    for (const r of stored) m.byCheck.delete(text(r, "check_id"));
    m.seen = top;
  }
  return m;
}

/**
 * The latest FINAL result of a check plus its longest and shortest response time over the last 24 h
 * (a choice: the hosted description does not say over which period). Undefined when it never ran.
 * Only the columns a status shows are read: GET /v1/check-statuses asks this of every check (10,000 at
 * once for the console's first screen), and the result's stored detail (assertions, timings, logs) is
 * neither read nor parsed for it. Remembered until it can change (StatusMemo).
 */
export function checkStatus(db: DatabaseSync, checkId: string, now: number): StatusRow | undefined {
  return statusOf(db, statusMemo(db), checkId, now);
}

/** checkStatus of many checks (GET /v1/check-statuses): what was remembered is checked once, not per check. */
export function checkStatuses(
  db: DatabaseSync,
  checkIds: readonly string[],
  now: number,
): (StatusRow | undefined)[] {
  const memo = statusMemo(db);
  return checkIds.map((id) => statusOf(db, memo, id, now));
}

function statusOf(
  db: DatabaseSync,
  memo: StatusMemo | undefined,
  checkId: string,
  now: number,
): StatusRow | undefined {
  const known = memo?.byCheck.get(checkId);
  if (known && now >= known.at && now < known.rangeUntil) return known.status;
  const latest = cached(
    db,
    "SELECT id, run_location, has_failures, has_errors, is_degraded, is_cancelled, error_message, stopped_at FROM check_results WHERE check_id = ? AND result_type = 'FINAL' ORDER BY started_at DESC LIMIT 1",
  ).get(checkId);
  if (!latest) {
    memo?.byCheck.set(checkId, { status: undefined, at: now, rangeUntil: Number.POSITIVE_INFINITY });
    return undefined;
  }
  const range = cached(
    db,
    "SELECT MAX(response_time) AS longest, MIN(response_time) AS shortest, MIN(started_at) AS oldest FROM check_results WHERE check_id = ? AND result_type = 'FINAL' AND started_at >= ?",
  ).get(checkId, now - 86_400_000);
  const oldest = range ? numOrNull(range, "oldest") : null;
  const status: StatusRow = {
    latest: {
      id: text(latest, "id"),
      runLocation: text(latest, "run_location"),
      hasFailures: flag(latest, "has_failures"),
      hasErrors: flag(latest, "has_errors"),
      isDegraded: flag(latest, "is_degraded"),
      isCancelled: flag(latest, "is_cancelled"),
      errorMessage: textOrNull(latest, "error_message"),
      stoppedAt: num(latest, "stopped_at"),
    },
    longestRun: range ? numOrNull(range, "longest") : null,
    shortestRun: range ? numOrNull(range, "shortest") : null,
  };
  // the range holds until its oldest run leaves the 24 h window
  const rangeUntil = oldest === null ? Number.POSITIVE_INFINITY : oldest + 86_400_000;
  memo?.byCheck.set(checkId, { status, at: now, rangeUntil });
  return status;
}
