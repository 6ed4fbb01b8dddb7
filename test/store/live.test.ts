/**
 * The store against the real embedded service (demo workspace, loopback, port 0): loaders, the planner +
 * poller, triggering with confirmation and following sessions to completion, analytics and heartbeats.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import { analyticsKey } from "../../src/store/analytics/query.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner, DEFAULT_INTERVALS } from "../../src/store/sync/plan.ts";
import { createPoller } from "../../src/store/sync/poller.ts";
import { initialUi, openDetail, selectCheck, setFilter, setPane } from "../../src/store/view/ui.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { until } from "../support/until.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ demo: true, scheduler: false });
});
afterAll(async () => {
  await svc?.dispose();
});

function rig(readOnly = false) {
  const sent: string[] = [];
  const client = createClient({
    baseUrl: svc.url,
    apiKey: svc.apiKey,
    readOnly,
    onActivity: (e) => {
      if (e.kind === "start") sent.push(`${e.method} ${e.path}`);
    },
  });
  const store = createConsoleStore({ ui: initialUi("checks") });
  const loaders = createLoaders(client, store);
  const poller = createPoller(store, createPlanner(loaders, paneJobs, DEFAULT_INTERVALS), { tickMs: 20 });
  const actions = createActions(client, store, poller, {
    panes: PANE_HOOKS,
    readOnly,
    follow: { holdSeconds: 2, idleDelayMs: 20 },
  });
  return { client, store, loaders, poller, actions, sent };
}

describe("store on the embedded service", () => {
  it("the poller loads checks, statuses and the results of the rows on screen only", async () => {
    const { store, poller, client, sent } = rig();
    await poller.tick();
    const s = store.getState();
    expect(s.checks.items.length).toBeGreaterThan(5);
    expect(s.statuses.byId.size).toBeGreaterThan(0);
    await poller.tick(); // now the rows are known: results of the visible (non-heartbeat) rows
    const rows = visibleCheckRows(store.getState()).slice(0, 20);
    const wanted = rows.filter((r) => r.check.checkType !== "HEARTBEAT").length;
    const resultCalls = sent.filter((p) => p.startsWith("GET /v1/check-results/"));
    expect(resultCalls.length).toBeGreaterThan(0);
    expect(resultCalls.length).toBeLessThanOrEqual(wanted);
    // Nothing for other panes was fetched.
    expect(sent.some((p) => p.includes("incidents") || p.includes("analytics"))).toBe(false);
    poller.stop();
    await client.close();
  });

  it("t asks first, then triggers, jumps to sessions and follows the session to its end", async () => {
    const { store, loaders, actions, client } = rig();
    await loaders.checks();
    await loaders.statuses();
    apply(store, setFilter(store.getState(), "checks", "type:api"));
    const target = visibleCheckRows(store.getState())[0]!;
    actions.askTrigger();
    const o = store.getState().ui.overlay;
    expect(o.kind).toBe("confirm");
    expect(store.getState().sessions.order).toHaveLength(0);
    actions.confirmYes();
    await until("the session", 5000, () => store.getState().sessions.order.length === 1);
    expect(store.getState().ui.pane).toBe("sessions");
    await actions.idle();
    const t = store.getState().sessions.byId.get(store.getState().sessions.order[0]!)!;
    expect(t.session.checkId).toBe(target.id);
    expect(t.done).toBe(true);
    expect(["PASSED", "FAILED", "DEGRADED"]).toContain(t.session.status);
    expect((t.session as { results?: unknown[] }).results?.length).toBeGreaterThan(0);
    await actions.stop();
    await client.close();
  });

  it("T shows how many checks match before confirming, and a bad expression is refused", async () => {
    const { store, loaders, actions, client } = rig();
    await loaders.checks();
    actions.askTagTrigger();
    actions.promptChange("prod,api !nothing");
    const o = store.getState().ui.overlay;
    const expected = store
      .getState()
      .checks.items.filter(
        (c) =>
          c.checkType !== "HEARTBEAT" && (c.tags ?? []).includes("prod") && (c.tags ?? []).includes("api"),
      ).length;
    expect(o.kind === "prompt" && o.hint).toBe(
      `${expected} check${expected === 1 ? " matches" : "s match"} prod,api,!nothing`,
    );
    actions.promptChange("prod,!prod");
    const bad = store.getState().ui.overlay;
    expect(bad.kind === "prompt" && bad.error).toMatch(/both requires and excludes/);
    actions.promptSubmit();
    expect(store.getState().ui.overlay.kind).toBe("prompt");
    actions.promptChange("prod,api");
    actions.promptSubmit();
    expect(store.getState().ui.overlay.kind).toBe("confirm");
    actions.confirmYes();
    await until("a session", 5000, () => store.getState().sessions.order.length > 0);
    await actions.idle();
    expect(store.getState().sessions.order).toHaveLength(expected);
    await actions.stop();
    await client.close();
  });

  it("read-only: t and T are refused before anything is asked or sent", async () => {
    const { store, loaders, actions, client, sent } = rig(true);
    await loaders.checks();
    actions.askTrigger();
    expect(store.getState().ui.overlay.kind).toBe("none");
    expect(store.getState().ui.notice).toMatch(/read-only/);
    actions.askTagTrigger();
    actions.confirmYes();
    expect(store.getState().ui.overlay.kind).toBe("none");
    expect(sent.filter((p) => !p.startsWith("GET"))).toEqual([]);
    await client.close();
  });

  it("analytics and heartbeats panes load their check's report and events", async () => {
    const { store, loaders, poller, client } = rig();
    await loaders.checks();
    const url = store.getState().checks.items.find((c) => c.checkType === "URL")!;
    apply(store, selectCheck(store.getState(), url.id));
    apply(store, setPane(store.getState(), "analytics"));
    await poller.tick();
    const entry = store.getState().analytics.cache.get(analyticsKey(url.id, store.getState().ui.analytics));
    expect(entry?.error).toBeUndefined();
    expect(entry?.report?.series.length).toBeGreaterThan(0);
    expect(entry?.report?.metadata?.responseTime_p95?.unit).toBe("milliseconds");

    const hb = store.getState().checks.items.find((c) => c.checkType === "HEARTBEAT")!;
    apply(store, selectCheck(store.getState(), hb.id));
    apply(store, setPane(store.getState(), "heartbeats"));
    await poller.tick();
    const h = store.getState().heartbeats.byCheck.get(hb.id);
    expect(h?.error).toBeUndefined();
    expect(h?.events.length).toBeGreaterThan(0);
    expect(h?.stats?.last24Hours?.successRatio?.currentPeriod).toBeTypeOf("number");
    poller.stop();
    await client.close();
  });
});

describe("checks list and detail on the embedded service", () => {
  it("the list holds slim entries; opening a detail reads the full check; a refresh changes nothing", async () => {
    const { store, loaders, poller, client } = rig();
    await loaders.checks();
    await loaders.statuses();
    const s = store.getState();
    const first = s.checks.items[0]!;
    expect(first).not.toHaveProperty("request");
    expect(first).not.toHaveProperty("alertChannelSubscriptions");
    const rows = visibleCheckRows(s);
    // the same data read again: same list, same rows (nothing re-sorted, nothing redrawn)
    await loaders.checks();
    await loaders.statuses();
    expect(store.getState().checks.items).toBe(s.checks.items);
    expect(visibleCheckRows(store.getState())).toBe(rows);
    const target = rows.find((r) => r.check.checkType === "URL" || r.check.checkType === "API")!;
    apply(store, openDetail(store.getState(), "checks", target.id));
    await poller.tick();
    const full = store.getState().details.checks.get(target.id);
    expect(full?.id).toBe(target.id);
    expect(full?.request).toBeTruthy();
    poller.stop();
    await client.close();
  });
});
