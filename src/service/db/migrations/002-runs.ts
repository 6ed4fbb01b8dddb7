/**
 * Run data: check sessions, check results (one row per attempt/final run, with one numeric column per
 * analytics metric so reports read plain columns through an index), heartbeat pings and events.
 *
 * Times are stored as integer milliseconds since the epoch (cheap range scans); routes format them as ISO.
 * `is_demo` marks rows inserted by the demo backfill.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 2,
  name: "runs",
  up(db) {
    db.exec(`
      CREATE TABLE check_sessions (
        id TEXT PRIMARY KEY,
        check_id TEXT NOT NULL,
        check_type TEXT NOT NULL,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        run_source TEXT,
        run_locations TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        stopped_at INTEGER,
        is_demo INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX check_sessions_check ON check_sessions (check_id, started_at);
      CREATE INDEX check_sessions_status ON check_sessions (status) WHERE stopped_at IS NULL;

      CREATE TABLE check_results (
        id TEXT PRIMARY KEY,
        session_id TEXT,
        check_id TEXT NOT NULL,
        check_type TEXT NOT NULL,
        name TEXT NOT NULL,
        run_location TEXT NOT NULL,
        result_type TEXT NOT NULL,
        has_failures INTEGER NOT NULL,
        has_errors INTEGER NOT NULL,
        is_degraded INTEGER NOT NULL,
        over_max INTEGER NOT NULL,
        aborted INTEGER NOT NULL DEFAULT 0,
        is_cancelled INTEGER NOT NULL DEFAULT 0,
        response_time REAL,
        status_code INTEGER,
        attempts INTEGER NOT NULL DEFAULT 1,
        retries INTEGER NOT NULL DEFAULT 0,
        started_at INTEGER NOT NULL,
        stopped_at INTEGER NOT NULL,
        error_message TEXT,
        m_wait REAL, m_dns REAL, m_tcp REAL, m_first_byte REAL, m_download REAL,
        m_total REAL, m_connection REAL, m_data REAL,
        m_ttfb REAL, m_fcp REAL, m_lcp REAL, m_cls REAL, m_tbt REAL,
        m_console_errors REAL, m_network_errors REAL, m_user_script_errors REAL, m_document_errors REAL,
        page_index INTEGER,
        detail TEXT,
        is_demo INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX check_results_check_time ON check_results (check_id, result_type, started_at);
      CREATE INDEX check_results_session ON check_results (session_id);

      CREATE TABLE heartbeat_events (
        id TEXT PRIMARY KEY,
        check_id TEXT NOT NULL,
        state TEXT NOT NULL,
        ts INTEGER NOT NULL,
        source TEXT NOT NULL DEFAULT '',
        user_agent TEXT NOT NULL DEFAULT '',
        is_ping INTEGER NOT NULL,
        is_demo INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX heartbeat_events_check_time ON heartbeat_events (check_id, ts);
    `);
  },
};
