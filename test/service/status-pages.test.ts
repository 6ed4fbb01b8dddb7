import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THEME_COLOR_FIELDS } from "../../src/contract/schemas/status-pages.ts";
import { expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const newService = async (name: string) =>
  (await svc.call("POST", "/v1/status-pages/services", { name })).body;

describe("services", () => {
  it("create answers 201 Created (as real clients expect) with the service shape", async () => {
    const r = await svc.call("POST", "/v1/status-pages/services", { name: "API" });
    expect(r.status).toBe(201);
    expect(typeof r.body.id).toBe("string");
    expect(r.body).toMatchObject({ name: "API", checks: [], updated_at: null });
    expect(r.body.created_at).toMatch(DATE);
    expect((await svc.call("POST", "/v1/status-pages/services", { name: "" })).status).toBe(400);
    expect((await svc.call("POST", "/v1/status-pages/services", { name: "x".repeat(256) })).status).toBe(400);
  });

  it("links checks and shows them as {id, name}", async () => {
    const check = await svc.call("POST", "/v1/checks/url", {
      name: "Linked",
      request: { url: "http://127.0.0.1:9/" },
    });
    const r = await svc.call("POST", "/v1/status-pages/services", {
      name: "Linked svc",
      checks: [{ id: check.body.id }],
    });
    expect(r.body.checks).toEqual([{ id: check.body.id, name: "Linked" }]);
    const bad = await svc.call("POST", "/v1/status-pages/services", { name: "x", checks: [{ id: "nope" }] });
    expect(bad.status).toBe(400);
  });

  it("lists with a cursor: limit default 20, 1–100, nextId null on the last page", async () => {
    for (let i = 0; i < 23; i++) await newService(`svc-${i}`);
    const p1 = await svc.call("GET", "/v1/status-pages/services");
    expect(p1.status).toBe(200);
    expect(p1.body.length).toBe(20);
    expect(p1.body.entries).toHaveLength(20);
    expect(typeof p1.body.nextId).toBe("string");
    const seen = new Set(p1.body.entries.map((e: { id: string }) => e.id));
    let next = p1.body.nextId;
    let pages = 1;
    while (next) {
      const p = await svc.call(
        "GET",
        `/v1/status-pages/services?limit=20&nextId=${encodeURIComponent(next)}`,
      );
      for (const e of p.body.entries) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
      next = p.body.nextId;
      pages++;
    }
    expect(pages).toBe(2);
    const all = await svc.call("GET", "/v1/status-pages/services?paginated=false");
    expect(all.body.entries).toHaveLength(seen.size);
    expect(all.body.nextId).toBeNull();
    expect((await svc.call("GET", "/v1/status-pages/services?limit=101")).status).toBe(400);
    expect((await svc.call("GET", "/v1/status-pages/services?limit=0")).status).toBe(400);
    expect((await svc.call("GET", "/v1/status-pages/services?nextId=bogus")).status).toBe(400);
  });

  it("reads, updates and deletes one", async () => {
    const s = await newService("Temp");
    expect((await svc.call("GET", `/v1/status-pages/services/${s.id}`)).body.name).toBe("Temp");
    const u = await svc.call("PUT", `/v1/status-pages/services/${s.id}`, { name: "Temp2" });
    expect(u.body.name).toBe("Temp2");
    expect((await svc.call("DELETE", `/v1/status-pages/services/${s.id}`)).status).toBe(204);
    expect((await svc.call("GET", `/v1/status-pages/services/${s.id}`)).status).toBe(404);
  });
});

describe("status pages", () => {
  let pageId = "";
  let api: { id: string };
  let web: { id: string };
  let db: { id: string };

  beforeAll(async () => {
    api = await newService("Page API");
    web = await newService("Page Web");
    db = await newService("Page DB");
  });

  it("create answers 201 with cards and their services", async () => {
    const r = await svc.call("POST", "/v1/status-pages", {
      name: "Acme",
      url: "acme",
      defaultTheme: "DARK",
      cards: [
        { name: "Frontend", services: [{ id: web.id }] },
        { name: "Backend", services: [{ id: api.id }, { id: db.id }] },
      ],
    });
    expect(r.status).toBe(201);
    pageId = r.body.id;
    expect(r.body).toMatchObject({ name: "Acme", url: "acme", defaultTheme: "DARK", whiteLabel: false });
    expect(r.body.cards.map((c: { name: string }) => c.name)).toEqual(["Frontend", "Backend"]);
    expect(r.body.cards[1].services.map((s: { id: string }) => s.id)).toEqual([api.id, db.id]);
    expect(r.body.cards[0].created_at).toMatch(DATE);
    expect(r.body.cards[0].services[0]).toMatchObject({ id: web.id, name: "Page Web" });
    expect(r.body.cards[0].services[0].created_at).toMatch(DATE);
  });

  it("rejects unknown services, bad colours and a taken url", async () => {
    const unknown = await svc.call("POST", "/v1/status-pages", {
      name: "x",
      url: "x",
      cards: [{ name: "c", services: [{ id: "nope" }] }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.validation.keys).toEqual(["cards.0.services.0.id"]);
    const taken = await svc.call("POST", "/v1/status-pages", { name: "x", url: "acme", cards: [] });
    expect(taken.status).toBe(409);
    expectErrorShape(taken.body, 409);
    const missing = await svc.call("POST", "/v1/status-pages", { name: "x", url: "y" });
    expect(missing.status).toBe(400);
    expect(missing.body.validation.keys).toEqual(["cards"]);
  });

  it("PUT updates the page, its cards and services together", async () => {
    const before = (await svc.call("GET", `/v1/status-pages/${pageId}`)).body;
    const backend = before.cards[1];
    const colours = Object.fromEntries(THEME_COLOR_FIELDS.map((k) => [k, "#aabbcc"]));
    const r = await svc.call("PUT", `/v1/status-pages/${pageId}`, {
      name: "Acme Status",
      url: "acme",
      customDomain: "status.acme.example",
      themeColors: { light: colours, dark: colours },
      cards: [
        { id: backend.id, statusPageId: pageId, name: "Core", services: [{ id: db.id }] },
        { name: "New card", services: [{ id: api.id }, { id: web.id }] },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Acme Status",
      customDomain: "status.acme.example",
      defaultTheme: "AUTO",
    });
    expect(r.body.themeColors.light.borderColor).toBe("#AABBCC");
    expect(r.body.cards.map((c: { name: string }) => c.name)).toEqual(["Core", "New card"]);
    expect(r.body.cards[0].id).toBe(backend.id);
    expect(r.body.cards[0].services.map((s: { id: string }) => s.id)).toEqual([db.id]);
    expect(r.body.cards[1].services.map((s: { id: string }) => s.id)).toEqual([api.id, web.id]);
    const read = await svc.call("GET", `/v1/status-pages/${pageId}`);
    expect(read.body.cards).toEqual(r.body.cards);
    const bad = await svc.call("PUT", `/v1/status-pages/${pageId}`, {
      name: "x",
      url: "acme",
      cards: [],
      defaultTheme: "PINK",
    });
    expect(bad.status).toBe(400);
    expect((await svc.call("PUT", "/v1/status-pages/nope", { name: "x", url: "z", cards: [] })).status).toBe(
      404,
    );
  });

  it("lists with a cursor; entries carry accountId, dates, cards and incidents", async () => {
    for (let i = 0; i < 3; i++)
      await svc.call("POST", "/v1/status-pages", { name: `P${i}`, url: `p-${i}`, cards: [] });
    await svc.call("POST", "/v1/status-pages/incidents", {
      name: "DB slow",
      severity: "MINOR",
      services: [{ id: db.id }],
      incidentUpdates: [{ description: "slow" }],
    });
    const p1 = await svc.call("GET", "/v1/status-pages?limit=2");
    expect(p1.body.length).toBe(2);
    expect(p1.body.entries).toHaveLength(2);
    expect(p1.body.nextId).toEqual(expect.any(String));
    const first = p1.body.entries[0];
    expect(first.id).toBe(pageId);
    expect(typeof first.accountId).toBe("string");
    expect(first.created_at).toMatch(DATE);
    expect(first.incidents.map((i: { name: string }) => i.name)).toEqual(["DB slow"]);
    const p2 = await svc.call("GET", `/v1/status-pages?limit=2&nextId=${p1.body.nextId}`);
    expect(p2.body.entries).toHaveLength(2);
    expect(p2.body.nextId).toBeNull();
    expect((await svc.call("GET", "/v1/status-pages?limit=101")).status).toBe(400);
    const def = await svc.call("GET", "/v1/status-pages");
    expect(def.body.entries).toHaveLength(4);
  });

  it("deletes with 204", async () => {
    const r = await svc.call("POST", "/v1/status-pages", {
      name: "Gone",
      url: "gone",
      cards: [{ name: "c" }],
    });
    expect((await svc.call("DELETE", `/v1/status-pages/${r.body.id}`)).status).toBe(204);
    expect((await svc.call("GET", `/v1/status-pages/${r.body.id}`)).status).toBe(404);
  });
});
