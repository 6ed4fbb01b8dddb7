import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkSessionsApi } from "../../src/api/check-sessions.ts";
import { ApiError, ResponseShapeError, TimeoutError, UsageError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { isTerminalSessionStatus } from "../../src/contract/schemas/check-sessions.ts";
import {
  CHECK_ID,
  passedSessionDetail,
  SESSION_ID,
  startedSession,
  stillRunningBody,
  triggerResponse,
} from "../support/fixtures-a.ts";
import { errorBody, ScriptedServer } from "../support/scripted-server.ts";
import { until } from "../support/until.ts";

const KEY = "sk_test_sessions_0123456789";
let srv: ScriptedServer;
let http: HttpClient;
let api: ReturnType<typeof checkSessionsApi>;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({
    baseUrl: srv.url,
    apiKey: KEY,
    accountId: "acc-1",
    backoffBaseMs: 5,
    timeoutMs: 2000,
  });
  api = checkSessionsApi(http);
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

const completionPath = `/v1/check-sessions/${SESSION_ID}/completion`;

describe("isTerminalSessionStatus", () => {
  it.each(["PASSED", "FAILED", "DEGRADED", "TIMED_OUT", "CANCELLED"])("%s is terminal", (s) => {
    expect(isTerminalSessionStatus(s)).toBe(true);
  });
  it.each(["STARTED", "PROGRESS", "PROGRESS_FAILED", "PROGRESS_DEGRADED"])("%s is running", (s) => {
    expect(isTerminalSessionStatus(s, "2025-08-28T18:28:40.993Z")).toBe(false);
  });
  it("an unknown status is terminal only once stoppedAt is set", () => {
    expect(isTerminalSessionStatus("PAUSED_BY_AI", null)).toBe(false);
    expect(isTerminalSessionStatus("PAUSED_BY_AI")).toBe(false);
    expect(isTerminalSessionStatus("PAUSED_BY_AI", "2025-08-28T18:28:40.993Z")).toBe(true);
  });
});

describe("trigger", () => {
  it("POSTs the target and refreshCache, and parses the 201", async () => {
    srv.reply({ status: 201, json: triggerResponse });
    const res = await api.trigger({
      matchTags: [["prod", "!flaky"]],
      checkId: [CHECK_ID],
      refreshCache: true,
    });
    const r = srv.last;
    expect(r.method).toBe("POST");
    expect(r.path).toBe("/v1/check-sessions/trigger");
    expect(r.rawQuery).toBe("");
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers["x-service-account"]).toBe("acc-1");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.json).toEqual({
      target: { matchTags: [["prod", "!flaky"]], checkId: [CHECK_ID] },
      refreshCache: true,
    });
    expect(res.sessions).toHaveLength(1);
    expect(res.sessions[0]).toMatchObject({ checkSessionId: SESSION_ID, status: "STARTED", stoppedAt: null });
    expect(res.sessions[0]?.runLocations).toEqual(["us-east-1", "eu-central-1"]);
  });

  it("sends an empty body (no target) when nothing is selected", async () => {
    srv.reply({ status: 201, json: triggerResponse });
    await api.trigger();
    expect(srv.last.json).toEqual({});
  });

  it("sends only the filters given", async () => {
    srv.reply({ status: 201, json: triggerResponse });
    await api.trigger({ checkId: [CHECK_ID] });
    expect(srv.last.json).toEqual({ target: { checkId: [CHECK_ID] } });
  });

  it.each([
    [{ checkId: ["not-a-uuid"] }, /trigger: "target\.checkId\[0\]"/],
    [{ matchTags: [[]] }, /target\.matchTags\[0\]/],
    [{ matchTags: [["!"]] }, /bare ! is not a tag/],
  ])("refuses %j client-side; nothing is sent", async (input, msg) => {
    const e = await api.trigger(input).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(msg);
    expect(srv.requests).toHaveLength(0);
  });

  it("surfaces 404 no-match as ApiError and does not retry the POST", async () => {
    srv.always({ status: 404, json: errorBody(404, "Not Found", "No matching checks were found.") });
    const e = await api.trigger({ matchTags: [["nothing"]] }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(e.serverMessage).toBe("No matching checks were found.");
    expect(srv.requests).toHaveLength(1);
  });

  it("passes unknown checkType / status / runSource values through and keeps unknown fields", async () => {
    const s = { ...startedSession, checkType: "QUANTUM", status: "QUEUED", runSource: "ROBOT", shard: 3 };
    srv.reply({ status: 201, json: { sessions: [s] } });
    const res = await api.trigger();
    expect(res.sessions[0]).toMatchObject({
      checkType: "QUANTUM",
      status: "QUEUED",
      runSource: "ROBOT",
      shard: 3,
    });
  });
});

describe("get", () => {
  it("GETs the session with its results", async () => {
    srv.reply({ json: { ...passedSessionDetail, extra: { kept: true } } });
    const s = await api.get(SESSION_ID);
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe(`/v1/check-sessions/${SESSION_ID}`);
    expect(srv.last.rawQuery).toBe("");
    expect(srv.last.rawBody).toBe("");
    expect(s.status).toBe("PASSED");
    expect(s.results.map((r) => r.runLocation)).toEqual(["us-east-1", "eu-central-1"]);
    expect(s.results[0]).toMatchObject({ resultType: "FINAL", responseTime: 1234, hasFailures: false });
    expect((s as Record<string, unknown>).extra).toEqual({ kept: true });
  });

  it("defaults results to [] when a running session omits them", async () => {
    srv.reply({ json: startedSession });
    expect((await api.get(SESSION_ID)).results).toEqual([]);
  });

  it("404 → ApiError with the server's message", async () => {
    srv.reply({ status: 404, json: errorBody(404, "Not Found", "No such check session.") });
    const e = await api.get("0f0e0d0c-0b0a-4909-8807-060504030201").catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(e.message).toContain("No such check session.");
  });

  it("malformed result → ResponseShapeError naming the field path", async () => {
    const bad = { ...passedSessionDetail, results: [{ ...passedSessionDetail.results[0], runLocation: 7 }] };
    srv.reply({ json: bad });
    const e = await api.get(SESSION_ID).catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("results[0].runLocation");
  });

  it("encodes the id and refuses an empty one", async () => {
    srv.reply({ status: 404, json: errorBody(404, "Not Found", "No such check session.") });
    await api.get("a/b").catch(() => undefined);
    expect(srv.last.path).toBe("/v1/check-sessions/a%2Fb");
    await expect(api.get(" ")).rejects.toBeInstanceOf(UsageError);
    expect(srv.requests).toHaveLength(1);
  });
});

describe("completion", () => {
  it("200 → done with the session; default maxWaitSeconds=30", async () => {
    srv.reply({ json: passedSessionDetail });
    const r = await api.completion(SESSION_ID);
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe(completionPath);
    expect(srv.last.rawQuery).toBe("maxWaitSeconds=30");
    expect(r).toMatchObject({ done: true, session: { status: "PASSED" } });
  });

  it("408 → not done, with Retry-After in ms; one request only", async () => {
    srv.always({ status: 408, json: stillRunningBody, headers: { "retry-after": "2" } });
    const r = await api.completion(SESSION_ID, { maxWaitSeconds: 5 });
    expect(srv.last.rawQuery).toBe("maxWaitSeconds=5");
    expect(r).toEqual({ done: false, retryAfterMs: 2000 });
    expect(srv.requests).toHaveLength(1);
  });

  it("does not retry a 503 itself (the waiter owns the loop)", async () => {
    srv.always({ status: 503, json: errorBody(503, "Service Unavailable", "busy") });
    await expect(api.completion(SESSION_ID)).rejects.toBeInstanceOf(ApiError);
    expect(srv.requests).toHaveLength(1);
  });

  it.each([0, 31, 1.5])("maxWaitSeconds %s → UsageError, nothing sent", async (n) => {
    await expect(api.completion(SESSION_ID, { maxWaitSeconds: n })).rejects.toBeInstanceOf(UsageError);
    expect(srv.requests).toHaveLength(0);
  });
});

describe("waitForCompletion", () => {
  it("loops through 408s until the 200", async () => {
    srv.reply(
      { status: 408, json: stillRunningBody, headers: { "retry-after": "0" } },
      { status: 408, json: stillRunningBody },
      { json: passedSessionDetail },
    );
    const polls: boolean[] = [];
    const s = await api.waitForCompletion(SESSION_ID, { idleDelayMs: 5, onPoll: (e) => polls.push(e.done) });
    expect(s.status).toBe("PASSED");
    expect(polls).toEqual([false, false, true]);
    expect(srv.requests.map((r) => `${r.method} ${r.path}?${r.rawQuery}`)).toEqual(
      Array(3).fill(`GET ${completionPath}?maxWaitSeconds=30`),
    );
  });

  it("keeps polling after a 200 that still reads as running", async () => {
    srv.reply({ json: { ...startedSession, status: "PROGRESS" } }, { json: passedSessionDetail });
    const s = await api.waitForCompletion(SESSION_ID, { idleDelayMs: 5 });
    expect(s.status).toBe("PASSED");
    expect(srv.requests).toHaveLength(2);
  });

  it("rides over transient failures (503, cut connection)", async () => {
    srv.reply(
      { status: 503, json: errorBody(503, "Service Unavailable", "busy") },
      { cut: true },
      {
        json: passedSessionDetail,
      },
    );
    const errors: string[] = [];
    const s = await api.waitForCompletion(SESSION_ID, {
      idleDelayMs: 5,
      onPoll: (e) => e.error && errors.push(e.error.name),
    });
    expect(s.status).toBe("PASSED");
    expect(errors).toEqual(["ApiError", "NetworkError"]);
    expect(srv.requests).toHaveLength(3);
  });

  it("throws a 404 at once", async () => {
    srv.always({ status: 404, json: errorBody(404, "Not Found", "No such check session.") });
    const e = await api.waitForCompletion(SESSION_ID, { idleDelayMs: 5 }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
    expect(srv.requests).toHaveLength(1);
  });

  it("gives up with TimeoutError at the overall deadline, asking the server for no more than is left", async () => {
    srv.always({ status: 408, json: stillRunningBody });
    const t0 = Date.now();
    const e = await api.waitForCompletion(SESSION_ID, { deadlineMs: 300, idleDelayMs: 40 }).catch((x) => x);
    const took = Date.now() - t0;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(srv.requests.length).toBeGreaterThan(1);
    expect(srv.requests[0]?.rawQuery).toBe("maxWaitSeconds=1");
  });

  it("aborts an in-flight long-poll at the deadline", async () => {
    srv.always({ hang: true });
    const t0 = Date.now();
    const e = await api.waitForCompletion(SESSION_ID, { deadlineMs: 250 }).catch((x) => x);
    expect(e).toBeInstanceOf(TimeoutError);
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(srv.requests).toHaveLength(1);
  });

  it("stops when the caller's signal aborts", async () => {
    srv.always({ status: 408, json: stillRunningBody });
    const ac = new AbortController();
    const waiting = api.waitForCompletion(SESSION_ID, { signal: ac.signal, idleDelayMs: 20 }).catch((x) => x);
    // Esc while it polls: once the service has been asked twice
    await until("two polls", 5000, () => srv.requests.length >= 2);
    ac.abort(new Error("user pressed Esc"));
    const e = await waiting;
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe("user pressed Esc");
  });

  it("validates maxWaitSeconds before sending", async () => {
    await expect(api.waitForCompletion(SESSION_ID, { maxWaitSeconds: 60 })).rejects.toBeInstanceOf(
      UsageError,
    );
    expect(srv.requests).toHaveLength(0);
  });
});
