/**
 * Alerting: per check+location alert state (escalation, reminders), the check alerts raised, the outbox of
 * deliveries (stored before they are sent) with one row per attempt, SSL alerts already sent, account
 * environment variables (user-defined template variables), and the email subscribers of status pages.
 *
 * Times are integer milliseconds since the epoch. A delivery's `secret` (webhook signing key) lives in its
 * own column so no read path that shows deliveries can leak it with the payload.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 3,
  name: "alerts",
  up(db) {
    db.exec(`
      CREATE TABLE alert_states (
        check_id TEXT NOT NULL,
        location TEXT NOT NULL,
        /* what was last announced: NONE | FAILURE | DEGRADED */
        alerted TEXT NOT NULL DEFAULT 'NONE',
        fail_streak INTEGER NOT NULL DEFAULT 0,
        degraded_streak INTEGER NOT NULL DEFAULT 0,
        failing_since INTEGER,
        degraded_since INTEGER,
        reminders_sent INTEGER NOT NULL DEFAULT 0,
        last_alert_at INTEGER,
        had_failure INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (check_id, location)
      );

      CREATE TABLE check_alerts (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        check_id TEXT NOT NULL,
        name TEXT NOT NULL,
        check_type TEXT NOT NULL,
        alert_type TEXT NOT NULL,
        run_location TEXT,
        response_time REAL,
        check_result_id TEXT,
        started_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX check_alerts_check ON check_alerts (check_id, created_at);

      CREATE TABLE alert_deliveries (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        channel_id INTEGER,
        channel_type TEXT NOT NULL,
        alert_id TEXT,
        alert_type TEXT,
        check_id TEXT,
        check_type TEXT,
        check_result_id TEXT,
        status_page_id TEXT,
        incident_id TEXT,
        alert_config TEXT NOT NULL,
        payload TEXT NOT NULL,
        secret TEXT,
        /* PENDING | SENDING | SUCCESS | FAILURE | RATE_LIMITED | SKIPPED */
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        max_attempts INTEGER NOT NULL,
        next_attempt_at INTEGER,
        last_status INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at) WHERE status = 'PENDING';
      CREATE INDEX alert_deliveries_sending ON alert_deliveries (status) WHERE status = 'SENDING';
      CREATE INDEX alert_deliveries_created ON alert_deliveries (created_at);

      CREATE TABLE alert_delivery_attempts (
        delivery_id TEXT NOT NULL REFERENCES alert_deliveries(id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        /* IN_PROGRESS | SUCCESS | FAILURE | INTERRUPTED */
        outcome TEXT NOT NULL,
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (delivery_id, attempt)
      );

      CREATE TABLE ssl_alerts_sent (
        check_id TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        valid_to INTEGER NOT NULL,
        sent_at INTEGER NOT NULL,
        PRIMARY KEY (check_id, channel_id, valid_to)
      );

      /* account environment variables (hosted /v1/variables); non-secret ones are template variables */
      CREATE TABLE environment_variables (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        locked INTEGER NOT NULL DEFAULT 0,
        secret INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE status_page_subscriptions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        status_page_id TEXT NOT NULL REFERENCES status_pages(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        address TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (status_page_id, address)
      );
    `);
  },
};
