/**
 * The values many checks repeat, held once (src/store/data/intern.ts): equal lists share one frozen array,
 * a status's check id is the held check's own string; and on the real service, checks with equal tags
 * and locations hold the same arrays after a read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createInterner, internCheck, internStatus } from "../../src/store/data/intern.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import type { CheckSummary } from "../../src/store/data/summary.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { initialUi } from "../../src/store/view/ui.ts";
import { startTestService, type TestService } from "../service/support.ts";

describe("createInterner", () => {
  it("gives equal lists one frozen array, keeps null and undefined, and shares the empty list", () => {
    const t = createInterner();
    const a = t.list(["prod", "api"]);
    expect(t.list(["prod", "api"])).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(t.list(["api", "prod"])).not.toBe(a);
    expect(t.list(null)).toBeNull();
    expect(t.list(undefined)).toBeUndefined();
    expect(t.list([])).toBe(t.list([]));
    expect(createInterner().list([])).toBe(t.list([]));
  });

  it("does not confuse lists whose joined text is equal", () => {
    const t = createInterner();
    expect(t.list(["a,b"])).not.toBe(t.list(["a", "b"]));
    expect(t.list(["a\u0000b", "c"])).not.toBe(t.list(["a", "b\u0000c"]));
    expect(t.list(["a,b"])).toEqual(["a,b"]);
    // a list and its prefix, or the same list longer, are different lists
    expect(t.list(["a"])).not.toBe(t.list(["a", "b"]));
    expect(t.list(["a", "b"])).not.toBe(t.list(["a", "b", "b"]));
    expect(t.list(["a", "b", "b"])).toEqual(["a", "b", "b"]);
    expect(t.list(["a"])).toEqual(["a"]);
  });

  it("a check keeps its values; its lists become the shared ones", () => {
    const t = createInterner();
    const one: CheckSummary = { id: "1", name: "a", checkType: "URL", tags: ["x"], locations: ["eu-west-1"] };
    const two: CheckSummary = { id: "2", name: "b", checkType: "URL", tags: ["x"], locations: ["eu-west-1"] };
    const before = structuredClone(two);
    expect(internCheck(one, t)).toBe(one);
    internCheck(two, t);
    expect(two).toEqual(before);
    expect(two.tags).toBe(one.tags);
    expect(two.locations).toBe(one.locations);
    expect(two.privateLocations).toBeUndefined();
  });

  it("a status keeps its values whether its check is held or not", () => {
    const t = createInterner();
    const checks = new Map([["c1", { id: "c1" }]]);
    const held = { checkId: "c1", lastRunLocation: "eu-west-1", hasFailures: true };
    const unknown = { checkId: "c9", lastRunLocation: null };
    expect(internStatus({ ...held }, checks, t)).toEqual(held);
    expect(internStatus({ ...unknown }, checks, t)).toEqual(unknown);
  });
});

describe("checks read from the embedded service", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ demo: true, scheduler: false });
  });
  afterAll(async () => {
    await svc?.dispose();
  });

  it("checks with equal tags or locations hold one array each; the values are the service's", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey });
    const store = createConsoleStore({ ui: initialUi("checks") });
    const loaders = createLoaders(client, store);
    await loaders.checks();
    await loaders.statuses();
    const items = store.getState().checks.items;
    const served = (await client.checks.listAll()).map((c) => [c.id, c.tags ?? [], c.locations ?? []]);
    expect(items.map((c) => [c.id, [...(c.tags ?? [])], [...(c.locations ?? [])]])).toEqual(served);
    const byLocations = new Map<string, readonly string[]>();
    let shared = 0;
    for (const c of items) {
      if (!c.locations?.length) continue;
      const key = JSON.stringify(c.locations);
      const first = byLocations.get(key);
      if (first) {
        expect(c.locations).toBe(first);
        shared++;
      } else byLocations.set(key, c.locations);
    }
    expect(shared).toBeGreaterThan(0);
    // a status still finds its check
    for (const st of store.getState().statuses.byId.values())
      expect(store.getState().checks.byId.has(st.checkId)).toBe(true);
    await client.close();
  });
});
