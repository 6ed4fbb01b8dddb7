import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/contract/schemas/check-results.ts";
import type { CheckSession } from "../../src/contract/schemas/check-sessions.ts";
import type { HeartbeatEvent } from "../../src/contract/schemas/heartbeats.ts";
import { sessionFailed, sessionsStarted, sessionUpdated } from "../../src/store/data/sessions.ts";
import { heartbeatsLoaded, putCapped, resultsFailed, resultsLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import {
  back,
  endFilter,
  initialUi,
  moveCursor,
  openDetail,
  setFilter,
  setPane,
} from "../../src/store/view/ui.ts";
import { uuid } from "./fixtures.ts";

const caps = {
  ...DEFAULT_CAPS,
  sessions: 3,
  resultsPerCheck: 2,
  resultChecks: 2,
  heartbeatEvents: 3,
  heartbeatChecks: 1,
};

function session(id: string, status = "STARTED"): CheckSession {
  return {
    checkSessionId: id,
    checkId: uuid(),
    checkType: "API",
    status,
    runLocations: ["eu-west-1"],
    name: id,
  } as CheckSession;
}

describe("bounded memory", () => {
  it("putCapped keeps the most recent keys", () => {
    let m: Map<string, number> = new Map();
    for (const k of ["a", "b", "c", "a", "d"]) m = putCapped(m, k, 1, 3);
    expect([...m.keys()]).toEqual(["c", "a", "d"]);
  });

  it("keeps at most caps.sessions sessions, dropping finished ones before running ones", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    apply(store, sessionsStarted(store.getState(), [session("s1"), session("s2")], 1, caps));
    apply(
      store,
      sessionUpdated(store.getState(), { ...session("s1", "PASSED"), stoppedAt: "x", results: [] }),
    );
    apply(store, sessionsStarted(store.getState(), [session("s3"), session("s4")], 2, caps));
    const { order, byId } = store.getState().sessions;
    expect(order).toEqual(["s3", "s4", "s2"]);
    expect(byId.size).toBe(3);
    expect(byId.has("s1")).toBe(false);
  });

  it("a failed follow marks the session done with its error", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    apply(store, sessionsStarted(store.getState(), [session("s1")], 1, caps));
    apply(store, sessionFailed(store.getState(), "s1", "404 Not Found"));
    expect(store.getState().sessions.byId.get("s1")).toMatchObject({ done: true, error: "404 Not Found" });
  });

  it("keeps the newest results per check and results of at most caps.resultChecks checks", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    const r = (id: string, at: string) => ({ id, startedAt: at, responseTime: 1 }) as CheckResult;
    const rs = [
      r("1", "2026-11-21T01:00:00Z"),
      r("3", "2026-11-21T03:00:00Z"),
      r("2", "2026-11-21T02:00:00Z"),
    ];
    apply(store, resultsLoaded(store.getState(), "c1", rs, 10, caps));
    expect(
      store
        .getState()
        .results.byCheck.get("c1")
        ?.items.map((x) => x.id),
    ).toEqual(["3", "2"]);
    apply(store, resultsLoaded(store.getState(), "c2", rs, 10, caps));
    apply(store, resultsFailed(store.getState(), "c3", "boom", caps));
    expect([...store.getState().results.byCheck.keys()]).toEqual(["c2", "c3"]);
    expect(store.getState().results.byCheck.get("c3")).toMatchObject({ error: "boom", items: [] });
  });

  it("heartbeat events are de-duplicated, newest first and capped", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    const e = (id: string, h: number) =>
      ({ id, state: "RECEIVED", timestamp: `2026-11-21T0${h}:00:00Z` }) as HeartbeatEvent;
    const events = [e("a", 1), e("b", 2), e("b", 2), e("c", 3), e("d", 4)];
    apply(
      store,
      heartbeatsLoaded(store.getState(), "h1", { events, stats: undefined, from: 0, to: 1 }, 5, caps),
    );
    expect(
      store
        .getState()
        .heartbeats.byCheck.get("h1")
        ?.events.map((x) => x.id),
    ).toEqual(["d", "c", "b"]);
    apply(
      store,
      heartbeatsLoaded(store.getState(), "h2", { events, stats: undefined, from: 0, to: 1 }, 5, caps),
    );
    expect([...store.getState().heartbeats.byCheck.keys()]).toEqual(["h2"]);
  });
});

describe("ui slice", () => {
  it("clamps the cursor to the list", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    apply(store, moveCursor(store.getState(), "checks", 5, { delta: 10 }));
    expect(store.getState().ui.cursor.checks).toBe(4);
    apply(store, moveCursor(store.getState(), "checks", 5, { delta: -99 }));
    expect(store.getState().ui.cursor.checks).toBe(0);
    apply(store, moveCursor(store.getState(), "checks", 0, { row: -1 }));
    expect(store.getState().ui.cursor.checks).toBe(0);
  });

  it("Esc closes the detail first, then clears the filter, then does nothing", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    apply(store, setFilter(store.getState(), "checks", "api"));
    apply(store, endFilter(store.getState(), false));
    apply(store, openDetail(store.getState(), "checks", "c1"));
    apply(store, back(store.getState()));
    expect(store.getState().ui.detail.checks).toBeUndefined();
    expect(store.getState().ui.filter.checks).toBe("api");
    apply(store, back(store.getState()));
    expect(store.getState().ui.filter.checks).toBe("");
    expect(back(store.getState())).toEqual({});
  });

  it("an unchanged pane is a no-op patch (nobody re-renders)", () => {
    const store = createConsoleStore({ ui: initialUi("checks") });
    expect(setPane(store.getState(), "checks")).toEqual({});
    expect(setPane(store.getState(), "sessions")).not.toEqual({});
  });
});
