import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, ResponseShapeError, UsageError } from "../../src/api/errors.ts";
import { servicesApi } from "../../src/api/services.ts";
import {
  expectRequest,
  type Harness,
  notFound,
  service,
  service2,
  startHarness,
} from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof servicesApi>;
beforeEach(async () => {
  h = await startHarness();
  api = servicesApi(h.http);
});
afterEach(() => h.close());

describe("servicesApi.list", () => {
  it("GETs /v1/status-pages/services with limit, nextId and paginated", async () => {
    h.srv.reply({ json: { length: 2, entries: [service, service2], nextId: null } });
    const p = await api.list({ limit: 50, nextId: "n1", paginated: false });
    const r = h.srv.last;
    expectRequest(r, "GET", "/v1/status-pages/services", { query: "limit=50&nextId=n1&paginated=false" });
    expect(p).toEqual({ length: 2, entries: [service, service2], nextId: null });
  });

  it("sends no query by default", async () => {
    h.srv.reply({ json: { length: 0, entries: [], nextId: null } });
    await api.list();
    expect(h.srv.last.rawQuery).toBe("");
  });

  it.each([{ limit: 0 }, { limit: 101 }, { limit: 1.5 }])("refuses %o before sending", async (q) => {
    await expect(api.list(q)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("listAll follows the cursor and stops on a repeated cursor", async () => {
    h.srv.reply(
      { json: { length: 1, entries: [service], nextId: "x" } },
      { json: { length: 1, entries: [service2], nextId: "x" } },
    );
    const all = await api.listAll();
    expect(all.map((s) => s.id)).toEqual(["svc-1", "svc-2"]);
    expect(h.srv.requests.map((r) => r.rawQuery)).toEqual(["limit=100", "limit=100&nextId=x"]);
  });

  it("a page without entries is a ResponseShapeError", async () => {
    h.srv.reply({ json: { length: 0, nextId: null } });
    const e = await api.list().catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.message).toContain("entries");
  });
});

describe("servicesApi.get and create (beyond the seed)", () => {
  it("get GETs /v1/status-pages/services/{id}", async () => {
    h.srv.reply({ json: service });
    expect(await api.get("svc-1")).toEqual(service);
    expectRequest(h.srv.last, "GET", "/v1/status-pages/services/svc-1");
  });

  it("get: 404 is an ApiError", async () => {
    h.srv.reply(notFound("Service not found"));
    const e = await api.get("nope").catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(e.message).toBe("GET /v1/status-pages/services/nope failed: 404 Service not found");
  });

  it("create POSTs {name} and accepts the hosted 200", async () => {
    h.srv.reply({ status: 200, json: service2 });
    const s = await api.create({ name: "Web" });
    const r = h.srv.last;
    expectRequest(r, "POST", "/v1/status-pages/services", { body: { name: "Web" } });
    expect(s).toEqual(service2);
  });

  it("create refuses an empty or over-long name", async () => {
    await expect(api.create({ name: " " })).rejects.toBeInstanceOf(UsageError);
    await expect(api.create({ name: "x".repeat(256) })).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });
});
