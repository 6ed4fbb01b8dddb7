/**
 * Workspace resources: checks, alert channels and their subscriptions, private locations and keys, status
 * pages with cards, services, incidents and incident updates, plus a small key/value `meta` table.
 *
 * Times are stored as full ISO strings (ms, Z); routes format them per resource (YYYY-MM-DD for status-page
 * resources, ISO seconds for alert channels, ...). `seq` columns give a stable insertion order for cursors.
 * The `checks` table layout is a contract with the run engine (service-contract.md); do not change it here.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 1,
  name: "core",
  up(db) {
    db.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE checks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        check_type TEXT NOT NULL,
        activated INTEGER NOT NULL,
        muted INTEGER NOT NULL,
        frequency INTEGER NOT NULL,
        tags TEXT NOT NULL,
        locations TEXT NOT NULL,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX checks_created ON checks (created_at);

      CREATE TABLE alert_channels (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL,
        config TEXT NOT NULL,
        send_recovery INTEGER NOT NULL,
        send_failure INTEGER NOT NULL,
        send_degraded INTEGER NOT NULL,
        ssl_expiry INTEGER NOT NULL,
        ssl_expiry_threshold INTEGER NOT NULL,
        auto_subscribe INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE alert_subscriptions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
        check_id TEXT REFERENCES checks(id) ON DELETE CASCADE,
        group_id INTEGER,
        activated INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX alert_subscriptions_check ON alert_subscriptions (channel_id, check_id) WHERE check_id IS NOT NULL;
      CREATE UNIQUE INDEX alert_subscriptions_group ON alert_subscriptions (channel_id, group_id) WHERE group_id IS NOT NULL;
      CREATE INDEX alert_subscriptions_by_check ON alert_subscriptions (check_id);

      CREATE TABLE private_locations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        slug_name TEXT NOT NULL UNIQUE,
        icon TEXT NOT NULL,
        proxy_url TEXT,
        last_seen TEXT,
        agent_count INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE private_location_keys (
        id TEXT PRIMARY KEY,
        location_id TEXT NOT NULL REFERENCES private_locations(id) ON DELETE CASCADE,
        key_hash TEXT NOT NULL,
        masked_key TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );

      CREATE TABLE services (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE service_checks (
        service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
        check_id TEXT NOT NULL REFERENCES checks(id) ON DELETE CASCADE,
        PRIMARY KEY (service_id, check_id)
      );

      CREATE TABLE status_pages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        url TEXT NOT NULL UNIQUE,
        custom_domain TEXT UNIQUE,
        doc TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE status_page_cards (
        id TEXT PRIMARY KEY,
        status_page_id TEXT NOT NULL REFERENCES status_pages(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE card_services (
        card_id TEXT NOT NULL REFERENCES status_page_cards(id) ON DELETE CASCADE,
        service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        PRIMARY KEY (card_id, service_id)
      );

      CREATE TABLE incidents (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        severity TEXT NOT NULL,
        /* lastUpdateStatus used while the incident has no updates */
        fallback_status TEXT NOT NULL DEFAULT 'INVESTIGATING',
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE TABLE incident_services (
        incident_id TEXT NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
        service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        PRIMARY KEY (incident_id, service_id)
      );
      CREATE TABLE incident_updates (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        incident_id TEXT NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
        description TEXT NOT NULL,
        status TEXT NOT NULL,
        public_date TEXT NOT NULL,
        notify_subscribers INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE INDEX incident_updates_incident ON incident_updates (incident_id, seq);
    `);
  },
};
