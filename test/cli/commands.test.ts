/**
 * Every command verb in-process (no child process): the real client against a scripted server on
 * loopback, the verb's own parsing, and captured stdout/stderr. The child-process tests cover main.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { Args, bindPositionals, parseTokens } from "../../src/cli/args.ts";
import { findCommand } from "../../src/cli/commands/index.ts";
import { exitCodeOf } from "../../src/cli/exit-codes.ts";
import { Output } from "../../src/cli/output.ts";
import { type RecordedRequest, type Reply, ScriptedServer } from "../support/scripted-server.ts";
import { RAW_CONTROL, routes } from "./run-cli.ts";

let srv: ScriptedServer;
let table: Record<string, Reply | ((req: RecordedRequest) => Reply)> = {};
beforeAll(async () => {
  srv = await new ScriptedServer().start();
  srv.always((req) => routes(table)(req));
});
afterAll(() => srv.close());
beforeEach(() => {
  table = {};
  srv.requests.length = 0;
});

async function vigil(line: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  const [resName, ...rest] = line;
  const resource = findCommand(resName!)!;
  const verb = resource.verbless ? resource.verbs[0]! : resource.verbs.find((v) => v.name === rest[0])!;
  const tokens = resource.verbless ? rest : rest.slice(1);
  const parsed = parseTokens(tokens, verb.options ?? {});
  const args = new Args(parsed.values, bindPositionals(parsed.positionals, verb.positionals ?? []));
  let out = "";
  let err = "";
  const output = new Output({
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    json: parsed.values.json === true,
    showSecrets: parsed.values["show-secrets"] === true,
  });
  const client = createClient({ baseUrl: srv.url, apiKey: "k-0123456789abcdef", retries: 0 });
  try {
    const code = await verb.run({
      client,
      out: output,
      args,
      readStdin: async () => stdin,
      signal: new AbortController().signal,
    });
    return { code: typeof code === "number" ? code : 0, out, err };
  } finally {
    await client.http.close();
  }
}

/** `vigil` with a thrown error turned into its exit code and message, as main.ts does. */
async function coded(line: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    return await vigil(line);
  } catch (e) {
    return { code: exitCodeOf(e), out: "", err: (e as Error).message };
  }
}

const service = { id: "svc-1", name: "Checkout", accountId: "a", created_at: "2026-11-01" };
const update = (id: string, status: string, description: string) => ({
  id,
  status,
  description,
  publicIncidentUpdateDate: "2026-11-21T07:00:00.000Z",
  notifySubscribers: false,
});
const incident = (id: string, name: string, status = "INVESTIGATING") => ({
  id,
  name,
  severity: "MAJOR",
  services: [service],
  lastUpdateStatus: status,
  created_at: "2026-11-21",
  incidentUpdates: [update("u1", status, "Looking\ninto it\u001b[2J")],
});

describe("cursor lists", () => {
  it("fetch every page by default and one page with --limit; --json is one array either way (issue 28)", async () => {
    table["GET /v1/status-pages/incidents"] = (req) =>
      req.query.get("nextId") === "p2"
        ? { json: { length: 1, entries: [incident("i2", "Second", "RESOLVED")], nextId: null } }
        : { json: { length: 1, entries: [incident("i1", "First")], nextId: "p2" } };
    const all = await vigil(["incidents", "list", "--json"]);
    expect(JSON.parse(all.out).map((i: { id: string }) => i.id)).toEqual(["i1", "i2"]);

    const one = await vigil(["incidents", "list", "--limit", "1"]);
    expect(one.out).toMatch(/^ID\s+NAME\s+SEVERITY\s+STATUS/);
    expect(one.out).toMatch(/i1\s+First\s+MAJOR\s+◌ INVESTIGATING\s+Checkout\s+2026-11-21/);
    expect(one.out).not.toContain("Second");
    expect(one.err).toBe("more: add --next-id p2\n");
    expect(srv.requests.at(-1)?.query.get("limit")).toBe("1");

    const first = await vigil(["incidents", "list", "--limit", "1", "--json"]);
    expect(JSON.parse(first.out).map((i: { id: string }) => i.id)).toEqual(["i1"]);
    expect(first.err).toBe("more: add --next-id p2\n");
    const last = await vigil(["incidents", "list", "--limit", "1", "--next-id", "p2", "--json"]);
    expect(JSON.parse(last.out).map((i: { id: string }) => i.id)).toEqual(["i2"]);
    expect(last.err).toBe("");
  });

  it("services and status pages", async () => {
    table["GET /v1/status-pages/services"] = {
      json: { length: 1, entries: [{ ...service, checks: [{ id: "c1", name: "api" }] }], nextId: null },
    };
    table["GET /v1/status-pages"] = {
      json: {
        length: 1,
        entries: [{ id: "sp1", name: "Acme", url: "acme", cards: [], incidents: [incident("i1", "x")] }],
        nextId: null,
      },
    };
    expect((await vigil(["services", "list"])).out).toMatch(/svc-1\s+Checkout\s+api\s+2026-11-01/);
    expect((await vigil(["status-pages", "list"])).out).toMatch(/sp1\s+Acme\s+acme\s+—\s+0\s+1/);
  });
});

describe("details", () => {
  it("incidents get shows the updates with multi-line text flattened and sanitised", async () => {
    table["GET /v1/status-pages/incidents/i1"] = { json: incident("i1", "Checkout down") };
    const r = await vigil(["incidents", "get", "i1"]);
    expect(r.out).toMatch(/Name:\s+Checkout down/);
    expect(r.out).toContain("Updates");
    expect(r.out).toContain("Looking into it␛[2J");
    expect(RAW_CONTROL.test(r.out)).toBe(false);
  });

  it("status-pages get lists cards with their services", async () => {
    table["GET /v1/status-pages/sp1"] = {
      json: {
        id: "sp1",
        name: "Acme",
        url: "acme",
        defaultTheme: "DARK",
        cards: [{ id: "card1", name: "API", created_at: "2026-11-01", services: [service] }],
      },
    };
    const r = await vigil(["status-pages", "get", "sp1"]);
    expect(r.out).toMatch(/Default theme:\s+DARK/);
    expect(r.out).toMatch(/card1\s+API\s+Checkout/);
  });

  it("sessions get shows results; sessions wait exits 1 for a failed session", async () => {
    const s = {
      checkSessionId: "s1",
      checkId: "c1",
      checkType: "API",
      name: "login",
      status: "FAILED",
      startedAt: "2026-11-21T07:00:00Z",
      stoppedAt: "2026-11-21T07:00:03Z",
      timeElapsed: 3000,
      runLocations: ["eu-west-1"],
      results: [
        {
          checkResultId: "r1",
          checkId: "c1",
          checkType: "API",
          runLocation: "eu-west-1",
          hasFailures: true,
          responseTime: 812,
          resultType: "FINAL",
        },
      ],
    };
    table["GET /v1/check-sessions/s1"] = { json: s };
    table["GET /v1/check-sessions/s1/completion"] = { json: s };
    const g = await vigil(["sessions", "get", "s1"]);
    expect(g.code).toBe(0);
    expect(g.out).toMatch(/Status:\s+✖ FAILED/);
    expect(g.out).toMatch(/eu-west-1\s+FINAL\s+✖ FAILED\s+812 ms/);
    const w = await vigil(["sessions", "wait", "s1", "--timeout", "5"]);
    expect(w.code).toBe(1);
    expect(w.err).toContain("session s1 (login) finished FAILED");
  });

  it("check-statuses list applies the console rule", async () => {
    table["GET /v1/check-statuses"] = {
      json: [
        {
          checkId: "c1",
          name: "a",
          hasFailures: false,
          hasErrors: false,
          isDegraded: true,
          sslDaysRemaining: 12,
        },
        { checkId: "c2", name: "b", hasFailures: false, hasErrors: false, isDegraded: false },
      ],
    };
    const r = await vigil(["check-statuses", "list"]);
    expect(r.out).toMatch(/c1\s+a\s+▲ degraded/);
    expect(r.out).toMatch(/c2\s+b\s+✔ passing/);
  });

  it("heartbeats events CHECK_ID EVENT_ID reads one event", async () => {
    table["GET /v1/checks/heartbeats/hb1/events/e1"] = {
      json: {
        event: {
          id: "e1",
          state: "RECEIVED",
          timestamp: "2026-11-21T06:00:00Z",
          source: "",
          userAgent: "curl",
        },
        stats: null,
      },
    };
    const r = await vigil(["heartbeats", "events", "hb1", "e1"]);
    expect(r.out).toMatch(/State:\s+✔ RECEIVED/);
  });

  it("analytics asks for the default metrics when none are given", async () => {
    table["GET /v1/analytics/browser-checks/b1"] = { json: { series: [] } };
    const r = await vigil(["analytics", "browser", "b1", "--range", "last7days"]);
    expect(r.out).toContain("(no data in this window)");
    const q = srv.requests[0]!.query;
    expect(q.get("metrics")).toBe("TTFB_avg,FCP_avg,LCP_avg,TBT_avg,CLS_avg");
    expect(q.get("quickRange")).toBe("last7Days");
  });

  it("alert-channels list --json is the API's JSON with secrets masked unless --show-secrets; the table masks", async () => {
    const ch = [
      {
        id: 3,
        type: "ONCALL",
        config: { name: "ops", apiKey: "oncall-key-abcdefgh1234", region: "EU", priority: "P1" },
      },
    ];
    table["GET /v1/alert-channels"] = (req) => ({ json: req.query.get("page") === "1" ? ch : [] });
    const masked = JSON.parse((await vigil(["alert-channels", "list", "--json"])).out);
    expect(masked[0].config).toMatchObject({ name: "ops", region: "EU", priority: "P1" });
    expect(masked[0].config.apiKey).not.toContain("oncall-key");
    expect(JSON.parse((await vigil(["alert-channels", "list", "--json", "--show-secrets"])).out)).toEqual(ch);
    const t = await vigil(["alert-channels", "list"]);
    expect(t.out).toMatch(/3\s+ONCALL\s+ops/);
    expect(t.out).not.toContain("oncall-key");
  });
});

describe("updates", () => {
  it("incident-updates update merges the flags into the current update", async () => {
    table["GET /v1/status-pages/incidents/i1/incident-updates/u1"] = {
      json: update("u1", "IDENTIFIED", "Found it"),
    };
    table["PUT /v1/status-pages/incidents/i1/incident-updates/u1"] = (req) => ({
      json: { id: "u1", ...(req.json as object) },
    });
    const r = await vigil(["incident-updates", "update", "i1", "u1", "--status", "monitoring", "--notify"]);
    expect(srv.last.json).toEqual({
      description: "Found it",
      status: "MONITORING",
      publicIncidentUpdateDate: "2026-11-21T07:00:00.000Z",
      notifySubscribers: true,
    });
    expect(r.out).toMatch(/Status:\s+◉ MONITORING/);
  });

  it("incidents update keeps unnamed fields and replaces services with --service; --status posts an update", async () => {
    let status = "INVESTIGATING";
    table["GET /v1/status-pages/incidents/i1"] = () => ({ json: incident("i1", "Old name", status) });
    table["PUT /v1/status-pages/incidents/i1"] = (req) => ({
      json: { ...incident("i1", "x"), ...(req.json as object), services: [service] },
    });
    table["POST /v1/status-pages/incidents/i1/incident-updates"] = (req) => {
      status = (req.json as { status: string }).status;
      return { status: 201, json: update("u2", status, "Fixed") };
    };
    const r = await vigil([
      "incidents",
      "update",
      "i1",
      "--status",
      "RESOLVED",
      "--message",
      "Fixed",
      "--service",
      "svc-2",
      "--service",
      "svc-3",
    ]);
    expect(r.code).toBe(0);
    const put = srv.requests.find((q) => q.method === "PUT");
    expect(put?.json).toEqual({
      name: "Old name",
      severity: "MAJOR",
      services: [{ id: "svc-2" }, { id: "svc-3" }],
    });
    const post = srv.requests.find((q) => q.method === "POST");
    expect(post?.json).toEqual({ description: "Fixed", status: "RESOLVED", notifySubscribers: false });
    expect(r.out).toMatch(/Status:\s+✔ RESOLVED/);
  });

  it("one masking rule: a key the service stored masked is shown as the channel shows it, not '****' (issue 28)", async () => {
    const secret = "whsec_0123456789abcdef";
    table["GET /v1/alert-channels/3"] = {
      json: {
        id: 3,
        type: "WEBHOOK",
        config: { name: "Incident bot", url: "https://h.example/x", webhookSecret: secret },
      },
    };
    table["GET /v1/alert-notifications"] = {
      json: [
        {
          id: "n1",
          type: "WEBHOOK",
          status: "SUCCESS",
          alertChannelId: 3,
          alertType: "ALERT_FAILURE",
          checkName: "Checkout API",
          timestamp: "2026-11-21T07:00:00.000Z",
          // the delivery's copy of the config, stored masked by the service
          alertConfig: { name: "Incident bot", webhookSecret: "...cdef" },
        },
      ],
    };
    const channel = JSON.parse((await vigil(["alert-channels", "get", "3", "--json"])).out);
    const deliveries = await vigil(["alert-notifications", "list", "--json"]);
    expect(channel.config.webhookSecret).toBe("...cdef");
    expect(JSON.parse(deliveries.out)[0].alertConfig.webhookSecret).toBe("...cdef");
    // the delivery names its channel and check, not a bare number
    const shown = await vigil(["alert-notifications", "list"]);
    expect(shown.out).toMatch(/Checkout API\s+WEBHOOK\s+#3 WEBHOOK Incident bot\s+ALERT_FAILURE/);
  });

  it("incidents update --status never exits 0 having changed nothing (issue 28)", async () => {
    // a service that keeps the status (a later update by publish time decides): refused, exit 6
    table["GET /v1/status-pages/incidents/i1"] = { json: incident("i1", "Old name", "MONITORING") };
    table["POST /v1/status-pages/incidents/i1/incident-updates"] = {
      status: 201,
      json: update("u2", "IDENTIFIED", "Cause found"),
    };
    const kept = await coded([
      "incidents",
      "update",
      "i1",
      "--status",
      "IDENTIFIED",
      "--message",
      "Cause found",
    ]);
    expect(kept.code).toBe(6);
    expect(kept.err).toMatch(/did not change the incident's status to IDENTIFIED: it is MONITORING/);
    // without the update's text, nothing is sent
    srv.requests.length = 0;
    const bare = await coded(["incidents", "update", "i1", "--status", "IDENTIFIED"]);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/--status needs --message/);
    expect(srv.requests).toHaveLength(0);
  });

  it("status-pages update --file accepts a page as read (e.g. from get --json) and sends a body", async () => {
    const asRead = {
      id: "sp1",
      name: "Renamed",
      url: "acme",
      created_at: "2026-11-01",
      cards: [{ id: "card1", name: "API", created_at: "2026-11-01", services: [service] }],
    };
    table["PUT /v1/status-pages/sp1"] = { json: asRead };
    await vigil(["status-pages", "update", "sp1", "--file", "-"], JSON.stringify(asRead));
    expect(srv.last.json).toEqual({
      name: "Renamed",
      url: "acme",
      cards: [{ id: "card1", name: "API", services: [{ id: "svc-1" }] }],
    });
  });

  it("usage mistakes in write commands are UsageErrors and send nothing", async () => {
    await expect(
      vigil(["incidents", "create", "--name", "x", "--severity", "MAJOR", "--message", "m"]),
    ).rejects.toThrow("--service is required");
    await expect(vigil(["status-pages", "update", "sp1"])).rejects.toThrow("nothing to update");
    await expect(vigil(["status-pages", "update", "sp1", "--file", "-", "--name", "x"])).rejects.toThrow(
      "either --file or field flags",
    );
    await expect(vigil(["incidents", "create", "--file", "-"], "{nope")).rejects.toThrow(/not valid JSON/);
    await expect(vigil(["analytics", "url", "c", "--range", "last7Days", "--from", "2h"])).rejects.toThrow(
      "either --range or --from/--to",
    );
    await expect(vigil(["trigger", "--tag", "a,!a"])).rejects.toThrow(/both requires and excludes/);
    expect(srv.requests).toHaveLength(0);
  });
});
