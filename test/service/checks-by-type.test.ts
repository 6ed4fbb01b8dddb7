/**
 * Migration 9: the heartbeat monitor's read every scheduler tick (the activated heartbeat checks) is a
 * search of the type index on a real SQLite file, not a scan of every check, and finds what it found.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PASSIVE_TYPES } from "../../src/contract/check-types.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { checkOf } from "../../src/service/engine/checks.ts";
import { insertCheck, PASSIVE_SQL } from "../../src/service/repo/checks.ts";
import { activeHeartbeats } from "../../src/service/repo/heartbeat-events.ts";
import { tempDir } from "./support.ts";

describe("migration 9 (checks by type)", () => {
  it("the activated heartbeat checks are found through the index", () => {
    const dir = tempDir("vigil-mig9-");
    try {
      const db = openDatabase(join(dir, "vigil.db"));
      const add = (i: number, checkType: string, activated: boolean) =>
        insertCheck(
          db,
          checkOf(
            { name: `c${i}`, activated, muted: false, frequency: 10, tags: [], locations: [] },
            {
              id: `id-${i}`,
              checkType,
              createdAt: "2026-11-01T00:00:00Z",
              updatedAt: "2026-11-01T00:00:00Z",
            },
          ),
        );
      for (let i = 0; i < 50; i++) add(i, i % 10 === 0 ? "HEARTBEAT" : "URL", i !== 20);
      expect(PASSIVE_TYPES).toEqual(["HEARTBEAT"]);
      expect(activeHeartbeats(db, () => {}).map((c) => c.id)).toEqual(["id-0", "id-10", "id-30", "id-40"]);
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id FROM checks WHERE check_type IN ${PASSIVE_SQL} AND activated = 1`,
        )
        .all()
        .map((r) => String(r.detail));
      expect(plan.join("; ")).toMatch(/USING INDEX checks_type/);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
