/**
 * Read queries over run data for the check-results and check-statuses routes.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { flag, num, numOrNull, present, type Row, text, textOrNull } from "./rows.ts";
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

/** What a status says of the result that decides it (the columns it reads, nothing parsed beyond them). */
export type StatusLatest = {
  id: string;
  runLocation: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  errorMessage: string | null;
  startedAt: number;
  stoppedAt: number;
};

export type StatusRow = {
  /** The result that decides the status (decidingResult), not necessarily the newest. */
  latest: StatusLatest;
  /**
   * When the check's newest FINAL result stopped (epoch ms; the status's `updated_at`): the status was
   * last confirmed then, whichever result decides it — a client that reads a check's results again when
   * this moves (the console's RESP, LAST RUN) sees every run, not only those that change the verdict.
   */
  updatedAt: number;
  longestRun: number | null;
  shortestRun: number | null;
};

/** What a status is decided for: the check and the locations it runs in now (CheckHead). */
export type StatusCheck = { id: string; statusLocations: readonly string[]; locationsKey: string };

/**
 * How far back a location's latest result still counts: one day before the check's newest FINAL result
 * (of any location). A location that stopped reporting for longer (an agent gone for good before the
 * cannot-run results existed, a location renamed) no longer holds the check failing. Measured from the
 * newest result, not the clock, so that a status changes only when a result is stored or the check is
 * written — what the memo below and the status deltas (status-changes.ts) rely on.
 */
export const LOCATION_WINDOW_MS = 86_400_000;

/** failing over degraded over passing; cannot run only when no location has a real verdict. */
function rank(r: StatusLatest): number {
  if (r.isCancelled) return 0;
  if (r.hasFailures || r.hasErrors) return 3;
  if (r.isDegraded) return 2;
  return 1;
}

/**
 * The result that decides a check's status, from the latest FINAL result of each location it runs in
 * now (`perLocation`, any order): the worst of them — failing (failures or errors) over degraded over
 * passing, a run that could not be made ("cannot run") only when no location has a real verdict — and
 * among the results in that state the newest. Undefined for none. Pure.
 */
export function decidingResult<T extends StatusLatest>(perLocation: readonly T[]): T | undefined {
  let out: T | undefined;
  for (const r of perLocation) {
    if (!out) {
      out = r;
      continue;
    }
    const d = rank(r) - rank(out);
    if (d > 0 || (d === 0 && r.startedAt > out.startedAt)) out = r;
  }
  return out;
}

const LATEST_COLUMNS =
  "id, run_location, has_failures, has_errors, is_degraded, is_cancelled, error_message, started_at, stopped_at";

function latestOf(r: Row): StatusLatest {
  return {
    id: text(r, "id"),
    runLocation: text(r, "run_location"),
    hasFailures: flag(r, "has_failures"),
    hasErrors: flag(r, "has_errors"),
    isDegraded: flag(r, "is_degraded"),
    isCancelled: flag(r, "is_cancelled"),
    errorMessage: textOrNull(r, "error_message"),
    startedAt: num(r, "started_at"),
    stoppedAt: num(r, "stopped_at"),
  };
}

/**
 * What checkStatus remembers per check, so GET /v1/check-statuses over 100,000 checks every 10 s does not
 * ask SQLite 200,000 questions each time: a check's status stands until a result of it is stored (found
 * by the rowids stored since the last look — whatever code stored it), the locations it runs in change
 * (`locationsKey`), or its 24-hour range loses its oldest run (`rangeUntil`). Dropped whole when results
 * are deleted (`resultsPruned`, which retention calls; nothing else deletes results) or another connection
 * committed (`PRAGMA data_version`), and never used inside a transaction.
 */
type StatusMemo = {
  version: number;
  /** The highest check_results rowid looked at. */
  seen: number;
  byCheck: Map<
    string,
    { status: StatusRow | undefined; at: number; rangeUntil: number; locationsKey: string }
  >;
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
 * A check's status: the result that decides it (decidingResult over the latest FINAL result of each
 * location it runs in now, those within LOCATION_WINDOW_MS of its newest) plus its longest and shortest
 * response time over the last 24 h (a choice: the hosted description does not say over which period).
 * Results of a location the check no longer runs in do not count — unless no location it runs in has a
 * result in the window (it was just moved): then its newest result, whatever its location, is the status
 * until one of them runs. Undefined when it never ran. Only the columns a status shows are read: GET
 * /v1/check-statuses asks this of every check (10,000 at once for the console's first screen), and the
 * result's stored detail (assertions, timings, logs) is neither read nor parsed for it. Remembered until
 * it can change (StatusMemo).
 */
export function checkStatus(db: DatabaseSync, check: StatusCheck, now: number): StatusRow | undefined {
  return statusOf(db, statusMemo(db), check, now);
}

/** checkStatus of many checks (GET /v1/check-statuses): what was remembered is checked once, not per check. */
export function checkStatuses(
  db: DatabaseSync,
  checks: readonly StatusCheck[],
  now: number,
): (StatusRow | undefined)[] {
  const memo = statusMemo(db);
  return checks.map((c) => statusOf(db, memo, c, now));
}

/**
 * The latest FINAL result of each of `locations` within the window, and the check's newest: the check's
 * newest results, as many as it has locations, answer it when its locations take turns or run together
 * (one indexed read of a few rows); a location not among them is looked for over the window in one more
 * read, only then (a location that has not run for a while: no walk through a day of results in JS).
 */
function latestPerLocation(
  db: DatabaseSync,
  checkId: string,
  locations: readonly string[],
): { newest: StatusLatest | undefined; found: StatusLatest[] } {
  // the limit written in the statement, not bound: a bound LIMIT made this read ~2.5× dearer (SQLite
  // plans the ORDER BY … LIMIT walk only for a constant); a few statements, one per count up to 16
  const n = Math.min(16, Math.max(1, locations.length));
  const rows = cached(
    db,
    `SELECT ${LATEST_COLUMNS} FROM check_results WHERE check_id = ? AND result_type = 'FINAL' ORDER BY started_at DESC LIMIT ${n}`,
  ).all(checkId);
  const top = rows[0];
  if (!top) return { newest: undefined, found: [] };
  const newest = latestOf(top);
  const from = newest.startedAt - LOCATION_WINDOW_MS;
  const wanted = new Set(locations);
  const found: StatusLatest[] = [];
  for (const [i, row] of rows.entries()) {
    if (!wanted.delete(text(row, "run_location"))) continue;
    const r = i === 0 ? newest : latestOf(row);
    if (r.startedAt >= from) found.push(r);
  }
  if (wanted.size > 0 && rows.length === n) {
    // SQLite's bare columns of a MAX() aggregate come from the row holding the maximum
    const more = cached(
      db,
      `SELECT ${LATEST_COLUMNS.replace("started_at", "MAX(started_at) AS started_at")} FROM check_results WHERE check_id = ? AND result_type = 'FINAL' AND started_at >= ? AND run_location IN (SELECT value FROM json_each(?)) GROUP BY run_location`,
    ).all(checkId, from, JSON.stringify([...wanted]));
    for (const r of more) found.push(latestOf(r));
  }
  return { newest, found };
}

function statusOf(
  db: DatabaseSync,
  memo: StatusMemo | undefined,
  check: StatusCheck,
  now: number,
): StatusRow | undefined {
  const checkId = check.id;
  const known = memo?.byCheck.get(checkId);
  if (known && now >= known.at && now < known.rangeUntil && known.locationsKey === check.locationsKey)
    return known.status;
  const { newest, found } = latestPerLocation(db, checkId, check.statusLocations);
  const locationsKey = check.locationsKey;
  if (!newest) {
    memo?.byCheck.set(checkId, {
      status: undefined,
      at: now,
      rangeUntil: Number.POSITIVE_INFINITY,
      locationsKey,
    });
    return undefined;
  }
  const range = cached(
    db,
    "SELECT MAX(response_time) AS longest, MIN(response_time) AS shortest, MIN(started_at) AS oldest FROM check_results WHERE check_id = ? AND result_type = 'FINAL' AND started_at >= ?",
  ).get(checkId, now - 86_400_000);
  const oldest = range ? numOrNull(range, "oldest") : null;
  const latest = decidingResult(found) ?? newest;
  const status: StatusRow = {
    latest,
    updatedAt: Math.max(newest.stoppedAt, latest.stoppedAt),
    longestRun: range ? numOrNull(range, "longest") : null,
    shortestRun: range ? numOrNull(range, "shortest") : null,
  };
  // the range holds until its oldest run leaves the 24 h window
  const rangeUntil = oldest === null ? Number.POSITIVE_INFINITY : oldest + 86_400_000;
  memo?.byCheck.set(checkId, { status, at: now, rangeUntil, locationsKey });
  return status;
}
