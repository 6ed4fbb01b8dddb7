/**
 * A heartbeat check in `vigil checks get` and `vigil checks list` (the real CLI against a real service on
 * loopback): its period, grace and ping URL, as the console shows it — never the frequency and the
 * response-time limits the API stores for every check (issue 25: "Heartbeats are shown with FREQ 10m and
 * response-time thresholds instead of their period and grace"), and no response time where a ping has none:
 * `check-statuses` and `check-alerts` said "0 ms" for a heartbeat ("the list shows RESP 0 ms").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_KEY,
  insertCheck,
  type TestService as RunsService,
  startTestService as startRunsService,
  type TempDb,
  tempDb,
} from "../service/runs/support.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { ScriptedServer } from "../support/scripted-server.ts";
import { until } from "../support/until.ts";
import { routes, runCli } from "./run-cli.ts";

let svc: TestService;
let heartbeatId: string;
let urlId: string;
const vigil = (args: string[]) =>
  runCli(args, { env: { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey } });

beforeAll(async () => {
  svc = await startTestService();
  const hb = await svc.call("POST", "/v1/checks/heartbeat", {
    name: "Nightly backup",
    activated: true,
    tags: ["jobs"],
    heartbeat: { period: 1, periodUnit: "days", grace: 30, graceUnit: "minutes" },
  });
  heartbeatId = hb.body.id;
  const url = await svc.call("POST", "/v1/checks/url", {
    name: "Home page",
    activated: true,
    frequency: 5,
    request: { url: "http://127.0.0.1:9/" },
  });
  urlId = url.body.id;
  // an hourly check, a heartbeat pinged every minute and a deactivated check that last passed
  const created = await Promise.all([
    svc.call("POST", "/v1/checks/url", {
      name: "Hourly report page",
      activated: true,
      frequency: 60,
      request: { url: "http://127.0.0.1:9/" },
    }),
    svc.call("POST", "/v1/checks/heartbeat", {
      name: "Minute job",
      activated: true,
      heartbeat: { period: 1, periodUnit: "minutes", grace: 1, graceUnit: "minutes" },
    }),
    svc.call("POST", "/v1/checks/heartbeat", {
      name: "Paused job",
      activated: true,
      heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" },
    }),
  ]);
  const paused = created[2]!.body;
  // its ping passes it, then it is deactivated: its status still says passing
  expect((await fetch(paused.heartbeat.pingUrl)).status).toBe(200);
  await until("the ping's status", 10_000, async () => {
    const st = await svc.call("GET", `/v1/check-statuses/${paused.id}`);
    return st.status === 200 && st.body.hasFailures === false;
  });
  const off = await svc.call("PUT", `/v1/checks/heartbeat/${paused.id}`, { ...paused, activated: false });
  expect(off.status).toBe(200);
});
afterAll(async () => {
  await svc?.dispose();
});

describe("a heartbeat check on the command line", () => {
  it("checks get: period, grace and the ping URL; no frequency, no response-time limits", async () => {
    const r = await vigil(["checks", "get", heartbeatId]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const stored = (await svc.call("GET", `/v1/checks/${heartbeatId}`)).body;
    expect(r.stdout).toMatch(/^Period: +every 24 h$/m);
    expect(r.stdout).toMatch(/^Grace: +30 min$/m);
    expect(r.stdout).toContain(stored.heartbeat.pingUrl);
    expect(r.stdout).toMatch(/^Ping URL: +http/m);
    expect(r.stdout).not.toMatch(/Frequency|Degraded after|Max response/);
    // the JSON is the API's, whole
    const json = JSON.parse((await vigil(["checks", "get", heartbeatId, "--json"])).stdout);
    expect(json.frequency).toBe(stored.frequency);
    expect(json.degradedResponseTime).toBe(stored.degradedResponseTime);
  });

  it("checks get of another type keeps its frequency and limits", async () => {
    const r = await vigil(["checks", "get", urlId]);
    expect(r.stdout).toMatch(/^Frequency: +5 min$/m);
    expect(r.stdout).toMatch(/^Degraded after: +\d+ ms$/m);
    expect(r.stdout).not.toMatch(/Period|Ping URL/);
  });

  it("trigger --tag selecting only heartbeat checks says so (exit 6); a tag no check carries is exit 3", async () => {
    const r = await vigil(["trigger", "--tag", "jobs"]);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "vigil: nothing to run: the checks the tags select cannot be triggered — heartbeat checks are passive: they run when pinged, not on trigger (Nightly backup)\n",
    );
    const none = await vigil(["trigger", "--tag", "no-such-tag"]);
    expect(none.code).toBe(3);
    expect(none.stderr).toBe("vigil: no check carries the tags given (--tag)\n");
  });

  it("checks list: FREQ is a heartbeat's period", async () => {
    const r = await vigil(["checks", "list"]);
    expect(r.code).toBe(0);
    const row = (name: string) => r.stdout.split("\n").find((l) => l.includes(name)) ?? "";
    expect(row("Nightly backup")).toMatch(/HEARTBEAT\b.*\b24 h\b/);
    expect(row("Nightly backup")).not.toMatch(/\b10 min\b/);
    expect(row("Home page")).toMatch(/\b5 min\b/);
  });

  // `vigil` piped and `checks list` print one FREQ wording: a frequency of 60 is "1 h" like an hourly
  // heartbeat's period, never "60 min" beside it nor a heartbeat's stored frequency (10 min); and a
  // deactivated check is "⊘ deactivated", never the "✔ passing" its last run left
  for (const [what, args] of [
    ["vigil (no terminal)", []],
    ["checks list", ["checks", "list"]],
  ] as const)
    it(`${what}: FREQ in one wording, a heartbeat's its period; a deactivated check never passing`, async () => {
      const r = await vigil([...args]);
      expect(r.code).toBe(0);
      const row = (name: string) => r.stdout.split("\n").find((l) => l.includes(name)) ?? "";
      expect(row("Hourly report page")).toMatch(/URL +.*\b1 h\b/);
      expect(r.stdout).not.toMatch(/\b60 min\b/);
      expect(row("Minute job")).toMatch(/HEARTBEAT +.*\b1 min\b/);
      expect(row("Paused job")).toMatch(/HEARTBEAT +.*\b1 h\b/);
      expect(row("Nightly backup")).toMatch(/HEARTBEAT +.*\b24 h\b/);
      expect(r.stdout).not.toMatch(/HEARTBEAT +.*\b10 min\b/);
      expect(row("Paused job")).toMatch(/⊘ deactivated/);
      expect(row("Paused job")).not.toMatch(/passing/);
    });
});

describe("a heartbeat has no response time", () => {
  const MIN = 60_000;
  let t: TempDb;
  let runs: RunsService;
  let hbId: string;
  let tcpId: string;
  // the service's clock, moved past period + grace so the heartbeat fails and raises an alert
  let clock = Date.now() - 30 * MIN;
  const cli = (args: string[]) => runCli(args, { env: { VIGIL_BASE_URL: runs.url, VIGIL_API_KEY: API_KEY } });

  beforeAll(async () => {
    t = tempDb();
    hbId = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      name: "Cron job",
      doc: {
        heartbeat: { period: 1, periodUnit: "minutes", grace: 1, graceUnit: "minutes", pingToken: "tok-rt" },
      },
    });
    tcpId = insertCheck(t.db, { checkType: "TCP", name: "Queue port", frequency: 10 });
    runs = await startRunsService(t, { now: () => clock });
    expect((await fetch(`${runs.url}/ping/tok-rt`)).status).toBe(200);
    clock += 3 * MIN;
    runs.engine.heartbeatTick();
    await until("the heartbeat failing", 10_000, async () => {
      const res = await fetch(`${runs.url}/v1/check-statuses/${hbId}`, { headers: runs.headers });
      return res.ok && ((await res.json()) as { hasFailures: boolean }).hasFailures;
    });
  });
  afterAll(async () => {
    await runs?.close();
    t?.cleanup();
  });

  it("check-statuses list and get: — for its shortest and longest run, not 0 ms", async () => {
    const list = await cli(["check-statuses", "list"]);
    // the TCP check here never ran: counted, the only note
    expect(list.stderr).toBe(
      "1 check has no status (not run yet, or not listed by the service): vigil checks list shows every check\n",
    );
    const row = list.stdout.split("\n").find((l) => l.includes("Cron job")) ?? "";
    expect(row).toMatch(/✖ failing/);
    expect(row).not.toMatch(/\b0 ms\b/);
    const get = await cli(["check-statuses", "get", hbId]);
    expect(get.stdout).toMatch(/^Shortest run: +— \(its runs are pings: no response time\)$/m);
    expect(get.stdout).toMatch(/^Longest run: +— /m);
    // the JSON is the service's, whole
    const json = JSON.parse((await cli(["check-statuses", "get", hbId, "--json"])).stdout);
    expect(json.shortestRun).toBe(0);
  });

  it("checks results and sessions get: — for a ping's response time", async () => {
    const results = await cli(["checks", "results", hbId]);
    expect(results.stderr).toBe("");
    const rows = results.stdout.split("\n").filter((l) => /FINAL/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toMatch(/\b0 ms\b/);
      expect(row).toMatch(/ — /);
    }
    const [first] = JSON.parse((await cli(["checks", "results", hbId, "--json"])).stdout);
    expect(first.responseTime).toBe(0);
    const session = await cli(["sessions", "get", first.checkSessionId]);
    expect(session.stderr).toBe("");
    const row = session.stdout.split("\n").find((l) => l.includes(first.id)) ?? "";
    expect(row).toMatch(/FINAL/);
    expect(row).not.toMatch(/\b0 ms\b/);
  });

  it("check-alerts list: — for a heartbeat alert's response time, a TCP alert's kept", async () => {
    // the alerts as the service answers them (the service under test raises none: no alerting module)
    const srv = await new ScriptedServer().start();
    try {
      const alert = (name: string, checkType: string, responseTime: number) => ({
        id: `a-${name}`,
        name,
        checkId: name === "Cron job" ? hbId : tcpId,
        alertType: "ALERT_FAILURE",
        checkType,
        runLocation: "local",
        responseTime,
        error: "no ping received within period + grace",
        statusCode: null,
        created_at: new Date(clock).toISOString(),
      });
      srv.always(
        routes({
          "GET /v1/check-alerts": {
            json: [alert("Cron job", "HEARTBEAT", 0), alert("Queue port", "TCP", 12)],
          },
        }),
      );
      const r = await runCli(["check-alerts", "list"], {
        env: { VIGIL_BASE_URL: srv.url, VIGIL_API_KEY: API_KEY },
      });
      expect(r.stderr).toBe("");
      const row = (name: string) => r.stdout.split("\n").find((l) => l.includes(name)) ?? "";
      expect(row("Cron job")).toMatch(/ALERT_FAILURE/);
      expect(row("Cron job")).not.toMatch(/\b0 ms\b/);
      expect(row("Queue port")).toMatch(/\b12 ms\b/);
    } finally {
      await srv.close();
    }
  });
});
