/** Stored heartbeat events (pings and missed periods), read by the heartbeats routes and the monitor. */
import type { DatabaseSync } from "node:sqlite";
import type { CheckDef } from "../engine/checks.ts";
import { CHECK_COLUMNS, PASSIVE_SQL, parsedChecks } from "./checks.ts";
import { flag, num, numOrNull, type Row, text } from "./rows.ts";
import { cached } from "./statements.ts";

/**
 * One stored event. A ping event stands for `1 + extra_pings` pings (pings within about a second are folded
 * into one event: engine/heartbeats.ts); a FAILING event for none.
 */
export type EventRow = {
  id: string;
  state: string;
  ts: number;
  source: string;
  user_agent: string;
  is_ping: number;
  extra_pings: number;
};

const EVENT_COLUMNS = "id, state, ts, source, user_agent, is_ping, extra_pings";

const eventOf = (r: Row): EventRow => ({
  id: text(r, "id"),
  state: text(r, "state"),
  ts: num(r, "ts"),
  source: text(r, "source"),
  user_agent: text(r, "user_agent"),
  is_ping: num(r, "is_ping"),
  extra_pings: num(r, "extra_pings"),
});

/** How many pings an event stands for. */
export const pingCountOf = (e: Pick<EventRow, "is_ping" | "extra_pings">): number =>
  e.is_ping ? 1 + e.extra_pings : 0;

/** Events of a check in [start, end), newest first. */
export function heartbeatEvents(
  db: DatabaseSync,
  checkId: string,
  start: number,
  end: number,
  limit: number,
): EventRow[] {
  return db
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM heartbeat_events WHERE check_id = ? AND ts >= ? AND ts < ? ORDER BY ts DESC LIMIT ?`,
    )
    .all(checkId, start, end, limit)
    .map(eventOf);
}

export function heartbeatEvent(db: DatabaseSync, checkId: string, id: string): EventRow | undefined {
  const r = db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM heartbeat_events WHERE check_id = ? AND id = ?`)
    .get(checkId, id);
  return r ? eventOf(r) : undefined;
}

/** The heartbeat check a ping token belongs to. */
export function heartbeatByToken(db: DatabaseSync, token: string): string | undefined {
  const r = cached(
    db,
    `SELECT id FROM checks WHERE check_type IN ${PASSIVE_SQL} AND json_extract(doc, '$.heartbeat.pingToken') = ?`,
  ).get(token);
  return r ? text(r, "id") : undefined;
}

/** A check's newest event, as the monitor needs it: its timer anchor and whether a ping can join it. */
export type LatestEvent = {
  id: string;
  state: string;
  ts: number;
  isPing: boolean;
  /** The newest ping folded into it (its own `ts` when none): the check's timer anchor. */
  lastAt: number;
};

/** The newest event of a check (by time; pings folded in later are within a second of it), if any. */
export function latestEvent(db: DatabaseSync, checkId: string): LatestEvent | undefined {
  const r = cached(
    db,
    "SELECT id, state, ts, is_ping, last_ping_at FROM heartbeat_events WHERE check_id = ? ORDER BY ts DESC LIMIT 1",
  ).get(checkId);
  if (!r) return undefined;
  const ts = num(r, "ts");
  return {
    id: text(r, "id"),
    state: text(r, "state"),
    ts,
    isPing: flag(r, "is_ping"),
    lastAt: Math.max(ts, numOrNull(r, "last_ping_at") ?? ts),
  };
}

/** Folds one more ping, received at `at`, into the ping event `id`; the pings it now stands for. */
export function foldPing(db: DatabaseSync, id: string, at: number): number {
  const r = cached(
    db,
    "UPDATE heartbeat_events SET extra_pings = extra_pings + 1, last_ping_at = MAX(COALESCE(last_ping_at, ts), ?) WHERE id = ? RETURNING extra_pings",
  ).get(at, id);
  return 1 + (r ? num(r, "extra_pings") : 0);
}

export function insertEvent(
  db: DatabaseSync,
  e: {
    id: string;
    checkId: string;
    state: string;
    ts: number;
    source: string;
    userAgent: string;
    isPing: boolean;
  },
): void {
  cached(
    db,
    "INSERT INTO heartbeat_events (id, check_id, state, ts, source, user_agent, is_ping) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(e.id, e.checkId, e.state, e.ts, e.source, e.userAgent, e.isPing ? 1 : 0);
}

/** The activated heartbeat checks (the monitor looks for overdue ones); a damaged one goes to `onCorrupt`. */
export function activeHeartbeats(db: DatabaseSync, onCorrupt: (err: Error) => void): CheckDef[] {
  return parsedChecks(
    cached(
      db,
      `SELECT ${CHECK_COLUMNS} FROM checks WHERE check_type IN ${PASSIVE_SQL} AND activated = 1`,
    ).all(),
    onCorrupt,
  );
}

/** Events of a check in [from, to): how many, and how many were not FAILING. */
export function eventCounts(
  db: DatabaseSync,
  checkId: string,
  from: number,
  to: number,
): { total: number; ok: number } {
  const r = cached(
    db,
    "SELECT COUNT(*) AS total, SUM(CASE WHEN state = 'FAILING' THEN 0 ELSE 1 END) AS ok FROM heartbeat_events WHERE check_id = ? AND ts >= ? AND ts < ?",
  ).get(checkId, from, to);
  return r ? { total: num(r, "total"), ok: numOrNull(r, "ok") ?? 0 } : { total: 0, ok: 0 };
}

export function hasEvents(db: DatabaseSync, checkId: string): boolean {
  return cached(db, "SELECT 1 FROM heartbeat_events WHERE check_id = ? LIMIT 1").get(checkId) !== undefined;
}

/** A backfilled ping of the demo's heartbeat job (marked is_demo). */
export function insertDemoEvent(
  db: DatabaseSync,
  id: string,
  checkId: string,
  state: string,
  ts: number,
): void {
  cached(
    db,
    "INSERT INTO heartbeat_events (id, check_id, state, ts, source, user_agent, is_ping, is_demo) VALUES (?, ?, ?, ?, '', 'vigil-demo-job/1 (cron)', 1, 1)",
  ).run(id, checkId, state, ts);
}
