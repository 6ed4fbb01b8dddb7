/** Stored heartbeat events (pings and missed periods), read by the heartbeats routes. */
import type { DatabaseSync } from "node:sqlite";
import type { CheckRow } from "../engine/checks.ts";
import { cached } from "./statements.ts";

export type EventRow = { id: string; state: string; ts: number; source: string; user_agent: string };

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
      "SELECT id, state, ts, source, user_agent FROM heartbeat_events WHERE check_id = ? AND ts >= ? AND ts < ? ORDER BY ts DESC LIMIT ?",
    )
    .all(checkId, start, end, limit) as EventRow[];
}

export function heartbeatEvent(db: DatabaseSync, checkId: string, id: string): EventRow | undefined {
  return db
    .prepare("SELECT id, state, ts, source, user_agent FROM heartbeat_events WHERE check_id = ? AND id = ?")
    .get(checkId, id) as EventRow | undefined;
}

/** The heartbeat check a ping token belongs to. */
export function heartbeatByToken(db: DatabaseSync, token: string): string | undefined {
  return (
    cached(
      db,
      "SELECT id FROM checks WHERE check_type = 'HEARTBEAT' AND json_extract(doc, '$.heartbeat.pingToken') = ?",
    ).get(token) as { id: string } | undefined
  )?.id;
}

/** The time of a check's newest event (its period's anchor), null before the first. */
export function lastEventAt(db: DatabaseSync, checkId: string): number | null {
  return (
    (
      cached(db, "SELECT MAX(ts) AS ts FROM heartbeat_events WHERE check_id = ?").get(checkId) as
        | { ts: number | null }
        | undefined
    )?.ts ?? null
  );
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

/** The stored rows of the activated heartbeat checks (the monitor looks for overdue ones). */
export function activeHeartbeatRows(db: DatabaseSync): CheckRow[] {
  return cached(
    db,
    "SELECT id, name, check_type, activated, muted, frequency, tags, locations, doc FROM checks WHERE check_type = 'HEARTBEAT' AND activated = 1",
  ).all() as CheckRow[];
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
  ).get(checkId, from, to) as { total: number; ok: number | null };
  return { total: r.total, ok: r.ok ?? 0 };
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
