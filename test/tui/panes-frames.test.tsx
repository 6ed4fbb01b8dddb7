/**
 * Frames of the data panes (sessions, analytics, heartbeats, 5–8) at 80×24 and 120×40 from store state
 * (no network), and hostile strings from the API rendered as harmless visible text.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import type { AnalyticsReport } from "../../src/contract/schemas/analytics.ts";
import type { CheckSession, CheckSessionDetail } from "../../src/contract/schemas/check-sessions.ts";
import type { HeartbeatEvent } from "../../src/contract/schemas/heartbeats.ts";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import { analyticsKey } from "../../src/store/analytics/query.ts";
import { sessionResultError, sessionsStarted, sessionUpdated } from "../../src/store/data/sessions.ts";
import { analyticsLoaded, heartbeatsLoaded, listLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import { selectCheck, setAnalytics, setPane } from "../../src/store/view/ui.ts";
import { check, status, storeWith, uuid } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const HOSTILE =
  "evil\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;Zm9v\u0007\u001b]8;;http://x\u0007link\u001b]8;;\u0007\u202eabc\rX\u0008\u0007\u009b31m";
const FORBIDDEN = ["\u001b]", "\u001b[2J", "\u202e", "\r", "\u0008", "\u0007", "\u009b"];

const url = check({ name: "Login page", checkType: "URL", tags: ["prod"] });
const beat = check({ name: "Nightly backup", checkType: "HEARTBEAT" });
const evil = check({ name: HOSTILE, checkType: "API" });
const NOW = Date.now();

function loadedStore(): ConsoleStore {
  const store = storeWith([url, beat, evil], [status(url.id, "passing"), status(evil.id, "failing")], NOW);
  const o = store.getState().ui.analytics;
  const ts = (i: number) => new Date(NOW - (48 - i) * 1800_000).toISOString();
  const report = {
    checkId: url.id,
    series: [
      {
        data: Array.from({ length: 48 }, (_, i) => ({
          timestamp: ts(i),
          responseTime_avg: 100 + i,
          responseTime_p50: 90 + i,
          responseTime_p95: 200 + i * 2,
          responseTime_p99: 300 + i * 3,
          availability: i === 10 ? 50 : 100,
        })),
      },
    ],
    metadata: {
      responseTime_avg: { unit: "milliseconds", label: "Response time (avg)", aggregation: "avg" },
      responseTime_p50: { unit: "milliseconds", label: "Response time (p50)", aggregation: "p50" },
      responseTime_p95: { unit: "milliseconds", label: "Response time (p95)", aggregation: "p95" },
      responseTime_p99: { unit: "milliseconds", label: "Response time (p99)", aggregation: "p99" },
      availability: { unit: "percentage", label: "Availability" },
    },
  } as unknown as AnalyticsReport;
  apply(store, analyticsLoaded(store.getState(), analyticsKey(url.id, o), report, NOW, DEFAULT_CAPS));
  const ev = (h: number, state: string, ua = "cron/1") =>
    ({
      id: uuid(),
      state,
      timestamp: new Date(NOW - h * 3600_000).toISOString(),
      source: "",
      userAgent: ua,
    }) as HeartbeatEvent;
  apply(
    store,
    heartbeatsLoaded(
      store.getState(),
      beat.id,
      {
        events: [ev(1, "FAILING", HOSTILE), ev(3, "LATE"), ev(4, "RECEIVED"), ev(5, "RECEIVED")],
        stats: {
          last24Hours: { successRatio: { currentPeriod: 95.5, previousPeriod: 100 } },
          last7Days: { successRatio: { currentPeriod: 99, previousPeriod: 98 } },
        },
        from: NOW - 86_400_000,
        to: NOW,
      },
      NOW,
      DEFAULT_CAPS,
    ),
  );
  const session = {
    checkSessionId: uuid(),
    checkId: evil.id,
    checkType: "API",
    name: HOSTILE,
    status: "STARTED",
    runLocations: ["eu-west-1", "us-east-1"],
  } as CheckSession;
  apply(store, sessionsStarted(store.getState(), [session], NOW, DEFAULT_CAPS));
  const resultId = uuid();
  const done = {
    ...session,
    status: "FAILED",
    stoppedAt: new Date(NOW).toISOString(),
    timeElapsed: 1234,
    results: [
      {
        checkResultId: resultId,
        checkId: evil.id,
        checkType: "API",
        runLocation: "eu-west-1",
        hasFailures: true,
        responseTime: 321,
      },
    ],
  } as CheckSessionDetail;
  apply(store, sessionUpdated(store.getState(), done));
  apply(
    store,
    sessionResultError(store.getState(), session.checkSessionId, resultId, `connect ECONNREFUSED ${HOSTILE}`),
  );
  const incident = {
    id: "inc1",
    name: HOSTILE,
    severity: "MAJOR",
    lastUpdateStatus: "INVESTIGATING",
    services: [{ id: "s1", name: "Payments" }],
    created_at: new Date(NOW - 3600_000).toISOString(),
  } as unknown as Incident;
  apply(store, listLoaded("incidents", [incident], NOW));
  const channel = {
    id: 7,
    type: "WEBHOOK",
    config: {
      name: HOSTILE,
      url: "https://hooks.example/abc",
      webhookSecret: "s3cr3t-value-xyz",
      method: "POST",
    },
    sendFailure: true,
    sendRecovery: true,
    subscriptions: [],
  } as unknown as AlertChannel;
  apply(store, listLoaded("alertChannels", [channel], NOW));
  return store;
}

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function show(
  store: ConsoleStore,
  pane: Parameters<typeof setPane>[1],
  size: { columns: number; rows: number },
) {
  apply(store, setPane(store.getState(), pane));
  const c = renderConsole(store, size);
  open = c;
  return c;
}

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
];

describe.each(SIZES)("panes at $columns×$rows", (size) => {
  it("sessions: status, per-location progress, elapsed, the failed run's error sanitised", async () => {
    const c = show(loadedStore(), "sessions", size);
    const f = c.frame();
    expect(f).toContain("1 session · 0 running");
    expect(f).toMatch(/✖ evil␛\]0…|✖ evil␛/);
    expect(f).toContain("FAILED");
    expect(f).toContain("1/2");
    expect(f).toContain("1.2 s");
    await c.press("\r");
    const d = c.frame();
    expect(d).toContain("Locations (1/2)");
    expect(d).toMatch(/✖ eu-west-1 +failed +321 ms +connect ECONNREFUSED evil/);
    expect(d).toMatch(/us-east-1 +pending/);
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });

  it("sessions: a location whose attempt failed is still running, its retry to come — not done", async () => {
    const store = loadedStore();
    const session = {
      checkSessionId: uuid(),
      checkId: evil.id,
      checkType: "API",
      name: "Checkout API",
      status: "STARTED",
      runLocations: ["eu-west-1", "us-east-1"],
    } as CheckSession;
    apply(store, sessionsStarted(store.getState(), [session], NOW, DEFAULT_CAPS));
    const result = (runLocation: string, resultType: "ATTEMPT" | "FINAL", hasFailures: boolean) => ({
      checkResultId: uuid(),
      checkId: evil.id,
      checkType: "API",
      runLocation,
      resultType,
      hasFailures,
      responseTime: 40,
    });
    apply(
      store,
      sessionUpdated(store.getState(), {
        ...session,
        results: [result("eu-west-1", "ATTEMPT", true), result("us-east-1", "FINAL", false)],
      } as CheckSessionDetail),
    );
    const c = show(store, "sessions", size);
    const row = c
      .frame()
      .split("\n")
      .find((l) => l.includes("Checkout API"));
    expect(row).toContain("STARTED");
    expect(row).toContain("1/2");
    expect(row).toContain("retrying in eu-west-1");
    await c.press("\r");
    const d = c.frame();
    expect(d).toContain("Locations (1/2)");
    expect(d).toMatch(/eu-west-1 +retrying/);
    expect(d).toMatch(/us-east-1 +passed/);
  });

  it("analytics: every metric on one time grid, scaled from 0 / on 0–100 %, a column chart with room", async () => {
    const store = loadedStore();
    apply(store, selectCheck(store.getState(), url.id));
    const c = show(store, "analytics", size);
    const f = c.frame();
    const lines = f.split("\n");
    expect(f).toContain("Login page");
    expect(f).toContain("24 h · 30 min buckets (auto)");
    // the bucket in progress has no run yet: a gap in the last column, in every chart at the same cell
    const gapAt = lines.filter((l) => /[▁-█]·( |$)/.test(l)).map((l) => [...l].indexOf("·"));
    expect(gapAt.length).toBe(5);
    expect(new Set(gapAt).size).toBe(1);
    if (size.columns === 80) {
      // sparklines: 47 buckets with runs + the gap, durations from 0 (so 100 ms of 147 is a tall bar)
      expect(f).toMatch(/Response time \(avg\) [▅-█]{47}· max 147 ms/);
      expect(f).toMatch(/Availability +█{9}▄█{37}· min 50%/);
    } else {
      // column charts with a y-axis: availability 0–100 %, the 50 % bucket half high
      expect(f).toContain("Availability  0–100% · min 50%  last 100%");
      expect(f).toMatch(/100% ┤ █{9} █{37}\n/);
      expect(f).toMatch(/0% ┤ █{47}·/);
      expect(f).toMatch(/147 ms ┤ +▁/);
    }
    expect(f).toMatch(/\n {11,20}\S.*\d\d:\d\d +UTC/); // the time axis under the charts
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(size.columns);
  });

  it("analytics grouped by location: each group's buckets in their columns, one scale, groups by name", async () => {
    const store = loadedStore();
    apply(store, selectCheck(store.getState(), url.id));
    const o = { ...store.getState().ui.analytics, groupBy: "runLocation" as const };
    const ts = (i: number) => new Date(NOW - (48 - i) * 1800_000).toISOString();
    const report = {
      series: [
        // us-east-1 began running six buckets ago: its first bucket is not the first column
        {
          runLocation: "us-east-1",
          data: [42, 43, 44, 45, 46, 47].map((i) => ({ timestamp: ts(i), responseTime_avg: 200 })),
        },
        {
          runLocation: "eu-west-1",
          data: Array.from({ length: 48 }, (_, i) => ({ timestamp: ts(i), responseTime_avg: 100 })),
        },
      ],
      metadata: { responseTime_avg: { unit: "milliseconds", label: "Response time (avg)" } },
    } as unknown as AnalyticsReport;
    apply(store, analyticsLoaded(store.getState(), analyticsKey(url.id, o), report, NOW, DEFAULT_CAPS));
    apply(store, setAnalytics(store.getState(), { groupBy: "runLocation" }));
    const c = show(store, "analytics", size);
    const f = c.frame();
    expect(f).toContain("Response time (avg) per location, one scale: 0 ms–200 ms");
    const eu = f.split("\n").find((l) => l.startsWith("eu-west-1"))!;
    const us = f.split("\n").find((l) => l.startsWith("us-east-1"))!;
    expect(f.indexOf("eu-west-1")).toBeLessThan(f.indexOf("us-east-1"));
    // on one scale 100 ms is half of 200 ms; us-east-1's runs sit in the last six columns, before the gap
    expect(eu).toMatch(/^eu-west-1 +▄{47}· max 100 ms/);
    expect(us).toMatch(/^us-east-1 +·{41}█{6}· max 200 ms/);
    expect([...eu].indexOf("·")).toBe([...us].lastIndexOf("·"));
  });

  it("heartbeats: timeline, ratios with arrows, events; Enter shows the event detail", async () => {
    const c = show(loadedStore(), "heartbeats", size);
    const f = c.frame();
    expect(f).toContain("last 24 h: 95.5% ↓ (previous 100%)");
    expect(f).toContain("7 d: 99% ↑ (previous 98%)");
    // the strip on the time grid (test/tui/heartbeats-pane.test.tsx reads it closely): nothing known before
    // the first event, nothing due after each ping (this check's period is not recorded), overdue after ✖
    const strip = f.split("\n").find((l) => /^·+●/.test(l))!;
    expect(strip).toMatch(/^·+●─*●─*▲─*✖━*\s*$/);
    expect(f).toMatch(/✖ FAILING/);
    await c.press("\r");
    const d = c.frame();
    expect(d).toContain("user agent");
    expect(d).toContain("evil␛]0");
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });

  it("incidents and alert channels: hostile names are visible text, secrets masked", async () => {
    const store = loadedStore();
    const c = show(store, "incidents", size);
    expect(c.frame()).toContain("MAJOR");
    expect(c.frame()).toContain("evil␛]0");
    // the count's noun agrees with it
    expect(c.frame().split("\n")[1]).toMatch(/^1 incident · /);
    await c.press("6");
    expect(c.frame()).toContain("WEBHOOK");
    expect(c.frame().split("\n")[1]).toMatch(/^1 alert channel · /);
    await c.press("\r");
    expect(c.frame()).not.toContain("s3cr3t-value-xyz");
    expect(c.frame()).toContain("config.webhookSecret");
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });

  it("an incident's detail says when it opened, how long ago, and how long it lasted once resolved", async () => {
    const store = loadedStore();
    const c = show(store, "incidents", size);
    await c.press("\r");
    expect(c.frame()).toMatch(
      /severity MAJOR · opened \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ \(1 h(?: \d+ min)? ago\)/,
    );
    const resolved = {
      ...store.getState().incidents.items[0]!,
      lastUpdateStatus: "RESOLVED",
      duration: 5_700,
    } as Incident;
    apply(store, listLoaded("incidents", [resolved], NOW));
    await c.press("");
    expect(c.frame()).toMatch(/severity MAJOR · resolved after 1 h 35 min · opened /);
  });

  it("the checks list shows a hostile check name as text", async () => {
    const c = show(loadedStore(), "checks", size);
    const f = c.frame();
    expect(f).toContain("✖ evil␛]0");
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
    await c.press("\r");
    expect(c.frame().split("\n")[0]).toContain("evil␛]0");
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });
});

describe("analytics at 80×24", () => {
  it("wraps the settings and the cursor's values between their parts: the results filter and every value whole", async () => {
    const store = loadedStore();
    apply(store, selectCheck(store.getState(), url.id));
    const c = show(store, "analytics", { columns: 80, rows: 24 });
    await c.press("\u001b[D"); // the cursor on the newest bucket
    const f = await frameWhere(c, (f) => f.includes("▲ "));
    const lines = f.split("\n");
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    // the settings: the filter and the grouping never cut ("· resul…")
    expect(f).toMatch(/group none · results all\n/);
    // the cursor's line: every metric's value there, on two lines, none cut
    const at = lines.findIndex((l) => l.startsWith("▲ "));
    const cursor = `${lines[at]} · ${lines[at + 1]?.trim()}`;
    for (const m of ["avg", "p50", "p95", "p99"]) expect(cursor).toMatch(new RegExp(`${m} (\\d+ ms|—)`));
    expect(cursor).toMatch(/Availability (\d+%|—)/);
    expect(cursor).not.toContain("…");
  });
});

describe("sessions at 80×24", () => {
  it("the detail puts a location's long error whole on the lines under it, not cut beside it", async () => {
    const store = loadedStore();
    const t = [...store.getState().sessions.byId.values()][0]!;
    const resultId = (t.session as CheckSessionDetail).results?.[0]?.checkResultId as string;
    const long =
      "assertion failed: expected response code 200, got 500 from https://api.example.com/v1/orders?page=1 (after 3 tries)";
    apply(store, sessionResultError(store.getState(), t.session.checkSessionId, resultId, long));
    const c = show(store, "sessions", { columns: 80, rows: 24 });
    const row = c
      .frame()
      .split("\n")
      .find((l) => l.includes("FAILED"));
    // the list: STATUS as wide as FAILED, RESULT with the rest
    expect(row).toMatch(/FAILED +1\/2 +1\.2 s assertion failed: expected …$/);
    await c.press("\r");
    const lines = c.frame().split("\n");
    const at = lines.findIndex((l) => /✖ eu-west-1 +failed +321 ms$/.test(l));
    expect(at).toBeGreaterThan(0);
    expect(`${lines[at + 1]?.trim()} ${lines[at + 2]?.trim()}`).toBe(long);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
  });
});
