/**
 * RESP, LAST RUN and the detail's strip follow a finished run within one status poll: a check's results are
 * read again as soon as its status says a run ended after them (not a minute later), once per change, within
 * the poller's budget of early runs. Pure checks of the rule and the budget, then the real embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { resultsFailed, resultsLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner, DEFAULT_INTERVALS, resultsBehind } from "../../src/store/sync/plan.ts";
import { createPoller, type Job } from "../../src/store/sync/poller.ts";
import { initialUi, openDetail } from "../../src/store/view/ui.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { until } from "../support/until.ts";
import { check, status, storeWith } from "./fixtures.ts";

const T1 = "2026-11-21T07:00:00.000Z";
const T2 = "2026-11-21T07:01:00.000Z";
const result = (id: string, stoppedAt: string) => ({ id, startedAt: stoppedAt, stoppedAt, responseTime: 80 });

function statusAt(store: ConsoleStore, id: string, at: string): void {
  apply(store, statusesLoaded([status(id, "passing", at)], Date.now(), store.getState().statuses));
}

describe("resultsBehind", () => {
  const c = check({ name: "api" });

  it("is false until results are held, and while they hold the status's run", () => {
    const store = storeWith([c], [status(c.id, "passing", T1)]);
    expect(resultsBehind(store.getState(), c.id)).toBe(false);
    apply(store, resultsLoaded(store.getState(), c.id, [result("r1", T1)], Date.now(), DEFAULT_CAPS));
    expect(resultsBehind(store.getState(), c.id)).toBe(false);
  });

  it("is true once the status moves past the newest result, and false again after a read with that status", () => {
    const store = storeWith([c], [status(c.id, "passing", T1)]);
    apply(
      store,
      resultsLoaded(store.getState(), c.id, [result("r1", T1)], Date.now(), DEFAULT_CAPS, Date.parse(T1)),
    );
    statusAt(store, c.id, T2);
    expect(resultsBehind(store.getState(), c.id)).toBe(true);
    // read again while the service's list does not hold the new run yet: not asked again for the same status
    apply(
      store,
      resultsLoaded(store.getState(), c.id, [result("r1", T1)], Date.now(), DEFAULT_CAPS, Date.parse(T2)),
    );
    expect(resultsBehind(store.getState(), c.id)).toBe(false);
  });

  it("is false after a failed read (the poller's backoff decides)", () => {
    const store = storeWith([c], [status(c.id, "passing", T1)]);
    apply(store, resultsLoaded(store.getState(), c.id, [result("r1", T1)], Date.now(), DEFAULT_CAPS));
    statusAt(store, c.id, T2);
    apply(store, resultsFailed(store.getState(), c.id, "HTTP 500", DEFAULT_CAPS));
    expect(resultsBehind(store.getState(), c.id)).toBe(false);
  });
});

describe("the poller's early runs", () => {
  it("run a stale job before its interval, within the budget, and never during a backoff", async () => {
    let t = 1_000_000;
    const runs: string[] = [];
    const stale = new Set<string>();
    let failing = false;
    const store = createConsoleStore({ ui: initialUi("checks") });
    const job = (key: string): Job => ({
      key,
      intervalMs: 60_000,
      stale: () => stale.has(key),
      run: async () => {
        runs.push(key);
        stale.delete(key);
        if (failing) throw new Error("down");
      },
    });
    const poller = createPoller(store, () => ["a", "b", "c"].map(job), {
      now: () => t,
      earlyRuns: { max: 2, perMs: 60_000 },
    });
    await poller.tick();
    expect(runs).toEqual(["a", "b", "c"]);
    t += 5_000;
    for (const k of ["a", "b", "c"]) stale.add(k);
    await poller.tick();
    expect(runs.slice(3)).toEqual(["a", "b"]); // the budget: 2 a minute
    await poller.tick();
    expect(runs).toHaveLength(5);
    t += 60_000; // the budget refills; c is due by its interval anyway
    await poller.tick();
    expect(runs.slice(5)).toEqual(["a", "b", "c"]);
    failing = true;
    stale.add("a");
    t += 1_000;
    await poller.tick(); // a is stale: runs early, fails
    expect(runs.slice(8)).toEqual(["a"]);
    stale.add("a");
    t += 1_000;
    await poller.tick(); // backing off: no early run
    expect(runs).toHaveLength(9);
    poller.stop();
  });
});

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ demo: true, scheduler: false });
});
afterAll(async () => {
  await svc?.dispose();
});

describe("on the embedded service", () => {
  it("the open detail's results hold a run that finished within a status poll, not a minute later", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey });
    const store = createConsoleStore({ ui: initialUi("checks") });
    const loaders = createLoaders(client, store);
    // statuses every 200 ms stand in for the 10 s poll; results keep their minute
    const intervals = { ...DEFAULT_INTERVALS, statuses: 200 };
    const poller = createPoller(store, createPlanner(loaders, paneJobs, intervals), { tickMs: 20 });
    await loaders.checks();
    await loaders.statuses();
    const target = visibleCheckRows(store.getState()).find((r) => r.check.checkType === "API")!;
    apply(store, openDetail(store.getState(), "checks", target.id));
    poller.start();
    // bounds for a loaded machine (the run is real): the test waits for each condition, not for the bound
    await until(
      "the check's results",
      30_000,
      () => store.getState().results.byCheck.get(target.id)?.loadedAt !== undefined,
    );
    const before = store.getState().results.byCheck.get(target.id)!.items[0]?.id;

    const { sessions } = await client.checkSessions.trigger({ checkId: [target.id] });
    expect(sessions).toHaveLength(1);
    const newest = () => store.getState().results.byCheck.get(target.id)?.items[0];
    await until("a newer result", 30_000, () => newest() !== undefined && newest()!.id !== before);
    // the newest result is the run the status names
    const st = store.getState().statuses.byId.get(target.id);
    expect(Date.parse(newest()!.stoppedAt ?? "")).toBe(Date.parse(st?.updated_at ?? ""));
    poller.stop();
    await client.close();
  }, 75_000);
});
