/** Stored heartbeat events (pings and missed periods), read by the heartbeats routes. */
import type { DatabaseSync } from "node:sqlite";

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
