/**
 * Check alerts as the hosted `GET /v1/check-alerts` shows them (api-notes §3.5): what the run that raised
 * the alert saw — its error message and HTTP status code. Alerts recorded before this migration keep NULL
 * in both (read as "not recorded"); nothing already stored is rewritten.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 6,
  name: "check-alerts",
  up(db) {
    db.exec(`
      ALTER TABLE check_alerts ADD COLUMN error TEXT;
      ALTER TABLE check_alerts ADD COLUMN status_code INTEGER;
    `);
  },
};
