/**
 * Checks found by their type: the heartbeat monitor asks every scheduler tick (each second) for the
 * activated heartbeat checks, which without an index was a scan of every check — ~35 ms of every second
 * at 100,000 checks, the service's thread held the while. The list's `checkType` filter uses it too.
 */
import type { Migration } from "./index.ts";

export const migration: Migration = {
  version: 9,
  name: "checks-by-type",
  up(db) {
    db.exec("CREATE INDEX checks_type ON checks (check_type)");
  },
};
