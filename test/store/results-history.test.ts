/**
 * A check's history in the store (store/results/): its results paged along the v2 cursor from the real
 * embedded service (FINAL and ATTEMPT, newest first, the next page appended, a refresh on top keeping the
 * pages read), one result whole with its heartbeat event, the check's alerts; the merge rules on their own;
 * the drill-down's way in and back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createHistoryLoaders } from "../../src/store/results/loaders.ts";
import { resultPageLoaded } from "../../src/store/results/slice.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { DEFAULT_INTERVALS, type JobKit } from "../../src/store/sync/plan.ts";
import { setCursor } from "../../src/store/view/ui.ts";
import {
  openResult,
  openResults,
  RESULTS_PANE,
  resultsBack,
  toggleExpanded,
} from "../../src/tui/panes/results/drill.ts";
import { results as resultsPane } from "../../src/tui/panes/results/index.ts";
import { resultRows } from "../../src/tui/panes/results/rows.ts";
import { type FailingChecks, failingChecks } from "../support/failing-checks.ts";

let fx: FailingChecks;
beforeAll(async () => {
  fx = await failingChecks();
  await fx.run(fx.urlId, 3); // 3 runs × (ATTEMPT + FINAL)
  await fx.run(fx.apiId, 1);
}, 30_000);
afterAll(async () => {
  await fx?.close();
});

function rig(pageSize = 4) {
  const client = createClient({ baseUrl: fx.svc.url, apiKey: fx.svc.apiKey });
  const store = createConsoleStore();
  const loaders = createHistoryLoaders(client, store, { pageSize });
  return { client, store, loaders };
}

describe("a check's results paged from the service", () => {
  it("the first page, newest first with ATTEMPTs, then the next ones along the cursor to the end", async () => {
    const { client, store, loaders } = rig(4);
    await loaders.resultPage(fx.urlId);
    let p = store.getState().history.pages.get(fx.urlId)!;
    expect(p.items).toHaveLength(4);
    expect(p.nextId).toBeTruthy();
    expect(p.items.map((r) => r.resultType)).toEqual(["FINAL", "ATTEMPT", "FINAL", "ATTEMPT"]);
    expect(p.items[0]!.attempts).toBe(2);
    expect(p.items[0]!.reason).toBe("connect ECONNREFUSED 127.0.0.1:9");
    await loaders.moreResults(fx.urlId);
    p = store.getState().history.pages.get(fx.urlId)!;
    expect(p.items).toHaveLength(6);
    expect(p.nextId).toBeUndefined();
    expect(new Set(p.items.map((r) => r.id)).size).toBe(6);
    const at = p.items.map((r) => Date.parse(r.startedAt ?? ""));
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    // a refresh of the first page keeps the pages read
    await fx.run(fx.urlId, 1);
    await loaders.resultPage(fx.urlId);
    p = store.getState().history.pages.get(fx.urlId)!;
    expect(p.items).toHaveLength(8);
    expect(p.nextId).toBeUndefined();
    await client.close();
  });

  it("one result whole; a heartbeat result with its event's source and user agent", async () => {
    const { client, store, loaders } = rig();
    await loaders.resultPage(fx.apiId);
    const id = store.getState().history.pages.get(fx.apiId)!.items[0]!.id;
    await loaders.fullResult(fx.apiId, id);
    const full = store.getState().history.full.get(id)!;
    expect(full.result?.apiCheckResult?.response?.status).toBe(503);
    await loaders.resultPage(fx.beatId);
    const beat = store.getState().history.pages.get(fx.beatId)!.items[0]!.id;
    await loaders.fullResult(fx.beatId, beat);
    expect(store.getState().history.full.get(beat)!.event).toMatchObject({
      state: "RECEIVED",
      source: "https://cron.example",
      userAgent: "curl/8.5.0",
    });
    await client.close();
  });

  it("an unknown result is an error in the slice, the loader rejects", async () => {
    const { client, store, loaders } = rig();
    await expect(loaders.fullResult(fx.apiId, "00000000-0000-4000-8000-000000000000")).rejects.toThrow();
    expect(store.getState().history.full.get("00000000-0000-4000-8000-000000000000")?.error).toMatch(
      /not found/i,
    );
    await client.close();
  });

  it("the check's alerts: the failure its first failed run raised", async () => {
    const { client, store, loaders } = rig();
    await loaders.checkAlerts(fx.apiId);
    const a = store.getState().history.alerts.get(fx.apiId)!;
    expect(a.error).toBeUndefined();
    expect(a.alerts.map((x) => x.alertType)).toContain("ALERT_FAILURE");
    expect(a.alerts[0]).toMatchObject({ checkId: fx.apiId, runLocation: "eu-west-1" });
    expect(a.deliveriesError).toBeUndefined();
    await client.close();
  });
});

describe("merging pages", () => {
  const r = (id: string, minute: number) => ({
    id,
    resultType: "FINAL",
    startedAt: new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString(),
  });

  it("a first page that overlaps what is held goes on top; one that does not replaces it (no hidden gap)", () => {
    const store = createConsoleStore();
    const get = store.getState;
    apply(store, resultPageLoaded(get(), "c", { entries: [r("c", 3), r("b", 2)], nextId: "n1" }, false, 1));
    apply(store, resultPageLoaded(get(), "c", { entries: [r("a", 1)], nextId: undefined }, true, 2));
    expect(
      get()
        .history.pages.get("c")!
        .items.map((x) => x.id),
    ).toEqual(["c", "b", "a"]);
    apply(store, resultPageLoaded(get(), "c", { entries: [r("d", 4), r("c", 3)], nextId: "n0" }, false, 3));
    let p = get().history.pages.get("c")!;
    expect(p.items.map((x) => x.id)).toEqual(["d", "c", "b", "a"]);
    expect(p.nextId).toBeUndefined();
    apply(store, resultPageLoaded(get(), "c", { entries: [r("f", 9), r("e", 8)], nextId: "n9" }, false, 4));
    p = get().history.pages.get("c")!;
    expect(p.items.map((x) => x.id)).toEqual(["f", "e"]);
    expect(p.nextId).toBe("n9");
  });
});

describe("the drill-down", () => {
  it("opens a check's results from a pane, a result, and walks back: result, filter, pane", () => {
    const store = createConsoleStore();
    const get = store.getState;
    apply(store, { ui: { ...get().ui, pane: "sessions" } });
    apply(store, openResults(get(), "c1", "sessions", "r1", 1234));
    expect(get().ui.pane).toBe(RESULTS_PANE);
    expect(get().ui.detail[RESULTS_PANE]).toBe("r1");
    expect(get().drill).toEqual({ checkId: "c1", from: "sessions", expanded: false, openedAt: 1234 });
    apply(store, toggleExpanded(get()));
    expect(get().drill.expanded).toBe(true);
    apply(store, resultsBack(get()));
    expect(get().ui.detail[RESULTS_PANE]).toBeUndefined();
    expect(get().drill.expanded).toBe(false);
    apply(store, { ui: { ...get().ui, filter: { ...get().ui.filter, [RESULTS_PANE]: "attempt" } } });
    expect(resultRows(get())).toEqual([]);
    apply(store, resultsBack(get()));
    expect(get().ui.filter[RESULTS_PANE]).toBe("");
    expect(get().ui.pane).toBe(RESULTS_PANE);
    apply(store, openResult(get(), "r2"));
    expect(get().ui.detail[RESULTS_PANE]).toBe("r2");
    apply(store, resultsBack(get()));
    apply(store, resultsBack(get()));
    expect(get().ui.pane).toBe("sessions");
  });
});

describe("the results pane's jobs", () => {
  const kit = {
    loaders: {},
    intervals: DEFAULT_INTERVALS,
    checks: { key: "checks", intervalMs: 1, run: async () => {} },
    statuses: { key: "statuses", intervalMs: 1, run: async () => {} },
  } as unknown as JobKit;
  const keys = (s: ReturnType<ReturnType<typeof createConsoleStore>["getState"]>) =>
    resultsPane.jobs(s, kit).map((j) => j.key);

  it("the newest page and the check; the next page only with the cursor on the last row; the open result", () => {
    const store = createConsoleStore();
    const get = store.getState;
    expect(keys(get())).toEqual([]);
    const r = (id: string, minute: number) => ({
      id,
      startedAt: new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString(),
    });
    apply(store, resultPageLoaded(get(), "c1", { entries: [r("b", 2), r("a", 1)], nextId: "n1" }, false, 1));
    apply(store, openResults(get(), "c1", "checks", undefined, Date.now()));
    expect(keys(get())).toEqual(["checks", "statuses", "history:c1", "check:c1"]);
    apply(store, setCursor(get(), RESULTS_PANE, 1, "a"));
    expect(keys(get())).toEqual(["checks", "statuses", "history:c1", "check:c1", "history-more:c1:n1"]);
    apply(store, openResult(get(), "a"));
    expect(keys(get())).toEqual(["checks", "statuses", "history:c1", "check:c1", "result:a"]);
  });
});
