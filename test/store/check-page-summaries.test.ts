/**
 * The first read of the checks list builds each check's summary as its page arrives (checkSummariesOf,
 * summary-schemas.ts) and checksLoaded takes the summaries as they are. Pure: the summary built per page
 * equals what the list held before (the page validated, interned, then slimmed by checksLoaded at the end)
 * for every check type; and a page with a bad row is still one clear error (the whole page validated as
 * before, against a real loopback server). A refresh (each check kept as it is parsed: refreshedSummary)
 * holds what a first read of the same pages holds, the unchanged checks as the held objects, and a bad row
 * is the same one clear error.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { CHECK_TYPES } from "../../src/contract/check-types.ts";
import { createInterner, internCheck } from "../../src/store/data/intern.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { checksLoaded } from "../../src/store/data/slices.ts";
import { toCheckSummary } from "../../src/store/data/summary.ts";
import { checkSummariesOf, checkSummaryListSchema } from "../../src/store/data/summary-schemas.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { initialUi } from "../../src/store/view/ui.ts";
import { ScriptedServer } from "../support/scripted-server.ts";

/** A check document of every type as the API lists it: the members a summary reads and others it drops. */
function page(): Record<string, unknown>[] {
  return CHECK_TYPES.flatMap((checkType, i) => [
    {
      id: `00000000-0000-4000-8000-${String(2 * i).padStart(12, "0")}`,
      name: `${checkType} full`,
      checkType,
      activated: true,
      muted: i % 2 === 0,
      frequency: 10,
      locations: ["eu-west-1", "us-east-1"],
      privateLocations: i % 3 === 0 ? ["on-prem"] : [],
      tags: ["prod", `t${i % 2}`],
      degradedResponseTime: 3000,
      maxResponseTime: 20000,
      heartbeat:
        checkType === "HEARTBEAT"
          ? { period: 5, periodUnit: "minutes", grace: 30, graceUnit: "seconds" }
          : null,
      // members of the full document the summary never holds
      request: { url: "https://example.test/", method: "GET", assertions: [] },
      script: "await page.goto('https://example.test/')",
      created_at: "2026-11-21T07:00:00Z",
    },
    {
      id: `00000000-0000-4000-8000-${String(2 * i + 1).padStart(12, "0")}`,
      name: `${checkType} bare`,
      checkType,
      activated: null,
      locations: null,
      tags: ["prod", `t${i % 2}`],
    },
  ]);
}

describe("a check's summary built as its page arrives", () => {
  it("equals the summary checksLoaded made of the validated page, for every check type", () => {
    const raw = page();
    expect(new Set(raw.map((c) => c.checkType))).toEqual(new Set(CHECK_TYPES));
    // before: the validated page interned and held until the end, then slimmed by checksLoaded
    const oldTable = createInterner();
    const before = checkSummaryListSchema
      .parse(structuredClone(raw))
      .map((c) => internCheck(c, oldTable))
      .map(toCheckSummary);
    const now = checkSummariesOf(checkSummaryListSchema.parse(structuredClone(raw)), createInterner());
    expect(now).toEqual(before);
    for (const c of now) {
      expect(c).not.toHaveProperty("heartbeat");
      expect(c).not.toHaveProperty("request");
    }
    const hb = now.find((c) => c.checkType === "HEARTBEAT" && c.name.endsWith("full"));
    expect(hb?.heartbeatPeriodMs).toBe(300_000);
    expect(hb?.heartbeatGraceMs).toBe(30_000);
    // equal lists of tags are one (frozen) array across the page
    const tags = now.filter((c) => c.tags?.[1] === "t0").map((c) => c.tags);
    expect(new Set(tags).size).toBe(1);
    // the list holds the summaries themselves: nothing is copied again at the end
    const loaded = checksLoaded(now, 0).checks?.items ?? [];
    expect(loaded.length).toBe(now.length);
    for (let i = 0; i < loaded.length; i++) expect(loaded[i]).toBe(now[i]);
  });
});

describe("a page of the checks list with a bad row", () => {
  let srv: ScriptedServer;
  beforeEach(async () => {
    srv = await new ScriptedServer().start();
  });
  afterEach(async () => {
    await srv.close();
  });

  it("is one clear error naming the row and member; the list is not taken", async () => {
    const rows = checkSummaryListSchema.parse(page());
    const bad = rows.map((c, i) => (i === 3 ? { ...c, name: 42 } : c));
    srv.always({ json: bad, headers: { "content-range": `0-${bad.length - 1}/${bad.length}` } });
    const client = createClient({ baseUrl: srv.url, apiKey: "k" });
    const store = createConsoleStore({ ui: initialUi("checks") });
    await expect(createLoaders(client, store).checks()).rejects.toThrow(
      /^GET \/v1\/checks: unexpected response shape at \[3\]\.name: /,
    );
    const s = store.getState().checks;
    expect(s.error).toMatch(/^GET \/v1\/checks: unexpected response shape at \[3\]\.name: [^\n]+$/);
    expect(s.items.length).toBe(0);
    expect(s.loadedAt).toBeUndefined();
    await client.close();
  });
});

describe("a refresh of the checks list", () => {
  let srv: ScriptedServer;
  beforeEach(async () => {
    srv = await new ScriptedServer().start();
  });
  afterEach(async () => {
    await srv.close();
  });

  /** Pages of 100 of `rows` as the hosted API lists them (no wide pages offered). */
  const serve = (rows: Record<string, unknown>[]) =>
    srv.always((req) => {
      const at = (Number(req.query.get("page") ?? 1) - 1) * 100;
      const json = rows.slice(at, at + 100);
      return { json, headers: { "content-range": `${at}-${at + json.length - 1}/${rows.length}` } };
    });
  const many = (): Record<string, unknown>[] =>
    Array.from({ length: 9 }, (_, k) =>
      page().map((c) => ({ ...c, id: `${k}${String(c.id).slice(1)}` })),
    ).flat();

  it("holds what a first read of the same pages holds, the unchanged checks as the held objects", async () => {
    const rows = many();
    serve(rows);
    const client = createClient({ baseUrl: srv.url, apiKey: "k" });
    const store = createConsoleStore({ ui: initialUi("checks") });
    const loaders = createLoaders(client, store);
    await loaders.checks();
    const first = store.getState().checks;
    expect(first.items.length).toBe(rows.length);
    // two checks changed, one gone, one new
    const next = rows
      .filter((_, i) => i !== 5)
      .map((c, i) =>
        i === 2 || i === 40 ? { ...c, name: `${String(c.name)} renamed`, tags: ["moved"] } : c,
      );
    next.push({ ...rows[0], id: "99999999-0000-4000-8000-000000000000" });
    serve(next);
    await loaders.checks();
    const refreshed = store.getState().checks.items;
    // what a console reading these pages first holds
    const fresh = createConsoleStore({ ui: initialUi("checks") });
    await createLoaders(client, fresh).checks();
    expect(refreshed).toEqual(fresh.getState().checks.items);
    const held = new Map(first.items.map((c) => [c.id, c]));
    for (const c of refreshed) {
      const renamed = c.name.endsWith("renamed");
      if (held.has(c.id) && !renamed) expect(c).toBe(held.get(c.id));
      else expect(c).not.toBe(held.get(c.id));
    }
    expect(refreshed.filter((c) => c.name.endsWith("renamed")).length).toBe(2);
    await client.close();
  });

  it("a page with a bad row is one clear error, and the held list stays", async () => {
    const rows = many();
    serve(rows);
    const client = createClient({ baseUrl: srv.url, apiKey: "k", retries: 0 });
    const store = createConsoleStore({ ui: initialUi("checks") });
    const loaders = createLoaders(client, store);
    await loaders.checks();
    const held = store.getState().checks.items;
    serve(rows.map((c, i) => (i === 103 ? { ...c, name: 42 } : c)));
    await expect(loaders.checks()).rejects.toThrow(
      /^GET \/v1\/checks: unexpected response shape at \[3\]\.name: /,
    );
    const s = store.getState().checks;
    expect(s.error).toMatch(/^GET \/v1\/checks: unexpected response shape at \[3\]\.name: [^\n]+$/);
    expect(s.items).toBe(held);
    await client.close();
  });
});
