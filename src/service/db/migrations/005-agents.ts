/**
 * Private-location agents (src/service/agents/): the agents that made contact, and the queue of runs
 * waiting for or leased to them. A job is one attempt of one check at one private location; its lease says
 * which agent holds it and until when (a lapsed lease puts it back in the queue).
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 5,
  name: "agents",
  up(db) {
    db.exec(`
      CREATE TABLE agents (
        id TEXT PRIMARY KEY,
        location_id TEXT NOT NULL REFERENCES private_locations(id) ON DELETE CASCADE,
        version TEXT NOT NULL DEFAULT '',
        hostname TEXT NOT NULL DEFAULT '',
        concurrency INTEGER NOT NULL DEFAULT 1,
        running INTEGER NOT NULL DEFAULT 0,
        first_seen INTEGER NOT NULL,
        last_seen INTEGER NOT NULL,
        gone INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX agents_location ON agents (location_id, last_seen);

      CREATE TABLE agent_jobs (
        id TEXT PRIMARY KEY,
        location_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        check_id TEXT NOT NULL,
        timeout_ms INTEGER NOT NULL,
        status TEXT NOT NULL,
        lease_id TEXT,
        lease_agent TEXT,
        lease_until INTEGER,
        handed INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        queued_at INTEGER NOT NULL,
        done_at INTEGER
      );
      CREATE INDEX agent_jobs_queue ON agent_jobs (location_id, status, queued_at);
      CREATE INDEX agent_jobs_created ON agent_jobs (created_at);

      CREATE TABLE agent_alerts (
        location_id TEXT PRIMARY KEY REFERENCES private_locations(id) ON DELETE CASCADE,
        alerted_at INTEGER NOT NULL
      );
    `);
  },
};
