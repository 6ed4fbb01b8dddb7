/**
 * Indexes retention deletes by (src/service/repo/retention.ts): the age of runs, sessions, heartbeat events and
 * check alerts across all checks (including checks since deleted); and the latest updates of an incident
 * (repo/incidents.ts reads only the newest 100, so an incident with thousands stays cheap).
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 4,
  name: "retention",
  up(db) {
    db.exec(`
      CREATE INDEX check_results_started ON check_results (started_at);
      CREATE INDEX check_sessions_started ON check_sessions (started_at);
      CREATE INDEX heartbeat_events_ts ON heartbeat_events (ts);
      CREATE INDEX check_alerts_created ON check_alerts (created_at);
      CREATE INDEX incident_updates_latest ON incident_updates (incident_id, public_date, seq);
    `);
  },
};
