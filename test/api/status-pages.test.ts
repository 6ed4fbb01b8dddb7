import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UsageError } from "../../src/api/errors.ts";
import { statusPagesApi } from "../../src/api/status-pages.ts";
import { expectRequest, type Harness, notFound, startHarness, statusPage } from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof statusPagesApi>;
beforeEach(async () => {
  h = await startHarness();
  api = statusPagesApi(h.http);
});
afterEach(() => h.close());

const page2 = { ...statusPage, id: "sp-2", name: "Beta", url: "beta", incidents: [] };

const lower = {
  bodyBackgroundColor: "#fff",
  headerBackgroundColor: "#ffffff",
  headerFontColor: "#111",
  titleFontColor: "#111",
  bodyFontColor: "#222",
  bodyFontColorMuted: "#666",
  navigationFontColor: "#333",
  linkFontColor: "#05c",
  cardBackgroundColor: "#fafafa",
  borderColor: "#ddd",
  primaryButtonBackgroundColor: "#05c",
  primaryButtonFontColor: "#fff",
};

describe("statusPagesApi.list", () => {
  it("GETs /v1/status-pages with limit and nextId and parses the cursor page", async () => {
    h.srv.reply({ json: { length: 1, entries: [statusPage], nextId: "cur-2" } });
    const p = await api.list({ limit: 1, nextId: "cur-1" });
    const r = h.srv.last;
    expectRequest(r, "GET", "/v1/status-pages", { query: "limit=1&nextId=cur-1" });
    expect(p).toEqual({ length: 1, entries: [statusPage], nextId: "cur-2" });
    expect(p.entries[0]?.cards?.[0]?.services?.[0]?.checks?.[0]?.name).toBe("GET /health");
  });

  it("sends no query by default (server default 20)", async () => {
    h.srv.reply({ json: { length: 0, entries: [], nextId: null } });
    await api.list();
    expect(h.srv.last.rawQuery).toBe("");
  });

  it("passes an unknown defaultTheme through", async () => {
    h.srv.reply({ json: { length: 1, entries: [{ ...statusPage, defaultTheme: "SEPIA" }], nextId: null } });
    const p = await api.list();
    expect(p.entries[0]?.defaultTheme).toBe("SEPIA");
  });

  it.each([{ limit: 0 }, { limit: 101 }, { nextId: "" }])("refuses %o before sending", async (q) => {
    await expect(api.list(q)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("listAll follows nextId until null", async () => {
    h.srv.reply(
      { json: { length: 1, entries: [statusPage], nextId: "c2" } },
      { json: { length: 1, entries: [page2], nextId: null } },
    );
    const all = await api.listAll();
    expect(all.map((p) => p.id)).toEqual(["sp-1", "sp-2"]);
    expect(h.srv.requests.map((r) => r.rawQuery)).toEqual(["limit=100", "limit=100&nextId=c2"]);
  });
});

describe("statusPagesApi.get", () => {
  it("GETs /v1/status-pages/{id}", async () => {
    const single = { ...statusPage, whiteLabel: true, accountId: undefined, incidents: undefined };
    h.srv.reply({ json: single });
    const p = await api.get("sp-1");
    expectRequest(h.srv.last, "GET", "/v1/status-pages/sp-1");
    expect(p).toEqual(JSON.parse(JSON.stringify(single)));
    expect(p.whiteLabel).toBe(true);
  });

  it("encodes the id and maps 404 to ApiError", async () => {
    h.srv.reply(notFound("Status page not found"));
    const e = await api.get("a/b").catch((x) => x);
    expect(h.srv.last.path).toBe("/v1/status-pages/a%2Fb");
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe("GET /v1/status-pages/a%2Fb failed: 404 Status page not found");
  });
});

describe("statusPagesApi.update", () => {
  it("PUTs the whole page with cards and service references; colours upper-cased", async () => {
    h.srv.reply({ json: statusPage });
    const p = await api.update("sp-1", {
      name: "Acme status",
      url: "acme",
      cards: [{ id: "card-1", statusPageId: "sp-1", name: "Core", services: [{ id: "svc-1" }] }],
      customDomain: "status.acme.test",
      themeColors: { light: lower, dark: lower },
      logo: "https://acme.test/logo.png",
      redirectTo: null,
      favicon: "https://acme.test/favicon.ico",
      defaultTheme: "DARK",
      description: "All systems",
    });
    const upper = Object.fromEntries(Object.entries(lower).map(([k, v]) => [k, v.toUpperCase()]));
    expectRequest(h.srv.last, "PUT", "/v1/status-pages/sp-1", {
      body: {
        name: "Acme status",
        url: "acme",
        cards: [{ id: "card-1", statusPageId: "sp-1", name: "Core", services: [{ id: "svc-1" }] }],
        customDomain: "status.acme.test",
        themeColors: { light: upper, dark: upper },
        logo: "https://acme.test/logo.png",
        redirectTo: null,
        favicon: "https://acme.test/favicon.ico",
        defaultTheme: "DARK",
        description: "All systems",
      },
    });
    expect(p).toEqual(statusPage);
  });

  const ok = { name: "A", url: "a", cards: [] };
  it.each([
    ["a missing url", { name: "A", cards: [] }],
    ["missing cards", { name: "A", url: "a" }],
    ["a card without a name", { ...ok, cards: [{ services: [] }] }],
    ["a description over 500 characters", { ...ok, description: "x".repeat(501) }],
    ["an unknown defaultTheme", { ...ok, defaultTheme: "SEPIA" }],
    ["a bad colour", { ...ok, themeColors: { light: { ...lower, borderColor: "red" }, dark: lower } }],
    [
      "a theme missing a colour",
      { ...ok, themeColors: { light: { bodyBackgroundColor: "#FFF" }, dark: lower } },
    ],
    ["a logo that is not a URL", { ...ok, logo: "logo.png" }],
  ])("refuses %s before sending", async (_label, body) => {
    await expect(api.update("sp-1", body as never)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });
});

describe("statusPagesApi.create (beyond the seed)", () => {
  it("POSTs /v1/status-pages and accepts 201", async () => {
    h.srv.reply({ status: 201, json: page2 });
    const p = await api.create({ name: "Beta", url: "beta", cards: [{ name: "Core" }] });
    const r = h.srv.last;
    expectRequest(r, "POST", "/v1/status-pages", {
      body: { name: "Beta", url: "beta", cards: [{ name: "Core" }] },
    });
    expect(p.id).toBe("sp-2");
  });
});
