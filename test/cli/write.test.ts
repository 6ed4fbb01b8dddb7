/** The real CLI against a scripted server: trigger/wait, creates and updates, read-only. */
import { afterAll, describe, expect, it } from "vitest";
import { ScriptedServer } from "../support/scripted-server.ts";
import { routes, runCli } from "./run-cli.ts";

const KEY = "sk_test_cli_write_0123456789abcdef";
const CHECK_ID = "6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
const servers: ScriptedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(): Promise<{ srv: ScriptedServer; env: Record<string, string> }> {
  const srv = await new ScriptedServer().start();
  servers.push(srv);
  return { srv, env: { VIGIL_BASE_URL: srv.url, VIGIL_API_KEY: KEY } };
}

const session = (id: string, name: string, status: string) => ({
  checkSessionId: id,
  checkId: `check-${id}`,
  checkType: "API",
  name,
  status,
  startedAt: "2026-11-21T07:00:00Z",
  stoppedAt: status.startsWith("P") && status !== "PASSED" ? null : "2026-11-21T07:00:02Z",
  timeElapsed: 2000,
  runLocations: ["eu-west-1"],
});

describe("vigil trigger", () => {
  it.concurrent("sends the tag expressions and ids, waits for every session, exits 1 when one failed", async () => {
    const { srv, env } = await server();
    let polls1 = 0;
    srv.always(
      routes({
        "POST /v1/check-sessions/trigger": {
          status: 201,
          json: { sessions: [session("s1", "api ok", "STARTED"), session("s2", "api bad", "STARTED")] },
        },
        "GET /v1/check-sessions/s1/completion": () =>
          ++polls1 === 1
            ? {
                status: 408,
                json: { statusCode: 408, error: "Request Time-out", message: "still running" },
                headers: { "retry-after": "0" },
              }
            : { json: { ...session("s1", "api ok", "PASSED"), results: [] } },
        "GET /v1/check-sessions/s2/completion": {
          json: { ...session("s2", "api bad", "FAILED"), results: [] },
        },
        // a --check id is read first: an unknown one is not found (3), a heartbeat is refused (6)
        [`GET /v1/checks/${CHECK_ID}`]: { json: { id: CHECK_ID, name: "api", checkType: "API" } },
      }),
    );
    const r = await runCli(
      ["trigger", "--tag", "prod,api", "--tag", "smoke !flaky", "--check", CHECK_ID, "--wait"],
      { env },
    );
    expect(r.code).toBe(1);
    const body = srv.requests.find((q) => q.method === "POST")?.json;
    expect(body).toEqual({
      target: {
        matchTags: [
          ["prod", "api"],
          ["smoke", "!flaky"],
        ],
        checkId: [CHECK_ID],
      },
    });
    expect(polls1).toBe(2);
    expect(r.stdout).toMatch(/s1\s+api ok\s+API\s+✔ PASSED/);
    expect(r.stdout).toMatch(/s2\s+api bad\s+API\s+✖ FAILED/);
    expect(r.stderr).toContain(
      "vigil: 1 of 2 sessions did not pass: api bad FAILED: no failed result recorded",
    );
  });

  it.concurrent("without --wait prints the trigger answer; --json is the raw answer", async () => {
    const { srv, env } = await server();
    const answer = { sessions: [session("s3", "one", "STARTED")], extra: true };
    srv.always(routes({ "POST /v1/check-sessions/trigger": { status: 201, json: answer } }));
    const r = await runCli(["trigger", "--json"], { env });
    expect(r.code).toBe(0);
    // the trigger's answer, each session with its reason (null: not finished) — the shape --wait prints too
    expect(JSON.parse(r.stdout)).toEqual({ ...answer, sessions: [{ ...answer.sessions[0], reason: null }] });
    expect(srv.last.json).toEqual({});
  });
});

describe("creates and updates", () => {
  it.concurrent("private-locations create prints the raw key alone on stdout, the note on stderr", async () => {
    const { srv, env } = await server();
    const rawKey = "pl_00112233445566778899aabbccddeeff";
    srv.always(
      routes({
        "POST /v1/private-locations": {
          status: 201,
          json: {
            id: "pl-9",
            name: "Office",
            slugName: "office",
            created_at: "2026-11-21",
            keys: [{ id: "k1", rawKey, maskedKey: "...eeff" }],
          },
        },
      }),
    );
    const r = await runCli(["private-locations", "create", "--name", "Office", "--slug", "office"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${rawKey}\n`);
    expect(r.stderr).toContain('created private location "Office"');
    expect(r.stderr).toMatch(/shown only once/);
    expect(r.stderr).not.toContain(rawKey);
    expect(srv.last.json).toEqual({ name: "Office", slugName: "office", icon: "location" });
  });

  it.concurrent("incidents create builds the body from flags", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "POST /v1/status-pages/incidents": (req) => ({
          status: 201,
          json: {
            id: "inc-1",
            ...(req.json as object),
            services: [{ id: "svc-1", name: "Checkout", accountId: "a", created_at: "2026-11-01" }],
            created_at: "2026-11-21",
          },
        }),
      }),
    );
    const r = await runCli(
      [
        "incidents",
        "create",
        "--name",
        "Checkout errors",
        "--severity",
        "major",
        "--service",
        "svc-1",
        "--message",
        "Looking into it",
        "--notify",
      ],
      { env },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(srv.last.json).toEqual({
      name: "Checkout errors",
      severity: "MAJOR",
      services: [{ id: "svc-1" }],
      lastUpdateStatus: "INVESTIGATING",
      incidentUpdates: [{ description: "Looking into it", status: "INVESTIGATING", notifySubscribers: true }],
    });
    expect(r.stdout).toMatch(/Name:\s+Checkout errors/);
    expect(r.stdout).toMatch(/Services:\s+Checkout \(svc-1\)/);
  });

  it.concurrent("status-pages update with flags reads the page and PUTs it back with the changes", async () => {
    const { srv, env } = await server();
    const page = {
      id: "sp-1",
      name: "Acme status",
      url: "acme",
      customDomain: null,
      defaultTheme: "AUTO",
      logo: "https://acme.example/logo.png",
      cards: [
        {
          id: "card-1",
          name: "API",
          created_at: "2026-11-01",
          services: [{ id: "svc-1", name: "Checkout", accountId: "a", created_at: "2026-11-01" }],
        },
      ],
    };
    srv.always(
      routes({
        "GET /v1/status-pages/sp-1": { json: page },
        "PUT /v1/status-pages/sp-1": (req) => ({
          json: { ...page, ...(req.json as object), cards: page.cards },
        }),
      }),
    );
    const r = await runCli(
      ["status-pages", "update", "sp-1", "--custom-domain", "status.acme.example", "--theme", "dark"],
      { env },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(srv.requests.map((q) => q.method)).toEqual(["GET", "PUT"]);
    expect(srv.last.json).toEqual({
      name: "Acme status",
      url: "acme",
      cards: [{ id: "card-1", name: "API", services: [{ id: "svc-1" }] }],
      customDomain: "status.acme.example",
      logo: "https://acme.example/logo.png",
      defaultTheme: "DARK",
    });
    expect(r.stdout).toMatch(/Custom domain:\s+status\.acme\.example/);
  });

  it.concurrent("incident-updates create reads the body from stdin with --file -", async () => {
    const { srv, env } = await server();
    srv.always(
      routes({
        "POST /v1/status-pages/incidents/inc-1/incident-updates": (req) => ({
          json: { id: "u-2", ...(req.json as object) },
        }),
      }),
    );
    const body = { description: "Fixed", status: "RESOLVED", notifySubscribers: true };
    const r = await runCli(["incident-updates", "create", "inc-1", "--file", "-", "--json"], {
      env,
      input: JSON.stringify(body),
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(srv.last.json).toEqual(body);
    expect(JSON.parse(r.stdout)).toEqual({ id: "u-2", ...body });
  });

  it.concurrent("--read-only refuses a mutating command before anything is sent (exit 6, refused by rule)", async () => {
    const { srv, env } = await server();
    const r = await runCli(
      [
        "incidents",
        "create",
        "--read-only",
        "--name",
        "x",
        "--severity",
        "MINOR",
        "--service",
        "s",
        "--message",
        "m",
      ],
      { env },
    );
    expect(r.code).toBe(6);
    expect(r.stderr).toBe(
      "vigil: read-only mode: refusing POST /v1/status-pages/incidents (nothing was sent)\n",
    );
    expect(srv.requests).toHaveLength(0);
  });
});
