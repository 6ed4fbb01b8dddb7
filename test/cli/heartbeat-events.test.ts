/**
 * `vigil heartbeats events` against a real service on loopback (its clock moved by the test): without
 * `--limit` every event of the window, read page after page (the API serves 10 a request) — it listed the
 * newest 10 of a 24 h window and said nothing of the rest; `--json` the same one-entry array, its events
 * joined; `--limit N` one request; the PINGS column counts the pings folded into an event.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY,
  insertCheck,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "../service/runs/support.ts";
import { runCli } from "./run-cli.ts";

const MIN = 60_000;
let t: TempDb;
let svc: TestService;
let checkId: string;
let silentId: string;
// the service's clock, moved by the test: 35 pings a minute apart within the last hour of the real clock
let clock = Date.now() - 60 * MIN;
const PINGS = 35;

const vigil = (args: string[]) => runCli(args, { env: { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: API_KEY } });
const ping = () => fetch(`${svc.url}/ping/tok-events`, { headers: { "user-agent": "cron/1" } });

beforeAll(async () => {
  t = tempDb();
  checkId = insertCheck(t.db, {
    checkType: "HEARTBEAT",
    name: "Every minute",
    doc: {
      heartbeat: {
        period: 1,
        periodUnit: "minutes",
        grace: 30,
        graceUnit: "seconds",
        pingToken: "tok-events",
      },
    },
  });
  silentId = insertCheck(t.db, {
    checkType: "HEARTBEAT",
    name: "Never pinged",
    doc: {
      heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes", pingToken: "tok-silent" },
    },
  });
  svc = await startTestService(t, { now: () => clock });
  for (let i = 0; i < PINGS; i++) {
    expect((await ping()).status).toBe(200);
    if (i === PINGS - 1) {
      // the newest event stands for three pings (folded within a second)
      expect((await ping()).status).toBe(200);
      expect((await ping()).status).toBe(200);
    }
    clock += MIN;
  }
});
afterAll(async () => {
  await svc?.close();
  t?.cleanup();
});

describe("vigil heartbeats events", () => {
  it("lists every event of the window, newest first, each with its pings", async () => {
    const r = await vigil(["heartbeats", "events", checkId]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/.test(l));
    expect(rows).toHaveLength(PINGS);
    expect(rows[0]).toMatch(/×3/);
    expect(rows.slice(1).every((l) => /×1\b/.test(l))).toBe(true);
    expect(r.stdout).toMatch(/^TIME +STATE +PINGS +SOURCE/m);
  });

  it("--json: the API's one-entry array with every event joined; --limit N is one request of N", async () => {
    const all = JSON.parse((await vigil(["heartbeats", "events", checkId, "--json"])).stdout);
    expect(all).toHaveLength(1);
    expect(all[0].events).toHaveLength(PINGS);
    expect(new Set(all[0].events.map((e: { id: string }) => e.id)).size).toBe(PINGS);
    expect(all[0].events[0].pingCount).toBe(3);
    expect(all[0].stats.last24Hours.totalEntitiesCurrentPeriod).toBeGreaterThan(0);

    const page = JSON.parse(
      (await vigil(["heartbeats", "events", checkId, "--limit", "4", "--json"])).stdout,
    );
    expect(page).toHaveLength(1);
    expect(page[0].events.map((e: { id: string }) => e.id)).toEqual(
      all[0].events.slice(0, 4).map((e: { id: string }) => e.id),
    );
  });

  it("--from narrows the window", async () => {
    const from = new Date(clock - 10 * MIN - 30_000).toISOString();
    const r = JSON.parse((await vigil(["heartbeats", "events", checkId, "--from", from, "--json"])).stdout);
    expect(r[0].events).toHaveLength(10);
  });

  it("a window without a ping has no success ratio: — where the service says 100 %", async () => {
    const r = await vigil(["heartbeats", "events", silentId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^last 24 hours +— +\S+ +0$/m);
    const json = JSON.parse((await vigil(["heartbeats", "events", silentId, "--json"])).stdout);
    expect(json[0].stats.last24Hours.successRatio.currentPeriod).toBe(100);
  });
});
