import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checksApi } from "../../src/api/checks.ts";
import { ApiError, ReadOnlyError, ResponseShapeError, UsageError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { checkCreateSchemas } from "../../src/contract/schemas/checks.ts";
import { apiCheck, CHECK_ID, heartbeatCheck, tcpCheck } from "../support/fixtures-a.ts";
import { errorBody, ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;
let api: ReturnType<typeof checksApi>;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_checks_0123456789", backoffBaseMs: 5 });
  api = checksApi(http);
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

const n = (i: number) => ({ ...apiCheck, id: `00000000-0000-4000-8000-00000000000${i}`, name: `c${i}` });

describe("list / listAll / get", () => {
  it("list sends every filter (tag repeated) and parses the bare array", async () => {
    srv.reply({ json: [apiCheck, tcpCheck, heartbeatCheck] });
    const list = await api.list({
      page: 2,
      limit: 50,
      tag: ["prod", "api"],
      checkType: "API",
      search: "home page",
      status: "failing",
    });
    const r = srv.last;
    expect(r.method).toBe("GET");
    expect(r.path).toBe("/v1/checks");
    expect(r.rawQuery).toBe("page=2&limit=50&tag=prod&tag=api&checkType=API&search=home+page&status=failing");
    expect(r.rawBody).toBe("");
    expect(list.map((c) => c.checkType)).toEqual(["API", "TCP", "HEARTBEAT"]);
    expect(list[0]).toMatchObject({
      id: CHECK_ID,
      frequency: 10,
      tags: ["production", "api"],
      groupId: null,
    });
    expect(list[0]?.request?.assertions?.[0]).toMatchObject({ source: "STATUS_CODE", target: "200" });
    expect(list[0]?.alertChannelSubscriptions).toEqual([{ alertChannelId: 42, activated: true }]);
    expect(list[1]?.request).toMatchObject({ hostname: "db.example.com", port: 5432 });
    expect(list[2]?.heartbeat).toMatchObject({ period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" });
    expect((list[0] as Record<string, unknown>).setupSnippetId).toBeNull();
  });

  it("list with no filters sends no query", async () => {
    srv.reply({ json: [] });
    expect(await api.list()).toEqual([]);
    expect(srv.last.rawQuery).toBe("");
  });

  it("listAll walks pages until a short page", async () => {
    srv.reply({ json: [n(1), n(2)] }, { json: [n(3), n(4)] }, { json: [n(5)] });
    const all = await api.listAll({ tag: ["prod"] }, { pageSize: 2 });
    expect(all.map((c) => c.name)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(srv.requests.map((r) => r.rawQuery)).toEqual([
      "page=1&limit=2&tag=prod",
      "page=2&limit=2&tag=prod",
      "page=3&limit=2&tag=prod",
    ]);
  });

  it("listAll stops at the Content-Range total, without a trailing empty request", async () => {
    srv.reply(
      { json: [n(1), n(2)], headers: { "content-range": "0-1/4" } },
      { json: [n(3), n(4)], headers: { "content-range": "2-3/4" } },
    );
    const all = await api.listAll({}, { pageSize: 2 });
    expect(all.map((c) => c.name)).toEqual(["c1", "c2", "c3", "c4"]);
    expect(srv.requests).toHaveLength(2);
    srv.reply({ json: [n(1)], headers: { "content-range": "0-0/7" } });
    const page = await api.listPage({ limit: 1 });
    expect(page).toMatchObject({ total: 7 });
    srv.reply({ json: [] });
    expect((await api.listPage()).total).toBeUndefined();
  });

  it("listAll stops on an empty page and honours maxItems", async () => {
    srv.reply({ json: [n(1), n(2)] }, { json: [] });
    expect(await api.listAll({}, { pageSize: 2 })).toHaveLength(2);
    expect(srv.requests).toHaveLength(2);
    srv.reply({ json: [n(1), n(2)] });
    expect(await api.listAll({}, { pageSize: 2, maxItems: 1 })).toHaveLength(1);
    expect(srv.requests).toHaveLength(3);
  });

  it("get reads one check; unknown checkType passes through", async () => {
    srv.reply({ json: { ...apiCheck, checkType: "TELEPATHY", newField: [1] } });
    const c = await api.get(CHECK_ID);
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe(`/v1/checks/${CHECK_ID}`);
    expect(c.checkType).toBe("TELEPATHY");
    expect((c as Record<string, unknown>).newField).toEqual([1]);
  });

  it("get 404 → ApiError", async () => {
    srv.reply({ status: 404, json: errorBody(404, "Not Found", "Not Found") });
    const e = await api.get(CHECK_ID).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
  });

  it("a list item without id → ResponseShapeError at [1].id", async () => {
    const { id: _drop, ...noId } = tcpCheck;
    srv.reply({ json: [apiCheck, noId] });
    const e = await api.list().catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("[1].id");
  });

  it.each([{ limit: 101 }, { page: 0 }, { status: "sleeping" }, { tag: [""] }, { colour: "red" }])(
    "list %j → UsageError, nothing sent",
    async (q) => {
      await expect(api.list(q as never)).rejects.toBeInstanceOf(UsageError);
      expect(srv.requests).toHaveLength(0);
    },
  );
});

describe("create", () => {
  const body = {
    name: "Homepage",
    frequency: 5,
    locations: ["eu-west-1"],
    tags: ["prod"],
    request: { method: "GET" as const, url: "https://example.com/", assertions: [] },
  };

  it("POSTs the body to /v1/checks/{type} and parses the 201", async () => {
    srv.reply({ status: 201, json: { ...apiCheck, name: "Homepage" } });
    const c = await api.create("api", body);
    expect(srv.last.method).toBe("POST");
    expect(srv.last.path).toBe("/v1/checks/api");
    expect(srv.last.headers["content-type"]).toBe("application/json");
    expect(srv.last.json).toEqual(body);
    expect(c.name).toBe("Homepage");
  });

  it.each([
    ["name of 256 characters", { ...body, name: "x".repeat(256) }, /name/],
    ["empty name", { ...body, name: "  " }, /name/],
    ["frequency 7", { ...body, frequency: 7 }, /"frequency" must be one of/],
    ["no request", { name: "x" }, /request/],
    [
      "degraded > max",
      { ...body, degradedResponseTime: 9000, maxResponseTime: 5000 },
      /degradedResponseTime/,
    ],
  ])("%s → UsageError, nothing sent", async (_label, b, msg) => {
    const e = await api.create("api", b as never).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(msg);
    expect(srv.requests).toHaveLength(0);
  });

  it("is refused in read-only mode before sending", async () => {
    const ro = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_checks_0123456789", readOnly: true });
    await expect(checksApi(ro).create("api", body)).rejects.toBeInstanceOf(ReadOnlyError);
    expect(srv.requests).toHaveLength(0);
    await ro.close();
  });
});

describe("create schemas per type", () => {
  it.each([
    ["url", { name: "u", request: { url: "https://example.com" } }],
    ["tcp", { name: "t", request: { hostname: "db.example.com", port: 5432 } }],
    ["dns", { name: "d", request: { query: "example.com", recordType: "A" }, maxResponseTime: 1000 }],
    ["heartbeat", { name: "h", heartbeat: { period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" } }],
    ["browser", { name: "b", script: "await page.goto('https://example.com')", frequency: 10 }],
  ] as const)("%s accepts a minimal body", (type, b) => {
    expect(checkCreateSchemas[type].safeParse(b).success).toBe(true);
  });

  it.each([
    ["url", { name: "u", request: { url: "https://example.com", method: "POST" } }],
    ["tcp", { name: "t", request: { hostname: "db", port: 70000 } }],
    ["dns", { name: "d", request: { query: "example.com", recordType: "A" }, maxResponseTime: 6000 }],
    ["heartbeat", { name: "h", heartbeat: { period: 1, periodUnit: "weeks", grace: 1, graceUnit: "hours" } }],
    ["browser", { name: "b", script: "x", frequency: 0 }],
  ] as const)("%s rejects a body outside its limits", (type, b) => {
    expect(checkCreateSchemas[type].safeParse(b).success).toBe(false);
  });
});
