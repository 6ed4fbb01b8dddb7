import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe("private locations", () => {
  let id = "";
  let rawKey = "";

  it("create answers 201 with a key whose rawKey appears only there", async () => {
    const r = await svc.call("POST", "/v1/private-locations", {
      name: "Office",
      slugName: "office-1",
      proxyUrl: "http://user:pw@proxy.local:3128",
    });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.body).toMatchObject({
      name: "Office",
      slugName: "office-1",
      icon: "location",
      proxyUrl: "http://user:pw@proxy.local:3128",
    });
    expect(r.body.created_at).toMatch(DATE);
    expect(r.body.keys).toHaveLength(1);
    const key = r.body.keys[0];
    expect(key.rawKey).toMatch(/^pl_[0-9a-f]{32}$/);
    expect(key.maskedKey).toBe(`...${key.rawKey.slice(-4)}`);
    expect(key.created_at).toMatch(DATE);
    expect(r.body).not.toHaveProperty("lastSeen");
    id = r.body.id;
    rawKey = key.rawKey;
  });

  it("read carries lastSeen and agentCount and never the raw key", async () => {
    const r = await svc.call("GET", `/v1/private-locations/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveProperty("lastSeen", null);
    expect(r.body.agentCount).toBe(0);
    expect(r.body.keys[0]).not.toHaveProperty("rawKey");
    expect(r.text).not.toContain(rawKey);
    const list = await svc.call("GET", "/v1/private-locations");
    expect(list.status).toBe(200);
    expect(list.body.map((l: { id: string }) => l.id)).toContain(id);
    expect(list.text).not.toContain(rawKey);
  });

  it.each([
    [{ name: "x", slugName: "has space" }, "slugName"],
    [{ name: "x", slugName: "a".repeat(31) }, "slugName"],
    [{ name: "x", slugName: "us-east-1" }, "slugName"],
    [{ name: "x", slugName: "eu-central-2-lab" }, "slugName"],
    [{ slugName: "ok" }, "name"],
    [{ name: "x", slugName: "ok2", proxyUrl: "not a url" }, "proxyUrl"],
    [{ name: "x", slugName: "ok3", proxyUrl: "ftp://proxy" }, "proxyUrl"],
  ])("rejects %j on %s", async (body, key) => {
    const r = await svc.call("POST", "/v1/private-locations", body);
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400);
    expect(r.body.validation).toEqual({ source: "payload", keys: [key] });
    expect(r.body.message).toContain(`"${key}"`);
  });

  it("a duplicate slug is 409", async () => {
    const r = await svc.call("POST", "/v1/private-locations", { name: "Again", slugName: "office-1" });
    expect(r.status).toBe(409);
    expectErrorShape(r.body, 409);
    expect(r.body.error).toBe("Conflict");
  });

  it("updates name, icon and proxyUrl; the slug is immutable", async () => {
    const r = await svc.call("PUT", `/v1/private-locations/${id}`, {
      name: "HQ",
      icon: "home",
      proxyUrl: null,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "HQ", icon: "home", proxyUrl: null, slugName: "office-1" });
    expect(r.body.updated_at).toMatch(DATE);
    const slug = await svc.call("PUT", `/v1/private-locations/${id}`, { name: "HQ", slugName: "other" });
    expect(slug.status).toBe(400);
    expect(slug.body.validation.keys).toEqual(["slugName"]);
  });

  it("keys: create 201 with rawKey once, delete 204", async () => {
    const k = await svc.call("POST", `/v1/private-locations/${id}/keys`);
    expect(k.status).toBe(201);
    expect(k.body.rawKey).toMatch(/^pl_/);
    expect(k.body.maskedKey).toBe(`...${k.body.rawKey.slice(-4)}`);
    const read = await svc.call("GET", `/v1/private-locations/${id}`);
    expect(read.body.keys).toHaveLength(2);
    expect(read.text).not.toContain(k.body.rawKey);
    expect((await svc.call("DELETE", `/v1/private-locations/${id}/keys/${k.body.id}`)).status).toBe(204);
    expect((await svc.call("DELETE", `/v1/private-locations/${id}/keys/${k.body.id}`)).status).toBe(404);
    expect((await svc.call("GET", `/v1/private-locations/${id}`)).body.keys).toHaveLength(1);
  });

  it("lists checks assigned by slug", async () => {
    const check = await svc.call("POST", "/v1/checks/url", {
      name: "from office",
      privateLocations: ["office-1"],
      request: { url: "http://127.0.0.1:9/" },
    });
    expect(check.status).toBe(201);
    const r = await svc.call("GET", `/v1/private-locations/${id}`);
    expect(r.body.checkAssignments).toEqual([
      expect.objectContaining({ checkId: check.body.id, privateLocationId: id }),
    ]);
  });

  it("deletes with 204", async () => {
    const r = await svc.call("POST", "/v1/private-locations", { name: "Temp", slugName: "temp" });
    expect((await svc.call("DELETE", `/v1/private-locations/${r.body.id}`)).status).toBe(204);
    expect((await svc.call("GET", `/v1/private-locations/${r.body.id}`)).status).toBe(404);
  });
});
