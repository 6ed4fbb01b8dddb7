/**
 * A version of the alert channels list: one row, `alert_channels_version.version`, bumped by the database
 * itself on every row written to or removed from `alert_channels` or `alert_subscriptions` — a channel
 * created, updated, touched or deleted, a subscription set or dropped, a check's deletion (its
 * subscriptions go by ON DELETE CASCADE, and SQLite runs a table's triggers for the rows a cascade
 * deletes), whoever writes: this version, an older one opened on the same file, or another process. The
 * list's answer is built from those two tables only, so an unchanged version is an unchanged answer: GET
 * /v1/alert-channels gives it as its ETag and answers a matching If-None-Match with 304 without reading
 * a channel (src/service/app/alert-channels.ts). At 10,000 checks the full answer is ~4.7 MB and ~70 ms
 * of the service's CPU; the version is one row read. The triggers cost ~1 µs a row written (10,000
 * subscriptions inserted in one transaction: 7 → 15 ms, in memory).
 */
import type { Migration } from "./index.ts";

const TABLES = ["alert_channels", "alert_subscriptions"] as const;
const EVENTS = ["INSERT", "UPDATE", "DELETE"] as const;

export const migration: Migration = {
  version: 10,
  name: "channels-version",
  up(db) {
    const triggers = TABLES.flatMap((t) =>
      EVENTS.map(
        (e) => `CREATE TRIGGER ${t}_version_${e.toLowerCase()} AFTER ${e} ON ${t} BEGIN
          UPDATE alert_channels_version SET version = version + 1;
        END;`,
      ),
    );
    db.exec(`
      CREATE TABLE alert_channels_version (version INTEGER NOT NULL);
      INSERT INTO alert_channels_version (version) VALUES (1);
      ${triggers.join("\n")}
    `);
  },
};
