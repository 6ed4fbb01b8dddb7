import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

const url = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  request: { url: "http://127.0.0.1:9/health" },
  ...extra,
});

describe("create per type", () => {
  it("URL: 201 with hosted defaults", async () => {
    const r = await svc.call("POST", "/v1/checks/url", url("Home", { tags: ["prod", "web"] }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Home",
      checkType: "URL",
      activated: true,
      muted: false,
      frequency: 10,
      degradedResponseTime: 3000,
      maxResponseTime: 5000,
      tags: ["prod", "web"],
      request: { method: "GET", url: "http://127.0.0.1:9/health", followRedirects: true, assertions: [] },
    });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(r.body.created_at)).not.toBeNaN();
  });

  it("API: method, headers, assertions and thresholds", async () => {
    const r = await svc.call("POST", "/v1/checks/api", {
      name: "Checkout",
      frequency: 1,
      request: {
        method: "POST",
        url: "http://127.0.0.1:9/api/checkout",
        body: "{}",
        bodyType: "JSON",
        headers: [{ key: "x-a", value: "1" }],
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
      },
      retryStrategy: { type: "LINEAR", maxRetries: 2, baseBackoffSeconds: 5 },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      checkType: "API",
      degradedResponseTime: 5000,
      maxResponseTime: 20000,
      frequency: 1,
      request: { method: "POST", bodyType: "JSON", headers: [{ key: "x-a", value: "1", locked: false }] },
      retryStrategy: { type: "LINEAR", maxRetries: 2, baseBackoffSeconds: 5 },
    });
  });

  it("TCP, DNS, heartbeat, browser and multistep", async () => {
    const tcp = await svc.call("POST", "/v1/checks/tcp", {
      name: "Queue",
      request: { hostname: "127.0.0.1", port: 7 },
    });
    expect(tcp.status).toBe(201);
    expect(tcp.body).toMatchObject({ checkType: "TCP", request: { hostname: "127.0.0.1", port: 7 } });

    const dns = await svc.call("POST", "/v1/checks/dns", {
      name: "DNS",
      request: { query: "example.com", recordType: "A" },
    });
    expect(dns.status).toBe(201);
    expect(dns.body).toMatchObject({ checkType: "DNS", degradedResponseTime: 500, maxResponseTime: 1000 });

    const hb = await svc.call("POST", "/v1/checks/heartbeat", {
      name: "Backup",
      heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
    });
    expect(hb.status).toBe(201);
    expect(hb.body.checkType).toBe("HEARTBEAT");
    expect(hb.body.heartbeat.pingToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(hb.body.heartbeat.pingUrl).toBe(`${svc.url}/ping/${hb.body.heartbeat.pingToken}`);

    const br = await svc.call("POST", "/v1/checks/browser", {
      name: "Login",
      script: "await page.goto('http://x')",
    });
    expect(br.status).toBe(201);
    expect(br.body).toMatchObject({ checkType: "BROWSER", script: "await page.goto('http://x')" });

    const ms = await svc.call("POST", "/v1/checks/multistep", { name: "Journey", script: "x" });
    expect(ms.status).toBe(201);
    expect(ms.body.checkType).toBe("MULTI_STEP");
  });

  it("generic POST /v1/checks dispatches on checkType", async () => {
    const r = await svc.call("POST", "/v1/checks", {
      checkType: "TCP",
      name: "Generic",
      request: { hostname: "h", port: 1 },
    });
    expect(r.status).toBe(201);
    expect(r.body.checkType).toBe("TCP");
    const bad = await svc.call("POST", "/v1/checks", { checkType: "ICMP", name: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.validation.keys).toEqual(["checkType"]);
  });

  it.each([
    ["/v1/checks/url", { request: { url: "http://x" } }, "name"],
    ["/v1/checks/url", { name: "x" }, "request"],
    ["/v1/checks/url", url("x", { frequency: 3 }), "frequency"],
    ["/v1/checks/api", { name: "x", request: { method: "FETCH", url: "http://x" } }, "request.method"],
    ["/v1/checks/tcp", { name: "x", request: { hostname: "h", port: 70000 } }, "request.port"],
    ["/v1/checks/dns", { name: "x", request: { query: "a", recordType: "ZZ" } }, "request.recordType"],
    ["/v1/checks/url", url("x", { locations: ["mars-1"] }), "locations.0"],
    ["/v1/checks/url", url("x", { maxResponseTime: 50000 }), "maxResponseTime"],
    ["/v1/checks/browser", { name: "x", script: "s", frequency: 0 }, "frequency"],
    ["/v1/checks/url", url("x", { privateLocations: ["no-such-slug"] }), "privateLocations.0"],
  ])("POST %s %j → 400 on %s", async (path, body, key) => {
    const r = await svc.call("POST", path, body);
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400);
    expect(r.body.validation).toEqual({ source: "payload", keys: [key] });
    expect(r.body.message).toContain(`"${key.replace(/\.(\d+)/g, "[$1]")}"`);
  });
});

describe("read, list, update, delete", () => {
  let ids: string[] = [];
  beforeAll(async () => {
    ids = [];
    for (const [name, tags] of [
      ["Alpha web", ["list-a"]],
      ["Beta API", ["list-a", "list-b"]],
      ["Gamma web", ["list-b"]],
    ] as const) {
      const r = await svc.call("POST", "/v1/checks/url", url(name, { tags: [...tags] }));
      ids.push(r.body.id);
    }
  });

  it("reads one", async () => {
    const r = await svc.call("GET", `/v1/checks/${ids[0]}`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("Alpha web");
    expect(r.body.alertChannelSubscriptions).toEqual([]);
  });

  it("filters by tag (any), checkType and search", async () => {
    const byTag = await svc.call("GET", "/v1/checks?tag=list-a&limit=100");
    expect(byTag.body.map((c: { name: string }) => c.name).sort()).toEqual(["Alpha web", "Beta API"]);
    const anyTag = await svc.call("GET", "/v1/checks?tag=list-a&tag=list-b&limit=100");
    expect(anyTag.body).toHaveLength(3);
    const search = await svc.call("GET", "/v1/checks?search=WEB&limit=100");
    expect(search.body.map((c: { name: string }) => c.name).sort()).toEqual(["Alpha web", "Gamma web"]);
    const type = await svc.call("GET", "/v1/checks?checkType=TCP&limit=100");
    expect(type.body.every((c: { checkType: string }) => c.checkType === "TCP")).toBe(true);
    expect(type.body.length).toBeGreaterThan(0);
  });

  it("pages with limit/page (default limit 10) and validates them", async () => {
    const all = await svc.call("GET", "/v1/checks?limit=100");
    const p1 = await svc.call("GET", "/v1/checks?limit=2&page=1");
    const p2 = await svc.call("GET", "/v1/checks?limit=2&page=2");
    expect(p1.body.map((c: { id: string }) => c.id)).toEqual(
      all.body.slice(0, 2).map((c: { id: string }) => c.id),
    );
    expect(p2.body.map((c: { id: string }) => c.id)).toEqual(
      all.body.slice(2, 4).map((c: { id: string }) => c.id),
    );
    const def = await svc.call("GET", "/v1/checks");
    expect(def.body).toHaveLength(Math.min(10, all.body.length));
    expect((await svc.call("GET", "/v1/checks?limit=0")).status).toBe(400);
    // the hosted API's limit is 100; vigil's wide pages (paging.test.ts) go to 1,000
    expect((await svc.call("GET", "/v1/checks?limit=1001")).status).toBe(400);
    expect((await svc.call("GET", "/v1/checks?page=0")).status).toBe(400);
    expect((await svc.call("GET", "/v1/checks?status=sleeping")).status).toBe(400);
  });

  it("the status filter only lists checks in that state (none ran yet)", async () => {
    const r = await svc.call("GET", "/v1/checks?status=failing");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it("updates partially, per type or generic, keeping the rest", async () => {
    const r = await svc.call("PUT", `/v1/checks/url/${ids[1]}`, {
      muted: true,
      request: { url: "http://127.0.0.1:9/v2" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Beta API",
      muted: true,
      tags: ["list-a", "list-b"],
      request: { url: "http://127.0.0.1:9/v2" },
    });
    const g = await svc.call("PUT", `/v1/checks/${ids[1]}`, { name: "Beta renamed", activated: false });
    expect(g.body).toMatchObject({ name: "Beta renamed", activated: false, muted: true });
    const read = await svc.call("GET", `/v1/checks/${ids[1]}`);
    expect(read.body).toMatchObject({ name: "Beta renamed", activated: false, muted: true });
    expect(read.body.created_at).toBe(r.body.created_at);
  });

  it("rejects an invalid update and a type mismatch", async () => {
    const bad = await svc.call("PUT", `/v1/checks/${ids[1]}`, { frequency: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.validation.keys).toEqual(["frequency"]);
    const mismatch = await svc.call("PUT", `/v1/checks/tcp/${ids[1]}`, { name: "x" });
    expect(mismatch.status).toBe(400);
    const missing = await svc.call("PUT", "/v1/checks/00000000-0000-4000-8000-000000000000", { name: "x" });
    expect(missing.status).toBe(404);
  });

  it("deletes with 204, then 404", async () => {
    const d = await svc.call("DELETE", `/v1/checks/${ids[2]}`);
    expect(d.status).toBe(204);
    expect(d.text).toBe("");
    expect((await svc.call("GET", `/v1/checks/${ids[2]}`)).status).toBe(404);
    expect((await svc.call("DELETE", `/v1/checks/${ids[2]}`)).status).toBe(404);
  });
});

describe("alert subscriptions of new checks", () => {
  it("autoAssignAlerts (default true) subscribes to every channel; false only to autoSubscribe ones", async () => {
    const a = await svc.call("POST", "/v1/alert-channels", {
      type: "EMAIL",
      config: { address: "a@example.com" },
    });
    const b = await svc.call("POST", "/v1/alert-channels", {
      type: "SMS",
      config: { name: "p", number: "+1555" },
      autoSubscribe: true,
    });
    const all = await svc.call("POST", "/v1/checks/url", url("Subscribed"));
    const ids = all.body.alertChannelSubscriptions.map((s: { alertChannelId: number }) => s.alertChannelId);
    expect(ids).toEqual(expect.arrayContaining([a.body.id, b.body.id]));
    const some = await svc.call("POST", "/v1/checks/url?autoAssignAlerts=false", url("Auto only"));
    expect(some.body.alertChannelSubscriptions).toEqual([{ alertChannelId: b.body.id, activated: true }]);
    const explicit = await svc.call(
      "POST",
      "/v1/checks/url",
      url("Explicit", { alertChannelSubscriptions: [{ alertChannelId: a.body.id, activated: false }] }),
    );
    expect(explicit.body.alertChannelSubscriptions).toEqual([
      { alertChannelId: a.body.id, activated: false },
    ]);
    const channel = await svc.call("GET", `/v1/alert-channels/${a.body.id}`);
    expect(channel.body.subscriptions).toContainEqual(
      expect.objectContaining({ checkId: explicit.body.id, groupId: null, activated: false }),
    );
    const unknown = await svc.call(
      "POST",
      "/v1/checks/url",
      url("Bad", { alertChannelSubscriptions: [{ alertChannelId: 99999, activated: true }] }),
    );
    expect(unknown.status).toBe(400);
  });
});

describe("one document, one order", () => {
  it("what a create or an update answered, a read and the list answer byte for byte", async () => {
    const created = await svc.call("POST", "/v1/checks/heartbeat", {
      name: "Order",
      heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" },
      tags: ["order"],
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    expect((await svc.call("GET", `/v1/checks/${id}`)).text).toBe(created.text);
    const updated = await svc.call("PUT", `/v1/checks/${id}`, { name: "Order 2", heartbeat: { grace: 10 } });
    expect(updated.status).toBe(200);
    expect((await svc.call("GET", `/v1/checks/${id}`)).text).toBe(updated.text);
    const listed = await svc.call("GET", "/v1/checks?tag=order");
    expect(listed.text).toBe(`[${updated.text}]`);
  });
});
