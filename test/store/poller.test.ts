import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.ts";
import { isBackground } from "../../src/store/data/activity.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { backoffDelay, createPoller, type Job } from "../../src/store/sync/poller.ts";
import { watchView } from "../../src/store/sync/view-watch.ts";
import { initialUi, moveCursor, setPane } from "../../src/store/view/ui.ts";
import { until } from "../support/until.ts";

/** A poller on a hand-driven clock; jobs count their runs. */
function rig(
  plan: (pane: string) => { key: string; intervalMs: number; fail?: () => unknown }[],
  maxConcurrent = 4,
) {
  let t = 1_000_000;
  const runs: string[] = [];
  const store = createConsoleStore({ ui: initialUi("checks") });
  const poller = createPoller(
    store,
    (s) =>
      plan(s.ui.pane).map(
        (j): Job => ({
          key: j.key,
          intervalMs: j.intervalMs,
          run: async () => {
            runs.push(j.key);
            const err = j.fail?.();
            if (err) throw err;
          },
        }),
      ),
    { now: () => t, maxConcurrent, maxBackoffMs: 60_000 },
  );
  return { store, poller, runs, advance: (ms: number) => (t += ms) };
}

describe("poller", () => {
  it("runs only what the visible pane needs, each on its own interval", async () => {
    const { store, poller, runs, advance } = rig((pane) =>
      pane === "checks"
        ? [
            { key: "checks", intervalMs: 60_000 },
            { key: "statuses", intervalMs: 10_000 },
          ]
        : [{ key: "incidents", intervalMs: 30_000 }],
    );
    await poller.tick();
    expect(runs).toEqual(["checks", "statuses"]);
    advance(10_000);
    await poller.tick();
    expect(runs).toEqual(["checks", "statuses", "statuses"]);
    apply(store, setPane(store.getState(), "incidents"));
    await poller.tick();
    advance(60_000);
    await poller.tick();
    expect(runs.filter((r) => r === "incidents")).toHaveLength(2);
    expect(runs.filter((r) => r === "checks")).toHaveLength(1);
  });

  it("readSince: a job whose last read started before it runs at once, as a read asked for, once", async () => {
    let t = 1_000_000;
    let since: number | undefined;
    const runs: { background: boolean }[] = [];
    const store = createConsoleStore({ ui: initialUi("checks") });
    const poller = createPoller(
      store,
      () => [
        {
          key: "list",
          intervalMs: 60_000,
          readSince: since,
          run: async () => {
            runs.push({ background: isBackground() });
          },
        },
      ],
      { now: () => t },
    );
    await poller.tick();
    t += 20_000;
    await poller.tick();
    expect(runs).toHaveLength(1); // within its minute
    since = t; // the view showing it opened again
    await poller.tick();
    expect(runs).toEqual([{ background: false }, { background: false }]);
    t += 1000;
    await poller.tick();
    expect(runs).toHaveLength(2); // read since: back on its minute
    t += 60_000;
    await poller.tick();
    expect(runs.at(-1)).toEqual({ background: true });
  });

  it("backs off exponentially on errors and honours Retry-After", async () => {
    let fail: unknown = new Error("down");
    const { poller, runs, advance } = rig(() => [{ key: "checks", intervalMs: 8_000, fail: () => fail }]);
    await poller.tick(); // fails: retry after 2 s (interval / 4)
    expect(poller.failures("checks")).toBe(1);
    advance(1_999);
    await poller.tick();
    expect(runs).toHaveLength(1);
    advance(1);
    await poller.tick(); // fails again: 4 s
    expect(poller.failures("checks")).toBe(2);
    advance(3_999);
    await poller.tick();
    expect(runs).toHaveLength(2);
    fail = new ApiError({
      method: "GET",
      path: "/v1/checks",
      status: 429,
      serverMessage: "slow down",
      retryAfterMs: 30_000,
    });
    advance(1);
    await poller.tick(); // 429 with Retry-After 30 s
    expect(runs).toHaveLength(3);
    advance(29_999);
    await poller.tick();
    expect(runs).toHaveLength(3);
    fail = undefined;
    advance(1);
    await poller.tick();
    expect(runs).toHaveLength(4);
    expect(poller.failures("checks")).toBe(0);
  });

  it("refreshNow runs every wanted job at once, whatever its schedule", async () => {
    const { poller, runs } = rig(() => [
      { key: "a", intervalMs: 60_000 },
      { key: "b", intervalMs: 60_000 },
    ]);
    await poller.tick();
    await poller.tick();
    expect(runs).toEqual(["a", "b"]);
    poller.refreshNow();
    await poller.tick();
    expect(runs.slice(2).sort()).toEqual(["a", "b"]);
  });

  it("starts at most maxConcurrent jobs per tick", async () => {
    const { poller, runs } = rig(
      () => Array.from({ length: 6 }, (_, i) => ({ key: `r${i}`, intervalMs: 1000 })),
      2,
    );
    const first = poller.tick();
    await first;
    expect(runs).toHaveLength(2);
    await poller.tick();
    expect(runs).toHaveLength(4);
  });

  it("backoffDelay is capped", () => {
    expect(backoffDelay(10_000, 1, 60_000)).toBe(2_500);
    expect(backoffDelay(10_000, 10, 60_000)).toBe(60_000);
    expect(backoffDelay(10_000, 3, 60_000, 1234)).toBe(1234);
  });
});

describe("poller: jobs that follow the cursor", () => {
  it("starts them only once the cursor rested, then ticks by itself", async () => {
    const runs: string[] = [];
    const store = createConsoleStore({ ui: initialUi("checks") });
    // the poller's clock is the test's: whether the cursor rested is decided on it, not on how fast the
    // machine is; the rest timer (real, restMs) only makes the poller look again
    let t = 1_000_000;
    const poller = createPoller(
      store,
      (s) => [
        { key: "statuses", intervalMs: 60_000, run: async () => void runs.push("statuses") },
        {
          key: `results:${s.ui.cursor.checks ?? 0}`,
          intervalMs: 60_000,
          afterRest: true,
          run: async () => void runs.push(`results:${s.ui.cursor.checks ?? 0}`),
        },
      ],
      // moves 40 ms apart: together longer than the rest, each shorter than it
      { tickMs: 1_000_000, restMs: 100, now: () => t },
    );
    poller.start();
    // the view's moves reach the poller by the one rule of sync/view-watch.ts
    const unwatch = watchView(store, poller);
    await until("the first tick's jobs", 5000, () => runs.length === 2);
    expect(runs.sort()).toEqual(["results:0", "statuses"]);
    // j j j: every move restarts the wait; nothing is fetched for the rows passed on the way
    for (let i = 0; i < 3; i++) {
      apply(store, moveCursor(store.getState(), "checks", 10, { delta: 1 }));
      await poller.tick();
      t += 40;
    }
    expect(runs.filter((r) => r.startsWith("results:"))).toEqual(["results:0"]);
    // the cursor rests: the rest timer's tick (no tick of the poller's own: tickMs is huge) fetches the row
    t += 100;
    await until("results:3", 5000, () => runs.includes("results:3"));
    expect(runs.filter((r) => r.startsWith("results:"))).toEqual(["results:0", "results:3"]);
    unwatch();
    poller.stop();
  });

  it("refreshJob makes one job due at once", async () => {
    const { poller, runs, advance } = rig(() => [
      { key: "checks", intervalMs: 300_000 },
      { key: "statuses", intervalMs: 10_000 },
    ]);
    await poller.tick();
    advance(1000);
    poller.refreshJob("checks");
    await poller.tick();
    expect(runs).toEqual(["checks", "statuses", "checks"]);
  });
});

describe("poller + planner while the service is unreachable", () => {
  it("only the probe runs, on a 1 s / 2 s / 4 s backoff capped at 4 s; back online, every wanted job runs at once", async () => {
    const { NetworkError } = await import("../../src/api/errors.ts");
    const { createPlanner, PROBE_MAX_MS } = await import("../../src/store/sync/plan.ts");
    const { paneJobs } = await import("../../src/tui/panes/lookup.ts");
    const { setActivity } = await import("../../src/store/view/ui.ts");
    let t = 5_000_000;
    const runs: string[] = [];
    let down = false;
    const loader = (name: string) => async () => {
      runs.push(name);
      if (down) throw new NetworkError("GET", `/${name}`, "connect ECONNREFUSED");
    };
    const loaders = new Proxy({}, { get: (_o, k) => loader(String(k)) }) as Parameters<
      typeof createPlanner
    >[0];
    const store = createConsoleStore({ ui: initialUi("checks") });
    const poller = createPoller(store, createPlanner(loaders, paneJobs), {
      now: () => t,
      maxBackoffMs: 120_000,
    });
    // online: the checks pane's jobs
    apply(store, setActivity(store.getState(), { connection: "online" }));
    await poller.tick();
    expect(runs.sort()).toEqual(["checks", "probe", "statuses"]);
    // the service went away: the status line says offline, only the probe is wanted
    runs.length = 0;
    down = true;
    apply(store, setActivity(store.getState(), { connection: "offline" }));
    const probeTimes: number[] = [];
    const t0 = t;
    for (let i = 0; i < 400; i++) {
      const before = runs.length;
      await poller.tick();
      if (runs.length > before) probeTimes.push(t - t0);
      t += 100;
    }
    expect(new Set(runs)).toEqual(new Set(["probe"]));
    const gaps = probeTimes.slice(1).map((x, i) => x - probeTimes[i]!);
    expect(gaps.slice(0, 3)).toEqual([1000, 2000, 4000]);
    expect(Math.max(...gaps)).toBe(PROBE_MAX_MS);
    // 40 s offline: 12 probes, fewer requests than the checks pane sends online
    expect(probeTimes.length).toBeLessThanOrEqual(12);
    // the service answers again
    down = false;
    runs.length = 0;
    poller.start(); // subscribes to the connection change
    apply(store, setActivity(store.getState(), { connection: "online" }));
    await until("every wanted job", 5000, () => runs.includes("checks") && runs.includes("statuses"));
    poller.stop();
    expect(runs).toEqual(expect.arrayContaining(["checks", "statuses"]));
  });

  it("a job's runs after its first success are background refreshes, unless asked for (r)", async () => {
    let t = 1_000_000;
    const store = createConsoleStore({ ui: initialUi("checks") });
    const runs: boolean[] = [];
    let failNext = false;
    const poller = createPoller(
      store,
      () => [
        {
          key: "statuses",
          intervalMs: 10_000,
          run: async () => {
            await Promise.resolve();
            runs.push(isBackground());
            if (failNext) {
              failNext = false;
              throw new Error("down");
            }
          },
        },
      ],
      { now: () => t },
    );
    failNext = true;
    await poller.tick(); // the first run (nothing on screen yet), failed
    t += 60_000;
    await poller.tick(); // never succeeded: still not in the background
    t += 10_000;
    await poller.tick(); // succeeded before: a background refresh
    poller.refreshNow(); // asked for
    await until("the asked-for run", 5000, () => runs.length === 4);
    t += 10_000;
    await poller.tick();
    poller.stop();
    expect(runs).toEqual([false, false, true, false, true]);
    expect(isBackground()).toBe(false);
  });
});
