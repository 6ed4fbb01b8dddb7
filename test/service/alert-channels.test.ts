import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const BODIES = [
  { type: "EMAIL", config: { address: "oncall@example.com" } },
  { type: "CHAT", config: { url: "https://chat.example/hook", channel: "#ops" } },
  {
    type: "WEBHOOK",
    config: {
      name: "Bot",
      url: "https://hooks.example/{{CHECK_ID}}",
      template: '{"t":"{{ALERT_TYPE}}"}',
      webhookSecret: "s3",
    },
  },
  { type: "SMS", config: { name: "Phone", number: "+15550100" } },
  { type: "CALL", config: { name: "Phone", number: "+15550100" } },
  { type: "PAGING", config: { serviceKey: "k" } },
  { type: "ONCALL", config: { name: "Ops", apiKey: "x", region: "EU", priority: "P2" } },
];

describe("alert channels", () => {
  const ids: number[] = [];

  it("creates every seed type with 201, integer ids and defaults", async () => {
    for (const body of BODIES) {
      const r = await svc.call("POST", "/v1/alert-channels", body);
      expect(r.status).toBe(201);
      expect(Number.isInteger(r.body.id)).toBe(true);
      expect(r.body).toMatchObject({
        type: body.type,
        subscriptions: [],
        sendRecovery: true,
        sendFailure: true,
        sendDegraded: false,
        sslExpiry: false,
        sslExpiryThreshold: 30,
        autoSubscribe: false,
      });
      expect(r.body.created_at).toMatch(ISO_SECONDS);
      expect(r.body.updated_at).toMatch(ISO_SECONDS);
      ids.push(r.body.id);
    }
    expect(new Set(ids).size).toBe(BODIES.length);
  });

  it("reads one by integer id; a non-integer id is 400, an unknown one 404", async () => {
    const r = await svc.call("GET", `/v1/alert-channels/${ids[2]}`);
    expect(r.status).toBe(200);
    expect(r.body.config).toMatchObject({ name: "Bot", method: "POST" });
    const bad = await svc.call("GET", "/v1/alert-channels/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.validation.source).toBe("params");
    const missing = await svc.call("GET", "/v1/alert-channels/424242");
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 404);
  });

  it("lists as a bare array with page/limit (default 10, 1–100)", async () => {
    const all = await svc.call("GET", "/v1/alert-channels?limit=100");
    expect(all.body.map((c: { id: number }) => c.id)).toEqual(ids);
    const p2 = await svc.call("GET", "/v1/alert-channels?limit=3&page=2");
    expect(p2.body.map((c: { id: number }) => c.id)).toEqual(ids.slice(3, 6));
    const past = await svc.call("GET", "/v1/alert-channels?limit=3&page=9");
    expect(past.body).toEqual([]);
    for (const q of ["limit=0", "limit=101", "page=0", "limit=x"]) {
      const r = await svc.call("GET", `/v1/alert-channels?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.validation.source).toBe("query");
    }
  });

  it.each([
    [{ type: "EMAIL", config: { address: "x@example.com" }, sslExpiryThreshold: 31 }, "sslExpiryThreshold"],
    [{ type: "EMAIL", config: { address: "x@example.com" }, sslExpiryThreshold: 0 }, "sslExpiryThreshold"],
    [{ type: "EMAIL", config: { address: "not-an-email" } }, "config.address"],
    [{ type: "ONCALL", config: { name: "o", apiKey: "k", region: "MARS", priority: "P1" } }, "config.region"],
  ])("rejects %j", async (body, key) => {
    const r = await svc.call("POST", "/v1/alert-channels", body);
    expect(r.status).toBe(400);
    expect(r.body.validation).toEqual({ source: "payload", keys: [key] });
  });

  it("updates and deletes", async () => {
    const u = await svc.call("PUT", `/v1/alert-channels/${ids[0]}`, {
      type: "EMAIL",
      config: { address: "new@example.com" },
      sendDegraded: true,
      sslExpiry: true,
      sslExpiryThreshold: 7,
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      config: { address: "new@example.com" },
      sendDegraded: true,
      sslExpiryThreshold: 7,
    });
    const d = await svc.call("DELETE", `/v1/alert-channels/${ids[6]}`);
    expect(d.status).toBe(204);
    expect((await svc.call("GET", `/v1/alert-channels/${ids[6]}`)).status).toBe(404);
  });

  it("PUT subscriptions adds or updates one entry", async () => {
    const check = await svc.call("POST", "/v1/checks/url?autoAssignAlerts=false", {
      name: "sub",
      request: { url: "http://127.0.0.1:9/" },
    });
    const first = await svc.call("PUT", `/v1/alert-channels/${ids[1]}/subscriptions`, {
      checkId: check.body.id,
      activated: true,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ checkId: check.body.id, groupId: null, activated: true });
    const again = await svc.call("PUT", `/v1/alert-channels/${ids[1]}/subscriptions`, {
      checkId: check.body.id,
      activated: false,
    });
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.activated).toBe(false);
    const ch = await svc.call("GET", `/v1/alert-channels/${ids[1]}`);
    expect(ch.body.subscriptions).toEqual([
      { id: first.body.id, checkId: check.body.id, groupId: null, activated: false },
    ]);
    const group = await svc.call("PUT", `/v1/alert-channels/${ids[1]}/subscriptions`, {
      groupId: 12,
      activated: true,
    });
    expect(group.body).toMatchObject({ checkId: null, groupId: 12 });
    const both = await svc.call("PUT", `/v1/alert-channels/${ids[1]}/subscriptions`, { activated: true });
    expect(both.status).toBe(400);
    const ghost = await svc.call("PUT", `/v1/alert-channels/${ids[1]}/subscriptions`, {
      checkId: "00000000-0000-4000-8000-000000000000",
      activated: true,
    });
    expect(ghost.status).toBe(400);
  });
});
