/** The real CLI against a scripted server: reads, --json vs tables, sanitising, masking, errors. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedServer } from "../support/scripted-server.ts";
import { RAW_CONTROL, routes, runCli, tempHome } from "./run-cli.ts";

const KEY = "sk_test_cli_0123456789abcdefSECRET";
const servers: ScriptedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(): Promise<{ srv: ScriptedServer; env: Record<string, string> }> {
  const srv = await new ScriptedServer().start();
  servers.push(srv);
  return { srv, env: { VIGIL_BASE_URL: srv.url, VIGIL_API_KEY: KEY } };
}

const HOSTILE = [
  "wipe\u001b[2J\u001b[Hscreen",
  "clip\u001b]52;c;ZWNobyBwd25lZA==\u0007board",
  "bidi\u202etxt.exe\u2066x\u2069",
  "c1\u009b31mred\u009d0;title\u009cend",
  "link\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\",
];
const checks = HOSTILE.map((name, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  name,
  checkType: i === 0 ? "URL" : "NEWTYPE\u001b[31m",
  activated: true,
  muted: false,
  frequency: 5,
  tags: [`t\u0007ag${i}`],
  futureField: { nested: [1, 2] },
}));
const statuses = [{ checkId: checks[0]!.id, hasFailures: true, hasErrors: false, isDegraded: false }];

describe("vigil checks", () => {
  it.concurrent("--json prints the server's JSON as is (every page joined)", async () => {
    const { srv, env } = await server();
    srv.always(routes({ "GET /v1/checks": (r) => ({ json: r.query.get("page") === "1" ? checks : [] }) }));
    const r = await runCli(["checks", "list", "--json"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(checks);
    expect(r.stdout).toBe(`${JSON.stringify(checks, null, 2)}\n`);
    expect(srv.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(srv.requests[0]?.query.get("limit")).toBe("100");
  });

  it.concurrent("the table sanitises hostile names: no escape, bidi or C1 reaches stdout raw", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "GET /v1/checks": (r) => ({ json: r.query.get("page") === "1" ? checks : [] }),
        "GET /v1/check-statuses": { json: statuses },
      }),
    );
    const r = await runCli(["checks", "list", "--tag", "prod", "--tag", "a,b"], { env });
    expect(r.code).toBe(0);
    expect(RAW_CONTROL.test(r.stdout), JSON.stringify(r.stdout)).toBe(false);
    expect(r.stdout).toContain("wipe␛[2J␛[Hscreen");
    expect(r.stdout).toContain("clip␛]52…board");
    expect(r.stdout).toContain("bidi\\u202etxt.exe");
    expect(r.stdout).toContain("c1␛[31mred␛]0…end");
    expect(r.stdout).toContain("t␇ag0");
    expect(r.stdout).not.toContain("evil.example");
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS/);
    expect(lines).toHaveLength(1 + checks.length);
    expect(lines[1]).toContain("✖ failing");
    expect(lines[2]).toContain("○ pending");
    // repeated --tag flags are sent as repeated query keys (tags may contain commas)
    expect(srv.requests[0]?.query.getAll("tag")).toEqual(["prod", "a,b"]);
  });

  it.concurrent("an API error is one line on stderr with its exit code (404: not found, 3)", async () => {
    const { srv, env } = await server();
    srv.always({ status: 404, json: { statusCode: 404, error: "Not Found", message: "No such check." } });
    const r = await runCli(["checks", "get", "x"], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("vigil: GET /v1/checks/x failed: 404 No such check.\n");
  });

  it.concurrent("the API key never appears, even when the server echoes it; hostile messages are sanitised", async () => {
    const { srv, env } = await server();
    srv.always({
      status: 401,
      json: {
        statusCode: 401,
        error: "Unauthorized",
        message: `Bad Token ${KEY}\u001b[2J\u001b]52;c;QUFB\u0007`,
      },
    });
    const r = await runCli(["alert-channels", "list"], { env });
    expect(r.code).toBe(4);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(r.stdout + r.stderr).not.toContain("0123456789abcdef");
    expect(RAW_CONTROL.test(r.stderr)).toBe(false);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^vigil: GET \/v1\/alert-channels failed: 401 Bad Token \.\.\.CRET␛\[2J␛\]52…\n$/,
    );
  });

  it.concurrent("a malformed or mis-shaped answer is exit 1 with one line, no stack trace", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "GET /v1/locations": { body: "{not json", headers: { "content-type": "application/json" } },
        "GET /v1/checks/c1": { json: { id: 42 } },
      }),
    );
    const [bad, shape] = await Promise.all([
      runCli(["locations", "list"], { env }),
      runCli(["checks", "get", "c1"], { env }),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      "vigil: GET /v1/locations: unexpected response shape at (root): body is not valid JSON\n",
    );
    expect(shape.code).toBe(1);
    expect(shape.stderr).toMatch(/^vigil: GET \/v1\/checks\/c1: unexpected response shape at id: .*\n$/);
    expect(shape.stderr).not.toMatch(/\n\s+at /);
  });

  it.concurrent("a network failure is exit 5 (unreachable) with one line", async () => {
    const srv = await new ScriptedServer().start();
    const url = srv.url;
    await srv.close();
    const r = await runCli(["locations", "list"], { env: { VIGIL_BASE_URL: url, VIGIL_API_KEY: KEY } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^vigil: GET \/v1\/locations failed: network error: .*\n$/);
    expect(r.stderr).not.toContain(KEY);
  });
});

describe("secrets in tables", () => {
  const channel = {
    id: 7,
    type: "WEBHOOK",
    config: {
      name: "ops hook",
      url: "https://user:hunter2pass@hooks.example/x",
      webhookSecret: "whsec_supersecretvalue1234",
      headers: [{ key: "Authorization", value: "Bearer tok_abcdefghijklmnop9876", locked: false }],
    },
    subscriptions: [{ id: 1, checkId: "c-1", groupId: null, activated: true }],
    sendFailure: true,
    sendRecovery: true,
    sendDegraded: false,
  };

  it.concurrent("alert-channels get masks the webhook secret, auth headers and URL passwords", async () => {
    const { srv, env } = await server();
    srv.always(routes({ "GET /v1/alert-channels/7": { json: channel } }));
    const r = await runCli(["alert-channels", "get", "7"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("supersecretvalue");
    expect(r.stdout).not.toContain("abcdefghijklmnop");
    expect(r.stdout).not.toContain("hunter2pass");
    expect(r.stdout).toContain("...1234");
    expect(r.stdout).toContain("ops hook");
    expect(r.stdout).toContain("Subscriptions");
  });

  it.concurrent("private-locations get masks raw keys and proxy credentials", async () => {
    const { srv, env } = await server();
    const loc = {
      id: "pl-1",
      name: "Office",
      slugName: "office",
      proxyUrl: "http://proxyuser:proxypass123@proxy.local:3128",
      created_at: "2026-11-20",
      keys: [{ id: "k1", rawKey: "pl_0123456789abcdef0123456789abcdef", maskedKey: "...cdef" }],
      agentCount: 2,
    };
    srv.always(routes({ "GET /v1/private-locations/pl-1": { json: loc } }));
    const r = await runCli(["private-locations", "get", "pl-1"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("pl_0123456789abcdef");
    expect(r.stdout).not.toContain("proxypass123");
    expect(r.stdout).toContain("...cdef");
    expect(r.stdout).toMatch(/Agents:\s+2/);
  });
});

describe("sessions, analytics, heartbeats", () => {
  it.concurrent("analytics url sends the documented query and prints a row per data point", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "GET /v1/analytics/url-monitors/c1": {
          json: {
            checkId: "c1",
            name: "Homepage",
            checkType: "URL",
            series: [
              {
                runLocation: "eu-west-1",
                data: [{ timestamp: "2026-11-21T00:00:00Z", availability: 99.5, responseTime_avg: 120.25 }],
              },
              {
                runLocation: "us-east-1",
                data: { timestamp: "2026-11-21T00:00:00Z", availability: 100, responseTime_avg: 80 },
              },
            ],
            metadata: {
              availability: { unit: "percentage", label: "Availability", aggregation: "avg" },
              responseTime_avg: { unit: "milliseconds", label: "Response time", aggregation: "avg" },
            },
          },
        },
      }),
    );
    const r = await runCli(
      [
        "analytics",
        "url",
        "c1",
        "--metrics",
        "availability,responseTime_avg",
        "--from",
        "1763683200",
        "--to",
        "1763769600",
        "--interval",
        "60",
        "--group-by",
        "runLocation",
        "--filter",
        "failure",
        "--limit",
        "5",
        "--page",
        "2",
      ],
      { env },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const q = srv.requests[0]!.query;
    expect(Object.fromEntries(q)).toEqual({
      metrics: "availability,responseTime_avg",
      from: "1763683200",
      to: "1763769600",
      aggregationInterval: "60",
      groupBy: "runLocation",
      filterByStatus: "failure",
      limit: "5",
      page: "2",
    });
    expect(r.stdout).toMatch(/eu-west-1\s+2026-11-21 00:00:00Z\s+99\.50%\s+120\.25 ms/);
    expect(r.stdout).toMatch(/us-east-1\s+2026-11-21 00:00:00Z\s+100%\s+80 ms/);
  });

  it.concurrent("analytics draws each metric on the report's time grid: gaps, 0–100 %, from 0 to the max", async () => {
    const { srv, env } = await server();
    const at = (h: number) => `2026-11-21T${String(h).padStart(2, "0")}:00:00.000Z`;
    srv.always(
      routes({
        "GET /v1/analytics/url-monitors/c1": {
          json: {
            checkId: "c1",
            from: at(0),
            to: at(6),
            series: [
              {
                data: [
                  { timestamp: at(0), availability: 100, responseTime_avg: 100 },
                  { timestamp: at(1), availability: 99, responseTime_avg: 90 },
                  // 02:00–04:00: no runs
                  { timestamp: at(4), availability: 50, responseTime_avg: 200 },
                  { timestamp: at(5), availability: 100, responseTime_avg: 100 },
                ],
              },
            ],
            metadata: {
              availability: { unit: "percentage", label: "Availability", aggregation: "avg" },
              responseTime_avg: { unit: "milliseconds", label: "Response time", aggregation: "avg" },
            },
          },
        },
      }),
    );
    const r = await runCli(
      ["analytics", "url", "c1", "--metrics", "availability,responseTime_avg", "--interval", "60"],
      { env },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("6 h · 1 h buckets");
    expect(r.stdout).toMatch(/Availability +█▇··▄█ min 50% {2}last 100%/);
    expect(r.stdout).toMatch(/Response time +▄▄··█▄ max 200 ms {2}last 100 ms/);
    expect(r.stdout).toMatch(/\n {14}00:00 {2}06:00 UTC\n/);
  });

  it.concurrent("heartbeats events lists events and the success ratios", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "GET /v1/checks/heartbeats/hb1/events": {
          json: [
            {
              events: [
                {
                  id: "e1",
                  state: "LATE",
                  timestamp: "2026-11-21T06:00:00Z",
                  source: "cron\u001b[2J",
                  userAgent: "curl/8",
                },
              ],
              stats: {
                last24Hours: {
                  successRatio: { previousPeriod: 100, currentPeriod: 87.5 },
                  totalEntitiesCurrentPeriod: 8,
                },
              },
            },
          ],
        },
      }),
    );
    const r = await runCli(
      ["heartbeats", "events", "hb1", "--limit", "5", "--from", "2026-11-20T06:00:00Z"],
      { env },
    );
    expect(r.code).toBe(0);
    expect(srv.requests[0]!.query.get("limit")).toBe("5");
    expect(srv.requests[0]!.query.get("startTime")).toBe("2026-11-20T06:00:00.000Z");
    expect(r.stdout).toContain("▲ LATE");
    expect(r.stdout).toContain("cron␛[2J");
    expect(r.stdout).toMatch(/last 24 hours\s+87\.5%\s+100%\s+8/);
    expect(RAW_CONTROL.test(r.stdout)).toBe(false);
  });

  it.concurrent("without a base URL the CLI uses the local service recorded in the data dir", async () => {
    const srv = await new ScriptedServer().start();
    servers.push(srv);
    srv.always(routes({ "GET /v1/locations": { json: [{ region: "eu-west-1", name: "Ireland" }] } }));
    const home = tempHome();
    const dataDir = join(home, "data", "vigil");
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, "service.json"), JSON.stringify({ url: srv.url, pid: process.pid }));
    writeFileSync(join(dataDir, "api-key"), "local-key-0123456789abcdef\n", { mode: 0o600 });
    const r = await runCli(["locations", "list"], { home });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^REGION\s+NAME\neu-west-1\s+Ireland\n$/);
    expect(srv.requests[0]?.headers.authorization).toBe("Bearer local-key-0123456789abcdef");
  });
});
