/**
 * The activity meter fed the way the HTTP layer reports (start, end per attempt with how it ended, error
 * once a request fails for good): "online" only after an answer, "offline" at the first unanswered attempt,
 * an aborted attempt says nothing; the in-flight count; the last error with its time.
 */
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../src/api/errors.ts";
import type { HttpActivity } from "../../src/api/http.ts";
import { createActivityMeter, inBackground } from "../../src/store/data/activity.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { pastTime, until } from "../support/until.ts";

const start = (path: string, id = 0): HttpActivity => ({ kind: "start", id, method: "GET", path });
const end = (
  path: string,
  reached: "answered" | "unreachable" | "aborted",
  status = 0,
  id = 0,
): HttpActivity => ({
  kind: "end",
  id,
  method: "GET",
  path,
  status,
  ms: 1,
  reached,
});

function meter() {
  const store = createConsoleStore();
  const m = createActivityMeter(store, { flushMs: 20, now: () => new Date("2026-11-21T08:00:05Z") });
  return { store, m, connection: () => store.getState().activity.connection };
}

describe("activity meter", () => {
  it("a quick request changes nothing on screen; a slow one shows in flight", async () => {
    const { store, m, connection } = meter();
    // every in-flight count the screen was given, in order
    const shown: number[] = [];
    store.subscribe((s) => {
      if (s.activity.inFlight !== (shown.at(-1) ?? 0)) shown.push(s.activity.inFlight);
    });
    m.onActivity(start("/v1/checks"));
    m.onActivity(end("/v1/checks", "answered", 200));
    expect(connection()).toBe("online");
    expect(store.getState().activity.inFlight).toBe(0);
    m.onActivity(start("/v1/check-statuses"));
    await until("the slow request in flight", 5000, () => store.getState().activity.inFlight === 1, 5);
    // the quick request never showed (no 1 → 0 before it): only the slow one did
    expect(shown).toEqual([1]);
    m.stop();
  });

  it("a service that stopped answering: offline at the first failed attempt, never online while every attempt fails", () => {
    const { store, m, connection } = meter();
    m.onActivity(start("/v1/checks"));
    m.onActivity(end("/v1/checks", "answered", 200));
    expect(connection()).toBe("online");
    const seen = new Set<string>();
    store.subscribe((s) => seen.add(s.activity.connection));
    // statuses, results and a probe, each retried: many attempts, none answered
    for (let i = 0; i < 12; i++) {
      const path = ["/v1/check-statuses", "/v1/check-results/x", "/v1/locations"][i % 3]!;
      m.onActivity(start(path));
      m.onActivity(end(path, "unreachable"));
      if (i % 4 === 3)
        m.onActivity({
          kind: "error",
          method: "GET",
          path,
          error: new NetworkError("GET", path, "connect ECONNREFUSED"),
        });
    }
    expect(connection()).toBe("offline");
    expect([...seen]).toEqual(["offline"]);
    expect(store.getState().activity.inFlight).toBe(0);
    expect(store.getState().activity.lastError).toMatch(
      /^network error: .*ECONNREFUSED.* — GET \/v1\/\S+ at 08:00:05$/,
    );
    // the first answer: online again
    m.onActivity(start("/v1/locations"));
    m.onActivity(end("/v1/locations", "answered", 200));
    expect(connection()).toBe("online");
    m.stop();
  });

  it("429s and 500s are answers: the service is up (the error is shown, the connection stays online)", () => {
    const { store, m, connection } = meter();
    for (const status of [429, 429, 500]) {
      m.onActivity(start("/v1/status-pages/incidents"));
      m.onActivity(end("/v1/status-pages/incidents", "answered", status));
    }
    m.onActivity({
      kind: "error",
      method: "GET",
      path: "/v1/status-pages/incidents",
      error: new ApiError({
        method: "GET",
        path: "/v1/status-pages/incidents",
        status: 429,
        serverMessage: "Too Many Requests",
      }),
    });
    expect(connection()).toBe("online");
    expect(store.getState().activity.lastError).toContain("429");
    m.stop();
  });

  it("a remote service gone behind its gateway (502, 503, 504): offline with the last error, never online until the service answers", () => {
    const { store, m, connection } = meter();
    m.onActivity(start("/v1/checks"));
    m.onActivity(end("/v1/checks", "answered", 200));
    const seen: string[] = [];
    store.subscribe((s) => seen.push(s.activity.connection));
    for (const status of [502, 504, 503, 502]) {
      m.onActivity(start("/v1/locations"));
      m.onActivity(end("/v1/locations", "answered", status));
    }
    m.onActivity({
      kind: "error",
      method: "GET",
      path: "/v1/locations",
      error: new ApiError({
        method: "GET",
        path: "/v1/locations",
        status: 502,
        serverMessage: "Bad Gateway",
      }),
    });
    expect(connection()).toBe("offline");
    expect(new Set(seen)).toEqual(new Set(["offline"]));
    expect(store.getState().activity.lastError).toMatch(/^502 .* — GET \/v1\/locations at 08:00:05$/);
    m.onActivity(start("/v1/locations"));
    m.onActivity(end("/v1/locations", "answered", 200));
    expect(connection()).toBe("online");
    m.stop();
  });

  it("an attempt the caller aborted says nothing about the service", () => {
    const { m, connection } = meter();
    m.onActivity(start("/v1/check-sessions/x/completion"));
    m.onActivity(end("/v1/check-sessions/x/completion", "aborted"));
    expect(connection()).toBe("connecting");
    m.stop();
  });

  it("a background refresh shows as in flight only once it is stuck; its connection news count at once", async () => {
    const store = createConsoleStore();
    const m = createActivityMeter(store, { flushMs: 10, stuckMs: 150 });
    const shown: number[] = [];
    store.subscribe((s) => {
      if (s.activity.inFlight !== (shown.at(-1) ?? 0)) shown.push(s.activity.inFlight);
    });
    // two quick ones, the second slower than the flush window: nothing on screen
    await inBackground(async () => {
      m.onActivity(start("/v1/check-statuses", 1));
      m.onActivity(end("/v1/check-statuses", "answered", 200, 1));
      m.onActivity(start("/v1/checks", 2));
      await pastTime(Date.now() + 60);
      m.onActivity(end("/v1/checks", "answered", 200, 2));
    });
    expect(store.getState().activity.connection).toBe("online");
    await pastTime(Date.now() + 30);
    expect(shown).toEqual([]);
    // one that hangs: shown once stuck, gone when it ends; a foreground one beside it counts from its start
    await inBackground(async () => m.onActivity(start("/v1/check-statuses", 3)));
    m.onActivity(start("/v1/incidents", 4));
    await until("the foreground read in flight", 5000, () => store.getState().activity.inFlight === 1, 5);
    await until("the stuck read in flight too", 5000, () => store.getState().activity.inFlight === 2, 5);
    m.onActivity(end("/v1/check-statuses", "unreachable", 0, 3));
    expect(store.getState().activity.connection).toBe("offline");
    m.onActivity(end("/v1/incidents", "answered", 200, 4));
    await until("none in flight", 5000, () => store.getState().activity.inFlight === 0, 5);
    expect(shown).toEqual([1, 2, 0]);
    m.stop();
  });

  it("an error a later answer supersedes is cleared: no answer by any answer, any error by the same request's success", () => {
    const { store, m } = meter();
    const last = () => store.getState().activity.lastError;
    const fail = (method: string, path: string, error: Error) =>
      m.onActivity({ kind: "error", method, path, error });
    // the service was gone: refused, then the probe is answered — online, and the refusal is past
    m.onActivity(start("/v1/locations"));
    m.onActivity(end("/v1/locations", "unreachable"));
    fail(
      "GET",
      "/v1/locations",
      new NetworkError("GET", "/v1/locations", "connect ECONNREFUSED 127.0.0.1:36469"),
    );
    expect(last()).toMatch(/^network error: connect ECONNREFUSED/);
    expect(store.getState().activity.connection).toBe("offline");
    m.onActivity(start("/v1/check-statuses", 1));
    m.onActivity(end("/v1/check-statuses", "answered", 503, 1));
    expect(last()).toMatch(/ECONNREFUSED/); // a gateway's 503 is no answer from the service
    m.onActivity(start("/v1/check-statuses", 2));
    m.onActivity(end("/v1/check-statuses", "answered", 200, 2));
    expect(store.getState().activity.connection).toBe("online");
    expect(last()).toBeUndefined();
    // a 500 of one request stays while others answer, until that request succeeds
    const api = new ApiError({
      status: 500,
      serverMessage: "database is locked",
      method: "GET",
      path: "/v1/checks/x",
    });
    fail("GET", "/v1/checks/x?limit=1", api);
    m.onActivity(end("/v1/check-statuses", "answered", 200, 3));
    m.onActivity(end("/v1/checks/x", "answered", 500, 4));
    m.onActivity(end("/v1/checks/y", "answered", 200, 5));
    expect(last()).toMatch(/^500 database is locked/);
    m.onActivity(end("/v1/checks/x?limit=2", "answered", 200, 6));
    expect(last()).toBeUndefined();
    // an action's own line is not a request's: it stays its 30 s
    fail("POST", "/v1/checks/x/mute", api);
    store.setState({ activity: { ...store.getState().activity, lastError: "mute: 500 database is locked" } });
    m.onActivity({
      kind: "end",
      id: 7,
      method: "POST",
      path: "/v1/checks/x/mute",
      status: 200,
      ms: 1,
      reached: "answered",
    });
    expect(last()).toBe("mute: 500 database is locked");
  });

  it("a key refused: every 401 says 'refused', never online; a 403 only while nothing else answered", () => {
    const { m, connection } = meter();
    m.onActivity(start("/v1/checks"));
    m.onActivity(end("/v1/checks", "answered", 401));
    expect(connection()).toBe("refused");
    m.onActivity(start("/v1/check-statuses"));
    m.onActivity(end("/v1/check-statuses", "answered", 401));
    expect(connection()).toBe("refused");
    // a 403 before anything answered: the key reads nothing either
    const second = meter();
    second.m.onActivity(start("/v1/checks"));
    second.m.onActivity(end("/v1/checks", "answered", 403));
    expect(second.connection()).toBe("refused");
    // once answered, a 403 from one endpoint (a feature the plan lacks) leaves online as it is
    second.m.onActivity(end("/v1/check-statuses", "answered", 200));
    expect(second.connection()).toBe("online");
    second.m.onActivity(end("/v1/analytics", "answered", 403));
    expect(second.connection()).toBe("online");
    // a 401 after answers: the key is refused now
    second.m.onActivity(end("/v1/checks", "answered", 401));
    expect(second.connection()).toBe("refused");
    m.stop();
    second.m.stop();
  });
});
