import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  httpTarget,
  insertCheck,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "./support.ts";

let target: { url: string; close(): Promise<void> };
let t: TempDb;
let svc: TestService;
const ids: Record<string, string> = {};

beforeAll(async () => {
  target = await httpTarget((req, res) => {
    if (req.url === "/slow") setTimeout(() => res.end("ok"), 1500);
    else res.end("ok");
  });
  t = tempDb();
  ids.api = insertCheck(t.db, {
    checkType: "URL",
    name: "API prod",
    tags: ["prod", "api"],
    doc: { request: { url: `${target.url}/` } },
  });
  ids.web = insertCheck(t.db, {
    checkType: "URL",
    name: "Web prod",
    tags: ["prod", "web", "flaky"],
    doc: { request: { url: `${target.url}/` } },
  });
  ids.staging = insertCheck(t.db, {
    checkType: "URL",
    name: "API staging",
    tags: ["staging", "api"],
    doc: { request: { url: `${target.url}/` } },
  });
  ids.off = insertCheck(t.db, {
    checkType: "URL",
    name: "Off",
    tags: ["prod"],
    activated: false,
    doc: { request: { url: `${target.url}/` } },
  });
  ids.slow = insertCheck(t.db, {
    checkType: "URL",
    name: "Slow",
    tags: ["slow"],
    doc: { request: { url: `${target.url}/slow` } },
  });
  ids.tcp = insertCheck(t.db, {
    checkType: "TCP",
    name: "TCP",
    tags: ["tcp"],
    doc: { request: { hostname: "127.0.0.1", port: 1 } },
  });
  ids.hb = insertCheck(t.db, {
    checkType: "HEARTBEAT",
    name: "Nightly job",
    tags: ["prod"],
    doc: {
      heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes", pingToken: "tok-123" },
    },
  });
  // two pings a moment apart are both stored here (the service folds pings within ~1 s into one event)
  svc = await startTestService(t, { ping: { coalesceMs: 0 } });
});
afterAll(async () => {
  await svc.close();
  await target.close();
  t.cleanup();
});

const get = (path: string) => fetch(`${svc.url}${path}`, { headers: svc.headers });
const post = (path: string, body: unknown) =>
  fetch(`${svc.url}${path}`, { method: "POST", headers: svc.headers, body: JSON.stringify(body) });
const trigger = async (target?: unknown) => {
  const res = await post("/v1/check-sessions/trigger", target === undefined ? {} : { target });
  return {
    status: res.status,
    body: (await res.json()) as { sessions: { checkId: string; checkSessionId: string; status: string }[] },
  };
};

describe("check sessions over HTTP", () => {
  it("needs the bearer key", async () => {
    const res = await fetch(`${svc.url}/v1/check-sessions/trigger`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
  });

  it("matches tags as an OR of AND groups with ! exclusion, and ANDs checkId", async () => {
    const a = await trigger({ matchTags: [["prod", "!flaky"]] });
    expect(a.status).toBe(201);
    expect(a.body.sessions.map((s) => s.checkId)).toEqual([ids.api]);
    const b = await trigger({ matchTags: [["api", "staging"], ["web"]] });
    expect(b.body.sessions.map((s) => s.checkId).sort()).toEqual([ids.staging, ids.web].sort());
    const c = await trigger({ matchTags: [["api"]], checkId: [ids.staging, ids.web] });
    expect(c.body.sessions.map((s) => s.checkId)).toEqual([ids.staging]);
    await svc.engine.idle();
  });

  it("without a target starts every activated, non-heartbeat check", async () => {
    const r = await trigger();
    expect(r.status).toBe(201);
    const started = new Set(r.body.sessions.map((s) => s.checkId));
    expect(started).toEqual(new Set([ids.api, ids.web, ids.staging, ids.slow, ids.tcp]));
    expect(r.body.sessions.every((s) => s.status === "STARTED")).toBe(true);
    await svc.engine.idle();
  });

  it("answers 404 when nothing matches and 400 on a bad body", async () => {
    const none = await post("/v1/check-sessions/trigger", { target: { matchTags: [["nope"]] } });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No matching checks were found.",
    });
    const bad = await post("/v1/check-sessions/trigger", { target: { checkId: ["not-a-uuid"] } });
    expect(bad.status).toBe(400);
  });

  it("returns at once, then completion long-polls until done", async () => {
    const started = Date.now();
    const r = await trigger({ checkId: [ids.api] });
    expect(Date.now() - started).toBeLessThan(1000);
    const id = r.body.sessions[0]!.checkSessionId;
    const done = await get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=5`);
    expect(done.status).toBe(200);
    const body = (await done.json()) as Record<string, unknown> & { results: Record<string, unknown>[] };
    expect(body).toMatchObject({
      checkSessionId: id,
      checkId: ids.api,
      checkType: "URL",
      status: "PASSED",
      name: "API prod",
    });
    expect(typeof body.stoppedAt).toBe("string");
    expect(body.timeElapsed).toBe(
      Date.parse(body.stoppedAt as string) - Date.parse(body.startedAt as string),
    );
    expect(body.results[0]).toMatchObject({
      checkId: ids.api,
      resultType: "FINAL",
      hasFailures: false,
      runLocation: "eu-west-1",
    });
    const read = await get(`/v1/check-sessions/${id}`);
    expect(((await read.json()) as { status: string }).status).toBe("PASSED");
  });

  it("answers 408 with Retry-After while the session still runs", async () => {
    const r = await trigger({ checkId: [ids.slow] });
    const id = r.body.sessions[0]!.checkSessionId;
    const res = await get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=1`);
    expect(res.status).toBe(408);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(408);
    const bad = await get(`/v1/check-sessions/${id}/completion?maxWaitSeconds=31`);
    expect(bad.status).toBe(400);
    const missing = await get("/v1/check-sessions/00000000-0000-4000-8000-000000000000");
    expect(((await missing.json()) as { message: string }).message).toBe("No such check session.");
    await svc.engine.idle();
  });
});

describe("results, statuses and analytics over HTTP", () => {
  it("lists check results (v1 array, v2 cursor, one)", async () => {
    const v1 = (await (await get(`/v1/check-results/${ids.api}?limit=2`)).json()) as {
      id: string;
      resultType: string;
    }[];
    expect(v1.length).toBe(2);
    expect(v1[0]?.resultType).toBe("FINAL");
    const p1 = (await (await get(`/v2/check-results/${ids.api}?limit=2`)).json()) as {
      length: number;
      entries: { id: string }[];
      nextId: string | null;
    };
    expect(p1.length).toBe(2);
    expect(p1.nextId).not.toBeNull();
    const p2 = (await (
      await get(`/v2/check-results/${ids.api}?limit=2&nextId=${p1.nextId}`)
    ).json()) as typeof p1;
    expect(p2.entries.length).toBeGreaterThan(0);
    expect(p2.entries.map((e) => e.id)).not.toContain(p1.entries[0]!.id);
    const one = await get(`/v1/check-results/${ids.api}/${v1[0]!.id}`);
    expect(((await one.json()) as { id: string; apiCheckResult: unknown }).apiCheckResult).toBeTruthy();
  });

  it("reports check statuses from the latest FINAL result", async () => {
    const list = (await (await get("/v1/check-statuses")).json()) as {
      checkId: string;
      hasErrors: boolean;
    }[];
    expect(list.find((s) => s.checkId === ids.tcp)?.hasErrors).toBe(true);
    expect(list.find((s) => s.checkId === ids.api)?.hasErrors).toBe(false);
    expect(list.find((s) => s.checkId === ids.off)).toBeUndefined();
    const one = await get(`/v1/check-statuses/${ids.api}`);
    expect(one.status).toBe(200);
  });

  it("builds analytics from the stored runs and validates the query", async () => {
    const res = await get(
      `/v1/analytics/url-monitors/${ids.api}?metrics=responseTime_avg,availability&metrics[]=firstByte_p95`,
    );
    expect(res.status).toBe(200);
    const r = (await res.json()) as {
      series: { data: Record<string, number>[] }[];
      metadata: Record<string, unknown>;
    };
    expect(r.series[0]?.data[0]?.availability).toBe(100);
    expect(r.series[0]?.data[0]?.responseTime_avg).toBeGreaterThan(0);
    expect(Object.keys(r.metadata)).toEqual(["responseTime_avg", "availability", "firstByte_p95"]);
    const noMetrics = await get(`/v1/analytics/url-monitors/${ids.api}`);
    expect(noMetrics.status).toBe(400);
    const unknown = await get(`/v1/analytics/url-monitors/${ids.api}?metrics=bogus_avg`);
    expect(unknown.status).toBe(400);
    const interval = await get(
      `/v1/analytics/url-monitors/${ids.api}?metrics=availability&aggregationInterval=43201`,
    );
    expect(interval.status).toBe(400);
    const wrongType = await get(`/v1/analytics/tcp-checks/${ids.api}?metrics=total_avg`);
    expect(wrongType.status).toBe(400);
    const tcp = await get(
      `/v1/analytics/tcp-checks/${ids.tcp}?metrics=total_avg,availability&groupBy=runLocation`,
    );
    const tr = (await tcp.json()) as { series: { runLocation: string; data: Record<string, number>[] }[] };
    expect(tr.series[0]?.runLocation).toBe("eu-west-1");
    expect(tr.series[0]?.data[0]?.availability).toBe(0);
  });
});

describe("heartbeats over HTTP", () => {
  it("records pings with source and user agent, ignores bots, rejects PUT", async () => {
    const ping = await fetch(`${svc.url}/ping/tok-123`, {
      headers: { origin: "https://cron.example", "user-agent": "curl/8" },
    });
    expect(ping.status).toBe(200);
    const post = await fetch(`${svc.url}/ping/tok-123`, {
      method: "POST",
      headers: { referer: "https://ref.example/x" },
    });
    expect(post.status).toBe(200);
    const bot = await fetch(`${svc.url}/ping/tok-123`, {
      headers: { "user-agent": "Slackbot-LinkExpanding 1.0" },
    });
    expect(bot.status).toBe(200);
    const put = await fetch(`${svc.url}/ping/tok-123`, { method: "PUT" });
    expect(put.status).toBe(405);
    const unknown = await fetch(`${svc.url}/ping/nope`);
    expect(unknown.status).toBe(404);

    const res = await get(`/v1/checks/heartbeats/${ids.hb}/events`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      events: { id: string; state: string; source: string; userAgent: string }[];
      stats: Record<string, { totalEntitiesCurrentPeriod: number; successRatio: { currentPeriod: number } }>;
    }[];
    expect(body).toHaveLength(1);
    const events = body[0]!.events;
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      state: "RECEIVED",
      source: "https://cron.example",
      userAgent: "curl/8",
    });
    expect(events[0]).toMatchObject({ state: "EARLY", source: "https://ref.example/x" });
    expect(body[0]!.stats.last24Hours).toMatchObject({
      totalEntitiesCurrentPeriod: 2,
      successRatio: { currentPeriod: 100 },
    });

    const one = await get(`/v1/checks/heartbeats/${ids.hb}/events/${events[0]!.id}`);
    expect(((await one.json()) as { event: { id: string } }).event.id).toBe(events[0]!.id);
    const limited = (await (await get(`/v1/checks/heartbeats/${ids.hb}/events?limit=1`)).json()) as {
      events: unknown[];
    }[];
    expect(limited[0]!.events).toHaveLength(1);
    expect((await get(`/v1/checks/heartbeats/${ids.hb}/events?limit=11`)).status).toBe(400);
    const avail = (await (await get(`/v1/checks/heartbeats/${ids.hb}/availability`)).json()) as {
      totalEntitiesCurrentPeriod: number;
    };
    expect(avail.totalEntitiesCurrentPeriod).toBe(2);
    expect((await get(`/v1/checks/heartbeats/${ids.api}/events`)).status).toBe(404);
  });
});
