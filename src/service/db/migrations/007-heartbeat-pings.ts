/**
 * Coalesced heartbeat pings (engine/heartbeats.ts): pings to one check that arrive within about a second
 * of a stored ping are folded into that event instead of a row each. `extra_pings` counts the pings folded
 * in after the event's own (0 for every event stored before this migration, which stood for one ping or,
 * for a FAILING event, none) and `last_ping_at` is the newest of them (NULL: the event's own `ts`), the
 * check's timer anchor. Nothing already stored is rewritten.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 7,
  name: "heartbeat-pings",
  up(db) {
    db.exec(`
      ALTER TABLE heartbeat_events ADD COLUMN extra_pings INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE heartbeat_events ADD COLUMN last_ping_at INTEGER;
    `);
  },
};
