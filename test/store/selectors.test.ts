import { describe, expect, it } from "vitest";
import {
  analyticsKey,
  analyticsQuery,
  matchesCheckFilter,
  paneLoadedAt,
  triggerTargets,
  visibleCheckRows,
} from "../../src/store/selectors.ts";
import {
  initialUi,
  moveCursor,
  setAnalytics,
  setFilter,
  sortBy,
  toggleMark,
} from "../../src/store/slices/ui.ts";
import { apply } from "../../src/store/store.ts";
import { check, status, storeWith } from "./fixtures.ts";

const api = check({ name: "Checkout API", tags: ["prod", "api"], checkType: "API" });
const web = check({ name: "Login page", tags: ["prod", "web"], checkType: "URL" });
const tcp = check({ name: "Cache node", tags: ["staging"], checkType: "TCP" });
const hb = check({ name: "Nightly backup", tags: ["jobs"], checkType: "HEARTBEAT" });

function fresh() {
  return storeWith(
    [api, web, tcp, hb],
    [status(api.id, "passing"), status(web.id, "failing"), status(tcp.id, "degraded")],
  );
}

describe("visibleCheckRows", () => {
  it("puts failing, then degraded, then pending, then passing first, by name within a state", () => {
    const rows = visibleCheckRows(fresh().getState());
    expect(rows.map((r) => [r.check.name, r.health])).toEqual([
      ["Login page", "failing"],
      ["Cache node", "degraded"],
      ["Nightly backup", "pending"],
      ["Checkout API", "passing"],
    ]);
  });

  it("filters by name, tag and type (words ANDed, tag:/type: prefixes)", () => {
    const names = (f: string) => {
      const store = fresh();
      apply(store, setFilter(store.getState(), "checks", f));
      return visibleCheckRows(store.getState()).map((r) => r.check.name);
    };
    expect(names("login")).toEqual(["Login page"]);
    expect(names("prod")).toEqual(["Login page", "Checkout API"]);
    expect(names("tag:prod type:api")).toEqual(["Checkout API"]);
    expect(names("type:heart")).toEqual(["Nightly backup"]);
    expect(names("nothing-like-this")).toEqual([]);
    expect(matchesCheckFilter(api, "  ")).toBe(true);
  });

  it("sorts by a column, and choosing it again reverses", () => {
    const store = fresh();
    apply(store, sortBy(store.getState(), "name"));
    expect(visibleCheckRows(store.getState()).map((r) => r.check.name)).toEqual([
      "Cache node",
      "Checkout API",
      "Login page",
      "Nightly backup",
    ]);
    apply(store, sortBy(store.getState(), "name"));
    expect(visibleCheckRows(store.getState())[0]?.check.name).toBe("Nightly backup");
    expect(store.getState().ui.sort).toEqual({ column: "name", desc: true });
  });

  it("is memoised: a cursor move returns the very same rows array", () => {
    const store = fresh();
    const before = visibleCheckRows(store.getState());
    apply(store, moveCursor(store.getState(), "checks", before.length, { delta: 2 }));
    expect(store.getState().ui.cursor.checks).toBe(2);
    expect(visibleCheckRows(store.getState())).toBe(before);
    apply(store, setFilter(store.getState(), "checks", "prod"));
    expect(visibleCheckRows(store.getState())).not.toBe(before);
  });
});

describe("triggerTargets", () => {
  it("is the marked checks when any, else the check under the cursor", () => {
    const store = fresh();
    expect(triggerTargets(store.getState()).map((c) => c.name)).toEqual(["Login page"]);
    apply(store, toggleMark(store.getState(), api.id));
    apply(store, toggleMark(store.getState(), tcp.id));
    expect(
      triggerTargets(store.getState())
        .map((c) => c.name)
        .sort(),
    ).toEqual(["Cache node", "Checkout API"]);
    apply(store, toggleMark(store.getState(), api.id));
    expect(triggerTargets(store.getState()).map((c) => c.name)).toEqual(["Cache node"]);
  });
});

describe("analytics query and cache key", () => {
  it("picks a bucket size giving about 48 points, and keys quick ranges without the clock", () => {
    const o = initialUi().analytics;
    const now = Date.parse("2026-11-21T12:00:00Z");
    const q = analyticsQuery(o, now);
    expect(q.to - q.from).toBe(86_400);
    expect(q.interval).toBe(30);
    expect(analyticsQuery({ ...o, range: "7d" }, now).interval).toBe(210);
    expect(analyticsQuery({ ...o, range: "30d", interval: 60 }, now).interval).toBe(60);
    expect(analyticsKey("c1", o)).toBe(analyticsKey("c1", { ...o }));
    expect(analyticsKey("c1", o)).not.toBe(analyticsKey("c2", o));
    expect(analyticsKey("c1", o)).not.toBe(analyticsKey("c1", { ...o, groupBy: "runLocation" }));
    const custom = { ...o, range: "custom" as const, from: 100, to: 4000 };
    expect(analyticsQuery(custom, now)).toMatchObject({ from: 100, to: 4000 });
    expect(analyticsKey("c1", custom)).toContain("100-4000");
  });

  it("paneLoadedAt follows the shown pane", () => {
    const store = fresh();
    expect(paneLoadedAt(store.getState())).toBe(Date.parse("2026-11-21T07:00:30Z"));
    expect(paneLoadedAt(store.getState(), "incidents")).toBeUndefined();
    apply(store, setAnalytics(store.getState(), { range: "7d" }));
    expect(paneLoadedAt(store.getState(), "analytics")).toBeUndefined();
  });
});
