import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

const BAD_TOKEN = { statusCode: 401, error: "Unauthorized", message: "Bad Token" };

describe("auth", () => {
  it.each([
    ["GET", "/v1/checks"],
    ["GET", "/v1/alert-channels"],
    ["GET", "/v1/alert-channels/1"],
    ["POST", "/v1/private-locations"],
    ["GET", "/v1/private-locations/00000000-0000-4000-8000-000000000000"],
    ["GET", "/v1/status-pages"],
    ["PUT", "/v1/status-pages/abc"],
    ["GET", "/v1/status-pages/services"],
    ["GET", "/v1/status-pages/incidents"],
    ["POST", "/v1/status-pages/incidents"],
    ["GET", "/v1/locations"],
    ["GET", "/v1/does-not-exist"],
  ])("%s %s without a key is 401 Bad Token", async (method, path) => {
    const r = await call(svc.url, undefined, method, path);
    expect(r.status).toBe(401);
    expect(r.body).toEqual(BAD_TOKEN);
  });

  it("a wrong key, a key of another length and a non-bearer scheme are 401", async () => {
    for (const auth of [`Bearer ${svc.apiKey}x`, "Bearer k", `Basic ${svc.apiKey}`, svc.apiKey]) {
      const r = await call(svc.url, undefined, "GET", "/v1/locations", undefined, { authorization: auth });
      expect(r.status).toBe(401);
      expect(r.body).toEqual(BAD_TOKEN);
    }
  });

  it("the right key passes", async () => {
    const r = await svc.call("GET", "/v1/locations");
    expect(r.status).toBe(200);
  });

  it("ping endpoints need no key", async () => {
    const r = await call(svc.url, undefined, "GET", "/ping/00000000-0000-4000-8000-000000000000");
    expect(r.status).not.toBe(401);
  });
});

describe("x-service-account", () => {
  it("is echoed as accountId", async () => {
    const created = await svc.call("POST", "/v1/status-pages/services", { name: "Echo" });
    expect(created.status).toBe(201);
    const mine = await svc.call("GET", `/v1/status-pages/services/${created.body.id}`, undefined, {
      "x-service-account": "acct-123",
    });
    expect(mine.body.accountId).toBe("acct-123");
  });

  it("without it, a stable default account id is used", async () => {
    const a = await svc.call("POST", "/v1/status-pages/services", { name: "A" });
    const b = await svc.call("GET", `/v1/status-pages/services/${a.body.id}`);
    expect(typeof a.body.accountId).toBe("string");
    expect(a.body.accountId.length).toBeGreaterThan(0);
    expect(b.body.accountId).toBe(a.body.accountId);
  });
});

describe("errors", () => {
  it("unknown routes answer the hosted 404 body", async () => {
    const r = await svc.call("GET", "/v1/nothing-here");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ statusCode: 404, error: "Not Found", message: "Not Found" });
  });

  it("a body that is not JSON is a 400", async () => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", "{not json");
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400);
    expect(r.body.message).toMatch(/JSON/);
  });

  it("an empty body where one is required is a 400 naming the value", async () => {
    const r = await svc.call("POST", "/v1/private-locations");
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('"value" must be of type object');
    expect(r.body.validation.source).toBe("payload");
  });

  it.each([
    "/v1/checks/00000000-0000-4000-8000-000000000000",
    "/v1/alert-channels/999",
    "/v1/private-locations/00000000-0000-4000-8000-000000000000",
    "/v1/status-pages/nope",
    "/v1/status-pages/services/nope",
    "/v1/status-pages/incidents/nope",
    "/v1/status-pages/incidents/nope/incident-updates/nope",
  ])("GET %s of an unknown id is a hosted 404", async (path) => {
    const r = await svc.call("GET", path);
    expect(r.status).toBe(404);
    expectErrorShape(r.body, 404);
    expect(r.body.error).toBe("Not Found");
  });

  it("a malformed query value is a 400 with source query", async () => {
    const r = await svc.call("GET", "/v1/status-pages?limit=abc");
    expect(r.status).toBe(400);
    expect(r.body.validation).toEqual({ source: "query", keys: ["limit"] });
  });
});
