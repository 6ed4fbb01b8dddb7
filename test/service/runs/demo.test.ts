import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { backfillHistory } from "../../../src/service/demo/backfill.ts";
import { startDemoHeartbeatJob } from "../../../src/service/demo/heartbeat-job.ts";
import { startDemoTarget } from "../../../src/service/demo/target.ts";
import { openRepo } from "../../../src/service/repo/store.ts";
import { heartbeatConfig, pingState } from "../../../src/service/runners/heartbeat.ts";
import { pastTime, until } from "../../support/until.ts";
import { httpTarget, insertCheck, type TempDb, tempDb } from "./support.ts";

describe("demo target", () => {
  it("serves the demo endpoints and echoes on its TCP port", async () => {
    const target = await startDemoTarget();
    try {
      const health = await fetch(`${target.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const login = await fetch(`${target.url}/login`);
      expect(login.headers.get("content-type")).toContain("text/html");
      expect(await login.text()).toContain("<form");
      const checkout = await Promise.all(
        Array.from({ length: 40 }, () => fetch(`${target.url}/api/checkout`).then((r) => r.status)),
      );
      expect(checkout.every((s) => s === 200 || s === 500)).toBe(true);
      expect((await fetch(`${target.url}/nope`)).status).toBe(404);
      const echoed = await new Promise<string>((resolve, reject) => {
        const s = net.connect(target.tcpPort, "127.0.0.1", () => s.write("hello"));
        s.on("data", (d) => {
          resolve(d.toString());
          s.destroy();
        });
        s.on("error", reject);
      });
      expect(echoed).toBe("hello");
    } finally {
      await target.close();
    }
  });
});

describe("demo heartbeat job", () => {
  it("pings the URL periodically with POST", async () => {
    const pings: string[] = [];
    const sink = await httpTarget((req, res) => {
      pings.push(`${req.method} ${req.headers["user-agent"]}`);
      res.end("OK");
    });
    const job = startDemoHeartbeatJob({ pingUrl: `${sink.url}/ping/x`, periodMs: 40 });
    await until("three pings", 5000, () => pings.length >= 3);
    await job.stop(); // a ping in flight at stop() has landed once this resolves
    const n = pings.length;
    // an absence: no ping after stop — wait past the latest moment the next one was due (1.6 periods)
    await pastTime(Date.now() + 2 * 40);
    expect(pings.length).toBe(n);
    expect(n).toBeGreaterThanOrEqual(3);
    expect(pings[0]).toMatch(/^POST vigil-demo-job/);
    await sink.close();
  });
});

describe("demo backfill", () => {
  let t: TempDb;
  afterEach(() => t.cleanup());

  it("inserts marked history per check once, spaced at ≥ 5 minutes", () => {
    t = tempDb();
    const now = Date.parse("2026-05-01T00:00:00Z");
    const url = insertCheck(t.db, { checkType: "URL", frequency: 1, locations: ["eu-west-1", "us-east-1"] });
    const tcp = insertCheck(t.db, { checkType: "TCP", frequency: 10 });
    const hb = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      doc: { heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" } },
    });
    const first = backfillHistory(openRepo(t.db), { days: 2, now });
    const count = (id: string) =>
      t.db
        .prepare(
          "SELECT COUNT(*) AS n, MIN(is_demo) AS demo, MAX(started_at) AS last FROM check_results WHERE check_id = ?",
        )
        .get(id) as {
        n: number;
        demo: number;
        last: number;
      };
    expect(count(url).n).toBe(575); // 2 days / 5 min, the last slot left for real runs
    expect(count(url).demo).toBe(1);
    expect(count(url).last).toBeLessThan(now);
    expect(count(tcp).n).toBe(287);
    const events = t.db
      .prepare("SELECT COUNT(*) AS n FROM heartbeat_events WHERE check_id = ? AND is_demo = 1")
      .get(hb) as { n: number };
    expect(events.n).toBe(47);
    // each ping with its result, as a live ping stores one: the heartbeat has a status and a last run
    expect(count(hb)).toEqual({ n: 47, demo: 1, last: now - 3_600_000 });
    expect(first.results).toBe(575 + 287 + 47);
    const locations = t.db
      .prepare("SELECT DISTINCT run_location AS l FROM check_results WHERE check_id = ? ORDER BY l")
      .all(url) as { l: string }[];
    expect(locations.map((r) => r.l)).toEqual(["eu-west-1", "us-east-1"]);
    expect(backfillHistory(openRepo(t.db), { days: 2, now })).toEqual({ results: 0, events: 0 });
  });

  it("stores each heartbeat event with the state a live ping would get against the one before", () => {
    t = tempDb();
    const now = Date.parse("2026-05-01T00:00:00Z");
    const hb = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      doc: { heartbeat: { period: 1, periodUnit: "minutes", grace: 30, graceUnit: "seconds" } },
    });
    backfillHistory(openRepo(t.db), { days: 2, now });
    const rows = t.db
      .prepare("SELECT state, ts FROM heartbeat_events WHERE check_id = ? ORDER BY ts")
      .all(hb) as { state: string; ts: number }[];
    expect(rows.length).toBe(2000);
    const cfg = heartbeatConfig({
      heartbeat: { period: 1, periodUnit: "minutes", grace: 30, graceUnit: "seconds" },
    });
    rows.forEach((r, i) => {
      expect(r.state, `event ${i} at ${r.ts}`).toBe(pingState(cfg, i === 0 ? null : rows[i - 1]!.ts, r.ts));
    });
    // each event's result says what it was, and none is a failure (every event is a ping)
    const results = t.db
      .prepare(
        "SELECT started_at AS ts, has_failures AS f, detail FROM check_results WHERE check_id = ? ORDER BY started_at",
      )
      .all(hb) as { ts: number; f: number; detail: string }[];
    expect(results.map((r) => r.ts)).toEqual(rows.map((r) => r.ts));
    expect(results.every((r) => r.f === 0)).toBe(true);
    expect(JSON.parse(results.at(-1)!.detail)).toMatchObject({
      heartbeatEvent: { state: rows.at(-1)!.state },
    });
    // a late one and the on-time one after it are both there (5 % are late, over 2,000 events)
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(["RECEIVED", "GRACE", "EARLY"]));
  });
});
