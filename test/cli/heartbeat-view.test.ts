/**
 * A heartbeat check in `vigil checks get` and `vigil checks list` (the real CLI against a real service on
 * loopback): its period, grace and ping URL, as the console shows it — never the frequency and the
 * response-time limits the API stores for every check (issue 25: "Heartbeats are shown with FREQ 10m and
 * response-time thresholds instead of their period and grace").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../service/support.ts";
import { runCli } from "./run-cli.ts";

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

  it("checks list: FREQ is a heartbeat's period", async () => {
    const r = await vigil(["checks", "list"]);
    expect(r.code).toBe(0);
    const row = (name: string) => r.stdout.split("\n").find((l) => l.includes(name)) ?? "";
    expect(row("Nightly backup")).toMatch(/HEARTBEAT\b.*\b24 h\b/);
    expect(row("Nightly backup")).not.toMatch(/\b10 min\b/);
    expect(row("Home page")).toMatch(/\b5 min\b/);
  });
});
