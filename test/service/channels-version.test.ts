/**
 * Migration 010 (the alert channels list's version, src/service/db/migrations/010-channels-version.ts) on a
 * data dir an older version made: its rows kept as they were, the version's triggers in place, any writer's
 * change to a channel or a subscription bumping it — and without the version's row, no version at all (the
 * list then answers with no ETag, never a 304 that could hide a write).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/service/db/migrations/index.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { channelsVersion } from "../../src/service/repo/alert-channels.ts";
import { tempDir } from "./support.ts";

const TRIGGERS = ["alert_channels", "alert_subscriptions"].flatMap((t) =>
  ["insert", "update", "delete"].map((e) => `${t}_version_${e}`),
);

const triggersOf = (db: DatabaseSync) =>
  db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_version_%' ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));

describe("the alert channels list's version (migration 010)", () => {
  it("keeps an older data dir's channels as they were and is bumped by any writer", () => {
    const dir = tempDir("vigil-mig10-");
    try {
      const file = join(dir, "vigil.db");
      const old = openDatabase(
        file,
        MIGRATIONS.filter((m) => m.version < 10),
      );
      old
        .prepare(
          `INSERT INTO alert_channels (type, config, send_recovery, send_failure, send_degraded, ssl_expiry,
             ssl_expiry_threshold, auto_subscribe, created_at, updated_at)
           VALUES ('EMAIL', '{"address":"a@example.com"}', 1, 1, 0, 0, 30, 0, '2026-11-01T00:00:00.000Z', NULL)`,
        )
        .run();
      old
        .prepare(
          "INSERT INTO alert_subscriptions (channel_id, check_id, group_id, activated) VALUES (1, NULL, 7, 1)",
        )
        .run();
      const rows = (db: DatabaseSync) => ({
        channels: db.prepare("SELECT * FROM alert_channels ORDER BY id").all(),
        subscriptions: db.prepare("SELECT * FROM alert_subscriptions ORDER BY id").all(),
      });
      const before = rows(old);
      old.close();

      let db = openDatabase(file);
      expect(rows(db)).toEqual(before);
      // every migration after 010 that rebuilt either table would drop its triggers with it: they must stay
      expect(triggersOf(db)).toEqual([...TRIGGERS].sort());
      const v0 = channelsVersion(db);
      expect(v0).toBeTypeOf("number");
      db.close();

      // another process's write (a raw connection, as an older version would write)
      const raw = new DatabaseSync(file);
      raw.prepare("UPDATE alert_channels SET updated_at = '2026-11-02T00:00:00.000Z' WHERE id = 1").run();
      raw.close();
      db = openDatabase(file);
      const v1 = channelsVersion(db) ?? Number.NaN;
      expect(v1).toBeGreaterThan(v0 ?? Number.POSITIVE_INFINITY);
      db.prepare("DELETE FROM alert_subscriptions WHERE channel_id = 1").run();
      const v2 = channelsVersion(db) ?? Number.NaN;
      expect(v2).toBeGreaterThan(v1);
      // a channel's deletion, and a subscription removed with it by the cascade
      db.prepare(
        "INSERT INTO alert_subscriptions (channel_id, check_id, group_id, activated) VALUES (1, NULL, 8, 1)",
      ).run();
      const v3 = channelsVersion(db) ?? Number.NaN;
      expect(v3).toBeGreaterThan(v2);
      db.prepare("DELETE FROM alert_channels WHERE id = 1").run();
      expect(channelsVersion(db) ?? Number.NaN).toBeGreaterThan(v3);
      expect(db.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions").get()?.n).toBe(0);

      // the version's row gone (a file edited by hand): no version, so no ETag and no 304
      db.prepare("DELETE FROM alert_channels_version").run();
      expect(channelsVersion(db)).toBeUndefined();
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
