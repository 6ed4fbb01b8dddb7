/**
 * Retention on a real SQLite file with a moving clock: old runs, sessions, heartbeat events and finished
 * deliveries go; recent ones, running sessions and pending deliveries stay; heartbeat events are capped
 * per check. And a corrupt read while running: a 500 that names the database, logged once.
 */

import { rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/service/app/app.ts";
import type { ServiceContext } from "../../src/service/context.ts";
import { openDataDir } from "../../src/service/db/data-dir.ts";
import { createRetention } from "../../src/service/repo/retention.ts";
import { openRepo } from "../../src/service/repo/store.ts";
import { generate } from "../bench/history.ts";
import { startTestService, type TestService, tempDir } from "./support.ts";

const DAY = 86_400_000;

describe("retention", () => {
  let svc: TestService;
  let clock = Date.parse("2026-01-01T00:00:00Z");
  beforeAll(async () => {
    svc = await startTestService({ now: () => clock });
  });
  afterAll(async () => {
    await svc.dispose();
  });

  it("deletes what is older than the window, keeps the rest", async () => {
    const check = (
      await svc.call("POST", "/v1/checks/url", { name: "r", request: { url: "http://127.0.0.1:9/" } })
    ).body;
    const run = async () => {
      const t = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
      await svc.call("GET", `/v1/check-sessions/${t.body.sessions[0].checkSessionId}/completion`);
    };
    await run(); // day 0
    clock += 20 * DAY;
    await run(); // day 20
    clock += 15 * DAY; // now day 35: the day-0 run is older than 30 days
    const before = (await svc.call("GET", `/v1/check-results/${check.id}`)).headers.get("content-range");
    expect(before).toBe("0-1/2");
    const swept = await svc.retention.sweep();
    expect(swept.check_results).toBe(1);
    expect(swept.check_sessions).toBe(1);
    const after = await svc.call("GET", `/v1/check-results/${check.id}`);
    expect(after.headers.get("content-range")).toBe("0-0/1");
    expect(Date.parse(after.body[0].startedAt)).toBeGreaterThan(clock - 30 * DAY);
  });

  it("caps heartbeat events per check, newest kept", async () => {
    const dir = tempDir();
    const db = new DatabaseSync(join(dir, "r.db"));
    db.exec("CREATE TABLE heartbeat_events (id TEXT PRIMARY KEY, check_id TEXT, state TEXT, ts INTEGER)");
    for (const t of ["check_results", "check_sessions", "check_alerts", "alert_deliveries", "agent_jobs"])
      db.exec(
        `CREATE TABLE ${t} (id TEXT, started_at INTEGER, created_at INTEGER, stopped_at INTEGER, status TEXT)`,
      );
    const ins = db.prepare("INSERT INTO heartbeat_events VALUES (?, ?, 'RECEIVED', ?)");
    const now = Date.now();
    // one transaction: 1,210 single-row commits are 1,210 syncs of the file (seconds on a busy disk)
    db.exec("BEGIN");
    for (let i = 0; i < 1200; i++) ins.run(`a${i}`, "a", now - i * 1000);
    for (let i = 0; i < 10; i++) ins.run(`b${i}`, "b", now - i * 1000);
    db.exec("COMMIT");
    const r = createRetention(db, () => now, { maxEventsPerCheck: 1000, batch: 100, pauseMs: 0 });
    const swept = await r.sweep();
    expect(swept.heartbeat_events).toBe(200);
    const left = db
      .prepare(
        "SELECT check_id, COUNT(*) AS n, MIN(ts) AS oldest FROM heartbeat_events GROUP BY check_id ORDER BY check_id",
      )
      .all();
    expect(left).toEqual([
      { check_id: "a", n: 1000, oldest: now - 999 * 1000 },
      { check_id: "b", n: 10, oldest: now - 9000 },
    ]);
    db.close();
  });
});

describe("freed space goes back to the file system", () => {
  it("a new data dir's database shrinks after a sweep deletes half of it", async () => {
    const dir = tempDir();
    const { db, file } = await openDataDir(dir);
    try {
      // incremental auto_vacuum, set before the first transaction on the new file (the lock's)
      expect(db.prepare("PRAGMA auto_vacuum").get()).toEqual({ auto_vacuum: 2 });
      const now = Date.parse("2026-03-01T00:00:00Z");
      // 2 checks × 6,000 runs over 60 days: half of them past a 30-day window
      generate(db, now, 2, 6000, Math.round((60 * DAY) / 6000));
      const size = () => {
        db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        return statSync(file).size;
      };
      const before = size();
      const deleted = await createRetention(db, () => now, { pauseMs: 0 }).sweep();
      expect(deleted.check_results).toBeGreaterThan(5900);
      expect(size()).toBeLessThan(before * 0.75);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a corrupt read while running", () => {
  it("answers 500 naming the database, and logs it once", async () => {
    // a real SQLite corruption error: from a file that is not a database
    const dir = tempDir();
    const file = join(dir, "broken.db");
    writeFileSync(file, "not a database at all ".repeat(100));
    const broken = new DatabaseSync(file);
    const logged: unknown[] = [];
    const app = createApp({ repo: openRepo(broken) } as unknown as ServiceContext, {
      apiKey: "k",
      defaultAccountId: "a",
      databaseFile: file,
      logError: (e) => logged.push(e),
      modules: [
        {
          register(a) {
            a.get("/v1/boom", (c) => c.json(broken.prepare("SELECT * FROM checks").all()));
          },
        },
      ],
    });
    for (let i = 0; i < 3; i++) {
      const res = await app.request("/v1/boom", { headers: { authorization: "Bearer k" } });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(
        new RegExp(`^The database ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is corrupt \\(`),
      );
    }
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as Error).message)).toContain("restore a backup");
  });
});
