import { describe, expect, it } from "vitest";
import { actTarget } from "../../src/store/actions/targets.ts";
import { analyticsKey, analyticsQuery } from "../../src/store/analytics/query.ts";
import { checksLoaded, resultsLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { type CheckSummary, toCheckSummary } from "../../src/store/data/summary.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleState } from "../../src/store/state.ts";
import { memo, newViewMemo, viewMemo } from "../../src/store/view/memo.ts";
import {
  decorateRow,
  lastRunOf,
  matchesCheckFilter,
  sortedCheckRows,
} from "../../src/store/view/selectors.ts";
import {
  initialUi,
  moveCursor,
  setAnalytics,
  setFilter,
  sortBy,
  toggleMark,
} from "../../src/store/view/ui.ts";
import { analyticsChecks } from "../../src/tui/panes/analytics/rows.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { heartbeatChecks } from "../../src/tui/panes/heartbeats/rows.ts";
import { paneLoadedAt } from "../../src/tui/panes/lookup.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { check, status, storeWith } from "./fixtures.ts";

/** What `t` triggers on the checks pane: the marked checks, else the cursor's (its spec's `selects`). */
const triggerTargets = (s: ConsoleState) => actTarget(PANE_HOOKS, s).checks;

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
    expect(matchesCheckFilter({ check: api }, "  ")).toBe(true);
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
    expect(analyticsQuery({ ...o, range: "7d" }, now).interval).toBe(180);
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

describe("structural sharing and what re-sorts", () => {
  const at = Date.parse("2026-11-21T07:01:00Z");

  it("a status poll with equal data keeps the statuses map and the rows array", () => {
    const store = fresh();
    const before = visibleCheckRows(store.getState());
    const byId = store.getState().statuses.byId;
    const again = [status(api.id, "passing"), status(web.id, "failing"), status(tcp.id, "degraded")];
    apply(store, statusesLoaded(again, at, store.getState().statuses));
    expect(store.getState().statuses.byId).toBe(byId);
    expect(store.getState().statuses.loadedAt).toBe(at);
    expect(visibleCheckRows(store.getState())).toBe(before);
  });

  it("a changed status rebuilds only its row; the others keep their objects", () => {
    const store = fresh();
    const before = visibleCheckRows(store.getState());
    const changed = [status(api.id, "failing"), status(web.id, "failing"), status(tcp.id, "degraded")];
    apply(store, statusesLoaded(changed, at, store.getState().statuses));
    const after = visibleCheckRows(store.getState());
    expect(after).not.toBe(before);
    expect(after.map((r) => r.check.name)).toEqual([
      "Checkout API",
      "Login page",
      "Cache node",
      "Nightly backup",
    ]);
    const old = new Map(before.map((r) => [r.id, r]));
    for (const r of after) {
      if (r.id === api.id) expect(r).not.toBe(old.get(r.id));
      else expect(r).toBe(old.get(r.id));
    }
  });

  it("a checks refresh with equal data keeps the list; the list holds slim entries only", () => {
    const full = { ...api, request: { url: "https://x.example", method: "GET" }, script: "x".repeat(1000) };
    const store = storeWith([full, web], []);
    const items = store.getState().checks.items;
    expect(items[0]).not.toHaveProperty("request");
    expect(items[0]).not.toHaveProperty("script");
    // the loader hands checksLoaded summaries (checkSummariesOf), as storeWith does
    const slim = (cs: CheckSummary[]) => cs.map(toCheckSummary);
    apply(store, checksLoaded(slim([{ ...full }, { ...web }]), at, store.getState().checks));
    expect(store.getState().checks.items).toBe(items);
    apply(
      store,
      checksLoaded(slim([{ ...full, name: "Checkout API v2" }, { ...web }]), at, store.getState().checks),
    );
    const next = store.getState().checks.items;
    expect(next).not.toBe(items);
    expect(next[1]).toBe(items[1]);
  });

  it("results arriving for a row neither rebuild nor re-sort the list; they decorate the shown row", () => {
    const store = fresh();
    const before = visibleCheckRows(store.getState());
    const row = before.find((r) => r.id === api.id)!;
    expect(decorateRow(row, undefined).lastResponseMs).toBeUndefined();
    const result = {
      id: "r1",
      responseTime: 321,
      startedAt: "2026-11-21T07:00:50Z",
      stoppedAt: "2026-11-21T07:00:51Z",
      request: { big: "x".repeat(100) },
    };
    apply(store, resultsLoaded(store.getState(), api.id, [result], at, DEFAULT_CAPS));
    expect(visibleCheckRows(store.getState())).toBe(before);
    const entry = store.getState().results.byCheck.get(api.id);
    expect(entry?.items[0]).not.toHaveProperty("request");
    const shown = decorateRow(row, entry);
    expect(shown.lastResponseMs).toBe(321);
    expect(shown.lastRunAt).toBe(Date.parse("2026-11-21T07:00:51Z"));
    // the same row and results give the same object (the memoised row does not redraw)
    expect(decorateRow(row, entry)).toBe(shown);
    // the same results read again keep their items
    apply(store, resultsLoaded(store.getState(), api.id, [{ ...result }], at + 1000, DEFAULT_CAPS));
    expect(decorateRow(row, store.getState().results.byCheck.get(api.id))).toBe(shown);
  });

  it("the response-time sort is the one that follows results", () => {
    const store = fresh();
    apply(store, sortBy(store.getState(), "responseTime"));
    apply(store, sortBy(store.getState(), "responseTime")); // slowest first
    const r = (id: string, ms: number) => [
      { id: `r-${id}`, responseTime: ms, startedAt: "2026-11-21T07:00:00Z" },
    ];
    apply(store, resultsLoaded(store.getState(), web.id, r(web.id, 50), at, DEFAULT_CAPS));
    apply(store, resultsLoaded(store.getState(), tcp.id, r(tcp.id, 900), at, DEFAULT_CAPS));
    expect(visibleCheckRows(store.getState())[0]?.check.name).toBe("Cache node");
    apply(store, resultsLoaded(store.getState(), web.id, r(`${web.id}2`, 2000), at, DEFAULT_CAPS));
    expect(visibleCheckRows(store.getState())[0]?.check.name).toBe("Login page");
  });

  it("the heartbeats and analytics panes ignore the checks pane's filter", () => {
    const store = fresh();
    apply(store, setFilter(store.getState(), "checks", "login"));
    expect(visibleCheckRows(store.getState()).map((r) => r.check.name)).toEqual(["Login page"]);
    expect(heartbeatChecks(store.getState()).map((r) => r.check.name)).toEqual(["Nightly backup"]);
    expect(analyticsChecks(store.getState()).map((r) => r.check.name)).toEqual(
      sortedCheckRows(store.getState()).map((r) => r.check.name),
    );
    expect(analyticsChecks(store.getState()).length).toBeGreaterThan(2);
    // the analytics pane's own filter still narrows it
    apply(store, setFilter(store.getState(), "analytics", "cache"));
    expect(analyticsChecks(store.getState()).map((r) => r.check.name)).toEqual(["Cache node"]);
  });
});

describe("lastRunOf: the later of the status's run and the newest result", () => {
  const at = Date.parse("2026-11-21T07:00:00Z");
  const result = (iso: string | undefined, runLocation = "eu-west-1") => ({
    id: "r",
    runLocation,
    stoppedAt: iso,
  });
  it("takes whichever is later, with where it ran", () => {
    expect(lastRunOf(at, "us-east-1", result("2026-11-21T07:00:13Z"))).toEqual({
      at: at + 13_000,
      location: "eu-west-1",
    });
    expect(lastRunOf(at, "us-east-1", result("2026-11-21T06:50:00Z"))).toEqual({ at, location: "us-east-1" });
    // the same time both ways: the result's place — a result's time and place are one run's, a status's
    // place may be another run's (vigil's service: the newest run's time, the deciding location's place)
    expect(lastRunOf(at, "us-east-1", result("2026-11-21T07:00:00Z"))).toEqual({ at, location: "eu-west-1" });
  });
  it("either may be unknown", () => {
    expect(lastRunOf(Number.NaN, null, result("2026-11-21T07:00:13Z"))).toEqual({
      at: at + 13_000,
      location: "eu-west-1",
    });
    expect(lastRunOf(at, "us-east-1", undefined)).toEqual({ at, location: "us-east-1" });
    expect(lastRunOf(at, undefined, result(undefined))).toEqual({ at, location: undefined });
    expect(lastRunOf(Number.NaN, undefined, undefined).at).toBeNaN();
  });
});

describe("status line age of the checks pane", () => {
  it("follows the statuses (read every 10 s), not the list (read every few minutes)", () => {
    const store = fresh();
    const later = Date.parse("2026-11-21T07:04:00Z");
    apply(store, statusesLoaded([status(api.id, "passing")], later, store.getState().statuses));
    expect(paneLoadedAt(store.getState())).toBe(later);
  });
});

describe("memo with several views of one store (vigil share)", () => {
  it("keeps one result per view, in the view: 200 views alternating recompute nothing", () => {
    let calls = 0;
    const f = viewMemo((items: readonly number[], min: number) => {
      calls++;
      return items.filter((n) => n >= min);
    });
    const data = [1, 2, 3, 4];
    const views = Array.from({ length: 200 }, () => ({ memo: newViewMemo() }));
    const first = views.map((v, i) => f(v, data, i % 5));
    expect(calls).toBe(200);
    // every view again, alternating: nothing recomputed, the very same arrays (no shared LRU to evict)
    for (let round = 0; round < 3; round++)
      views.forEach((v, i) => {
        expect(f(v, data, i % 5)).toBe(first[i]);
      });
    expect(calls).toBe(200);
    // new data: that view computes again, the others keep theirs
    expect(f(views[0]!, [5, 6], 0)).toEqual([5, 6]);
    expect(calls).toBe(201);
    expect(f(views[1]!, data, 1)).toBe(first[1]);
    expect(calls).toBe(201);
  });

  it("a selector of shared data computes once for every view", () => {
    let calls = 0;
    const f = memo((items: readonly number[]) => {
      calls++;
      return items.length;
    });
    const data = [1, 2, 3];
    for (let i = 0; i < 200; i++) f(data);
    expect(calls).toBe(1);
    f([1]);
    expect(calls).toBe(2);
  });
});
