/**
 * The results drill-down is fresh when opened and kept fresh while shown: opened again (after a run that
 * ended meanwhile) it reads the check's results at once, whatever the minute's schedule of the read
 * before; shown, a run that ends appears within a status poll (not a minute later). The real embedded
 * service and a real poller on a clock of the test's own (ticks run by hand: no waiting).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { apply, type ConsoleStore, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner, DEFAULT_INTERVALS } from "../../src/store/sync/plan.ts";
import { createPoller, type Poller } from "../../src/store/sync/poller.ts";
import { initialUi, setPane } from "../../src/store/view/ui.ts";
import { createNavigation } from "../../src/tui/keys-nav.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";
import { openResults } from "../../src/tui/panes/results/drill.ts";
import { results } from "../../src/tui/panes/results/index.ts";
import { type FailingChecks, failingChecks } from "../support/failing-checks.ts";

let fx: FailingChecks;
beforeAll(async () => {
  fx = await failingChecks();
  await fx.run(fx.apiId, 1);
}, 30_000);
afterAll(async () => {
  await fx?.close();
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A store on the checks pane fed by a poller whose clock is `clock.t`. */
async function rig(): Promise<{ store: ConsoleStore; poller: Poller; clock: { t: number } }> {
  const client = createClient({ baseUrl: fx.svc.url, apiKey: fx.svc.apiKey });
  const store = createConsoleStore({ ui: initialUi("checks") });
  const clock = { t: Date.parse("2026-11-28T01:00:00Z") };
  const poller = createPoller(store, createPlanner(createLoaders(client, store), paneJobs), {
    now: () => clock.t,
  });
  stop = async () => {
    poller.stop();
    await client.close();
  };
  await poller.tick();
  return { store, poller, clock };
}

const newest = (store: ConsoleStore) => store.getState().history.pages.get(fx.apiId)?.items[0]?.id;
const latestAtService = async () => {
  const r = await fx.svc.call("GET", `/v2/check-results/${fx.apiId}?limit=1&resultType=ALL`);
  return r.body.entries[0].id as string;
};

describe("the results drill-down", () => {
  it("opened again after a run, lists that run at once (not the read of 20 s before)", async () => {
    const { store, poller, clock } = await rig();
    apply(store, openResults(store.getState(), fx.apiId, "checks", undefined, clock.t));
    await poller.tick();
    expect(newest(store)).toBe(await latestAtService());
    apply(store, setPane(store.getState(), "checks"));
    await fx.run(fx.apiId, 1);
    clock.t += 20_000;
    const asked = Date.now();
    apply(store, openResults(store.getState(), fx.apiId, "checks", undefined, clock.t));
    await poller.tick();
    expect(newest(store)).toBe(await latestAtService());
    // the status line's age is that of the read made since it opened
    expect(results.loadedAt(store.getState())).toBeGreaterThanOrEqual(asked);
  });

  it("while shown, a run that ends is listed within a status poll", async () => {
    const { store, poller, clock } = await rig();
    apply(store, openResults(store.getState(), fx.apiId, "checks", undefined, clock.t));
    await poller.tick();
    const before = newest(store);
    await fx.run(fx.apiId, 1);
    const latest = await latestAtService();
    expect(latest).not.toBe(before);
    // the statuses' next read says a run ended: the list is read again on the tick after
    clock.t += DEFAULT_INTERVALS.statuses + 1;
    await poller.tick();
    await poller.tick();
    expect(newest(store)).toBe(latest);
    expect(clock.t - store.getState().history.pages.get(fx.apiId)!.loadedAt!).toBeLessThan(
      DEFAULT_INTERVALS.results,
    );
  });

  it("shown again by its pane (`:results`), it is read again as when opened", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    apply(store, openResults(store.getState(), "c1", "checks", undefined, 1000));
    apply(store, setPane(store.getState(), "checks"));
    const before = Date.now();
    createNavigation(store).goPane("results");
    expect(store.getState().ui.pane).toBe("results");
    expect(store.getState().drill.openedAt).toBeGreaterThanOrEqual(before);
  });
});
