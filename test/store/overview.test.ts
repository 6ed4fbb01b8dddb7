/**
 * The overview model (store/triage/overview.ts): counts, the checks that need a look with their reason and
 * "failing for", overdue heartbeats, open incidents, alert delivery trouble, private locations without an
 * agent, the calm line and `vigil status --json`'s shape — pure, no Ink, no network.
 */
import { describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../src/contract/schemas/alert-notifications.ts";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../src/contract/schemas/private-locations.ts";
import { checkState } from "../../src/shared/check-state.ts";
import {
  type CheckSummary,
  type ResultSummary,
  toCheckSummary,
  toResultSummary,
} from "../../src/store/data/summary.ts";
import {
  attentionChecks,
  buildOverview,
  checkTriage,
  deadLocations,
  deliveryTrouble,
  heartbeatTriage,
  type OverviewCheck,
  openIncidents,
  overviewCounts,
  somethingFailing,
} from "../../src/store/triage/overview.ts";
import {
  calmLine,
  countsLine,
  deliveryText,
  forText,
  heartbeatTexts,
  locationsText,
  overviewJson,
  reasonText,
} from "../../src/store/triage/overview-text.ts";

const T0 = Date.parse("2026-11-25T09:00:00Z");
const min = (m: number) => T0 + m * 60_000;
const iso = (m: number) => new Date(min(m)).toISOString();

function row(
  c: Partial<CheckSummary> & { id: string },
  st: { failing?: boolean; degraded?: boolean; cannotRun?: boolean; at?: number } | undefined,
): OverviewCheck {
  const check = toCheckSummary({ name: c.id, checkType: "API", activated: true, ...c } as CheckSummary);
  const status = st
    ? {
        checkId: c.id,
        hasFailures: st.failing === true,
        hasErrors: false,
        isDegraded: st.degraded === true,
        cannotRun: st.cannotRun === true,
        updated_at: iso(st.at ?? 0),
      }
    : undefined;
  return {
    id: c.id,
    check,
    status,
    health: checkState(status),
    statusAt: status ? min(st?.at ?? 0) : Number.NaN,
  };
}

let rid = 0;
/** A FINAL result at minute `m` in `loc`, failing with a refused connection, passing, or degraded. */
function result(
  m: number,
  loc: string,
  kind: "fail" | "pass" | "slow" | "503",
  extra: object = {},
): ResultSummary {
  const base = {
    id: `r${++rid}`,
    runLocation: loc,
    resultType: "FINAL",
    startedAt: iso(m),
    stoppedAt: iso(m),
    hasErrors: false,
    hasFailures: false,
    isDegraded: false,
    responseTime: 120,
  };
  if (kind === "fail")
    return toResultSummary({
      ...base,
      hasFailures: true,
      hasErrors: true,
      responseTime: null,
      errorMessage: "request failed: connect ECONNREFUSED 127.0.0.1:9",
      apiCheckResult: { assertions: [], requestError: "connect ECONNREFUSED 127.0.0.1:9", response: null },
      ...extra,
    } as ResultSummary);
  if (kind === "503")
    return toResultSummary({
      ...base,
      hasFailures: true,
      apiCheckResult: {
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200", actual: 503, error: "expected 200" },
        ],
        response: { status: 503 },
      },
      ...extra,
    } as ResultSummary);
  if (kind === "slow") return toResultSummary({ ...base, isDegraded: true, responseTime: 2300, ...extra });
  return toResultSummary({ ...base, ...extra });
}

describe("counts", () => {
  it("counts each active check once by state; deactivated only as deactivated; muted besides", () => {
    const rows = [
      row({ id: "a" }, { failing: true, at: 3 }),
      row({ id: "b", muted: true }, { degraded: true, at: 1 }),
      row({ id: "c" }, { at: 2 }),
      row({ id: "d", activated: false }, { failing: true, at: 9 }),
      row({ id: "e" }, undefined),
      row({ id: "f", checkType: "BROWSER" }, { cannotRun: true }),
      row({ id: "g", checkType: "HEARTBEAT" }, { failing: true }),
    ];
    const c = overviewCounts(rows);
    expect(c).toMatchObject({
      checks: 7,
      failing: 2,
      degraded: 1,
      passing: 1,
      pending: 1,
      cannotRun: 1,
      deactivated: 1,
      muted: 1,
    });
    expect(c.lastRunAt).toBe(min(9));
  });
});

describe("checks that need a look", () => {
  it("failing, then degraded, then cannot run; unmuted before muted; by name; no heartbeat, no deactivated", () => {
    const rows = [
      row({ id: "p", name: "passing one" }, {}),
      row({ id: "d", name: "Degraded" }, { degraded: true }),
      row({ id: "m", name: "a muted failing", muted: true }, { failing: true }),
      row({ id: "z", name: "zeta" }, { failing: true }),
      row({ id: "b", name: "Beta" }, { failing: true }),
      row({ id: "x", name: "off", activated: false }, { failing: true }),
      row({ id: "h", name: "hb", checkType: "HEARTBEAT" }, { failing: true }),
      row({ id: "c", name: "browser", checkType: "BROWSER" }, { cannotRun: true }),
    ];
    expect(attentionChecks(rows).map((r) => r.id)).toEqual(["b", "z", "m", "d", "c"]);
  });

  it("a failing check: failing for … since the first failure after the last pass, its reason, x of y locations", () => {
    const r = row(
      { id: "a", locations: ["eu-west-1", "us-east-1", "ap-south-1"] },
      { failing: true, at: 41 },
    );
    const results = [
      result(41, "eu-west-1", "fail"),
      result(36, "eu-west-1", "fail"),
      result(31, "eu-west-1", "pass"),
      result(40, "us-east-1", "fail"),
      result(35, "us-east-1", "pass"),
      result(39, "ap-south-1", "pass"),
    ];
    const t = checkTriage(r, results);
    expect(t.state).toBe("failing");
    expect(t.reason).toBe("connect ECONNREFUSED 127.0.0.1:9");
    expect(t.since).toMatchObject({ at: min(36), exact: true, locationsIn: 2, locationsSeen: 3 });
    expect(locationsText(t)).toBe("2 of 3 locations");
    const now = min(48);
    const since = forText(t.state, t.since, now);
    expect(since).toMatch(/^failing for 12 min \(since \d\d:\d\d\)$/);
  });

  it("never claims an exact start when every held result is failing", () => {
    const r = row({ id: "a" }, { failing: true });
    const t = checkTriage(r, [result(20, "eu-west-1", "503"), result(10, "eu-west-1", "503")]);
    expect(t.reason).toBe("status code equals 200, received 503");
    expect(t.since?.exact).toBe(false);
    expect(forText(t.state, t.since, min(130))).toMatch(/^failing for over 2 h \(since before \d\d:\d\d\)$/);
  });

  it("a degraded check's reason is its response time against its thresholds", () => {
    const r = row({ id: "a", degradedResponseTime: 1500, maxResponseTime: 5000 }, { degraded: true });
    const t = checkTriage(r, [result(5, "eu-west-1", "slow"), result(0, "eu-west-1", "pass")]);
    expect(t.reason).toBe("response time 2.30 s over degraded 1.50 s");
    expect(forText(t.state, t.since, min(5))).toMatch(/^degraded for 0 s/);
  });

  it("says why there is no reason rather than leaving a blank", () => {
    const r = row({ id: "a" }, { failing: true });
    expect(reasonText(checkTriage(r, undefined))).toBe("reading results…");
    // the results held are older than the status that says failing
    expect(reasonText(checkTriage(r, [result(1, "eu-west-1", "pass")]))).toBe("not in the recent results");
    expect(checkTriage(r, undefined).locationsOf).toBe(undefined);
  });
});

describe("a failing streak older than the results held", () => {
  const r = row({ id: "a", locations: ["eu-west-1", "us-east-1"] }, { failing: true, at: 60 });
  // every result held at eu-west-1 fails (its streak began before them); us-east-1 failed at 50 after a pass
  const held = [
    result(60, "eu-west-1", "fail"),
    result(55, "eu-west-1", "fail"),
    result(40, "eu-west-1", "fail"),
    result(58, "us-east-1", "fail"),
    result(50, "us-east-1", "fail"),
    result(45, "us-east-1", "pass"),
  ];
  const pass = (at: number | null, before = min(40)) => ({ before, at, searchedFrom: before - 86_400_000 });

  it("asks for the last pass of the location whose streak is older than its results", () => {
    const t = checkTriage(r, held);
    expect(t.since).toMatchObject({ at: min(40), exact: false });
    expect(t.openStreaks).toEqual([{ location: "eu-west-1", before: min(40) }]);
    expect(t.sinceAfter).toBe(undefined);
  });

  it("with the last pass found: since between it and the oldest held failure", () => {
    const t = checkTriage(r, held, (loc) => (loc === "eu-west-1" ? pass(min(20)) : undefined));
    expect(t.sinceAfter).toBe(min(20));
    expect(t.since?.exact).toBe(false);
    expect(forText(t.state, t.since, min(70), t.sinceAfter)).toMatch(
      /^failing for over 30 min \(since \d\d:\d\d–\d\d:\d\d\)$/,
    );
  });

  it("exact again when another location's known start comes before that pass", () => {
    // a "pass" after the oldest failure held cannot be the one before the streak: it does not count
    const late = checkTriage(r, held, () => pass(min(52)));
    expect(late.sinceAfter).toBe(undefined);
    const early = [
      result(60, "eu-west-1", "fail"),
      result(55, "eu-west-1", "fail"),
      result(40, "eu-west-1", "fail"),
      result(58, "us-east-1", "fail"),
      result(35, "us-east-1", "fail"),
      result(30, "us-east-1", "pass"),
    ];
    const t = checkTriage(row({ id: "a" }, { failing: true }), early, () => pass(min(38)));
    // us-east-1 fails since 35 (known), before eu-west-1's last pass at 38: the check fails since 35
    expect(t.since).toMatchObject({ at: min(35), exact: true });
  });

  it("claims nothing more when no pass was found, or the search is stale", () => {
    expect(checkTriage(r, held, () => pass(null)).sinceAfter).toBe(undefined);
    // searched for a streak 7 h before: a pass may have come and gone since
    expect(checkTriage(r, held, () => pass(min(-500), min(-430))).sinceAfter).toBe(undefined);
  });
});

describe("overdue heartbeats", () => {
  const hb = row(
    {
      id: "hb",
      name: "Nightly backup",
      checkType: "HEARTBEAT",
      heartbeat: { period: 10, periodUnit: "minutes", grace: 5, graceUnit: "minutes" },
    } as never,
    { failing: true, at: 16 },
  );

  it("reads the period from the check, the last real ping from the events (a FAILING event is no ping)", () => {
    expect(hb.check.heartbeatPeriodMs).toBe(600_000);
    expect(hb.check.heartbeatGraceMs).toBe(300_000);
    const events = {
      from: min(-1440),
      events: [
        { id: "e3", state: "FAILING", timestamp: iso(16) },
        { id: "e2", state: "RECEIVED", timestamp: iso(1) },
        { id: "e1", state: "RECEIVED", timestamp: iso(-9) },
      ],
    };
    const h = heartbeatTriage(hb, [result(16, "eu-west-1", "fail")], events);
    expect(h.lastPingAt).toBe(min(1));
    expect(h.expectedAt).toBe(min(11));
    const t = heartbeatTexts(h, min(23));
    expect(t.late).toBe("12 min");
    expect(t.lastPing).toMatch(/^\d\d:\d\d \(22 min ago\)$/);
  });

  it("says what it does not know yet, and when no ping is held at all", () => {
    const h = heartbeatTriage(hb, undefined, undefined);
    expect(heartbeatTexts(h, min(23))).toEqual({ expected: "…", late: "…", lastPing: "reading events…" });
    const none = heartbeatTriage(hb, undefined, {
      from: min(-1440),
      events: [{ id: "f", state: "FAILING" }],
    });
    expect(heartbeatTexts(none, min(23)).lastPing).toMatch(/^none since /);
  });
});

describe("open incidents", () => {
  const inc = (id: string, severity: string, status: string, updatedMin: number): Incident =>
    ({
      id,
      name: `incident ${id}`,
      severity,
      lastUpdateStatus: status,
      services: [{ id: "s", name: "Checkout" }],
      created_at: "2026-11-25",
      incidentUpdates: [
        { id: `${id}-1`, status: "INVESTIGATING", publicIncidentUpdateDate: iso(updatedMin - 30) },
        { id: `${id}-2`, status, publicIncidentUpdateDate: iso(updatedMin) },
      ],
    }) as Incident;

  it("leaves resolved ones out; the worst severity first, then the newest update", () => {
    const list = openIncidents([
      inc("a", "MINOR", "MONITORING", 5),
      inc("b", "CRITICAL", "INVESTIGATING", 1),
      inc("c", "CRITICAL", "IDENTIFIED", 9),
      inc("d", "MAJOR", "RESOLVED", 10),
    ]);
    expect(list.map((i) => i.id)).toEqual(["c", "b", "a"]);
    expect(list[0]).toMatchObject({ services: ["Checkout"], status: "IDENTIFIED", lastUpdateAt: min(9) });
  });
});

describe("alert delivery trouble", () => {
  const n = (id: string, channel: number, status: string, m: number, extra: object = {}) =>
    ({ id, alertChannelId: channel, status, timestamp: iso(m), ...extra }) as AlertNotification;
  const channels = [
    { id: 1, type: "WEBHOOK", config: { name: "ops hook", url: "https://hooks.example.com/T0/secret-path" } },
    { id: 2, type: "EMAIL", config: { address: "ops@example.com" } },
  ] as unknown as AlertChannel[];

  it("lists a channel whose newest delivery failed, with the error; not one that recovered since", () => {
    const list = deliveryTrouble(
      [
        n("5", 2, "SUCCESS", 30),
        n("4", 1, "FAILURE", 20, { lastError: "HTTP 500 from receiver\nbody…" }),
        n("3", 2, "FAILURE", 10, { lastError: "SMTP refused" }),
        n("2", 1, "FAILURE", 5, { lastError: "timeout" }),
      ],
      channels,
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      channelId: 1,
      channelType: "WEBHOOK",
      problem: "failed",
      error: "HTTP 500 from receiver",
      failedCount: 2,
    });
    expect(deliveryText(list[0]!, min(40))).toBe("failed (2 recently)");
  });

  it("says a delivery being retried is retrying, with the attempt and the next one; rate limits and skips too", () => {
    const list = deliveryTrouble([
      n("9", 3, "IN_PROGRESS", 20, { attemptCount: 3, nextAttemptAt: iso(22), lastError: "ECONNRESET" }),
      n("8", 4, "RATE_LIMITED", 19),
      n("7", 5, "SKIPPED", 18, { notificationResult: "no SMTP server configured" }),
      n("6", 6, "IN_PROGRESS", 17),
    ]);
    expect(list.map((d) => [d.channelId, d.problem])).toEqual([
      [3, "retrying"],
      [4, "rate limited"],
      [5, "not sent"],
    ]);
    expect(deliveryText(list[0]!, min(21))).toMatch(/^retrying \(attempt 3, next \d\d:\d\d\)$/);
    expect(list[2]?.error).toBe("no SMTP server configured");
  });
});

describe("private locations without an agent", () => {
  const loc = (id: string, agentCount: number | null, checks: number) =>
    ({
      id,
      name: id,
      slugName: id,
      created_at: "2026-11-01",
      agentCount,
      checkAssignments: Array.from({ length: checks }, (_, i) => ({ checkId: `c${i}` })),
    }) as unknown as PrivateLocation;

  it("lists only locations with checks and no live agent (an unknown agent count claims nothing)", () => {
    const list = deadLocations([
      loc("dc-1", 0, 3),
      loc("dc-2", 1, 3),
      loc("dc-3", 0, 0),
      loc("dc-4", null, 2),
    ]);
    expect(list.map((l) => [l.id, l.checks])).toEqual([["dc-1", 3]]);
  });
});

describe("the whole overview", () => {
  it("is calm when all is well: one line, never an empty box", () => {
    const rows = Array.from({ length: 13 }, (_, i) => row({ id: `c${i}` }, { at: 0 }));
    const c = overviewCounts(rows);
    expect(calmLine(c, 0, min(0) + 20_000)).toBe("✔ all 13 checks passing · last run 20 s ago");
    const off = [...rows.slice(1), row({ id: "x", activated: false }, {})];
    expect(calmLine(overviewCounts(off), 0, min(1))).toBe(
      "✔ all 12 active checks passing (1 deactivated) · last run 1 min ago",
    );
    expect(calmLine(overviewCounts([]), 0, min(0))).toBe("no checks yet");
    expect(calmLine(overviewCounts([row({ id: "f" }, { failing: true })]), 0, min(0))).toBe(undefined);
  });

  it("builds every section, says when something is failing, and its JSON has the texts and ISO times", () => {
    const failing = row({ id: "a", name: "Login page", checkType: "URL" }, { failing: true, at: 41 });
    const ok = row({ id: "b" }, { at: 40 });
    const o = buildOverview({
      checks: [failing, ok],
      results: new Map([["a", [result(41, "eu-west-1", "fail"), result(36, "eu-west-1", "pass")]]]),
      heartbeats: new Map(),
      incidents: [],
      notifications: [],
      channels: [],
      privateLocations: undefined,
    });
    expect(somethingFailing(o)).toBe(true);
    expect(countsLine(o)).toBe(
      "✖ 1 failing · ▲ 0 degraded · ✔ 1 passing · 0 overdue heartbeats · 0 open incidents",
    );
    const j = overviewJson(o, min(53));
    expect(j.failing).toBe(true);
    expect(j.calm).toBe(null);
    expect(j.checks[0]).toMatchObject({
      name: "Login page",
      state: "failing",
      since: iso(41),
      sinceExact: true,
      reason: "connect ECONNREFUSED 127.0.0.1:9",
      locationsIn: 1,
    });
    expect(j.checks[0]?.for).toMatch(/^failing for 12 min/);
    expect(j.privateLocations).toBe(null);
    expect(somethingFailing(buildOverview({ ...emptyInput(), checks: [ok] }))).toBe(false);
  });
});

function emptyInput() {
  return {
    checks: [],
    results: new Map(),
    heartbeats: new Map(),
    incidents: [],
    notifications: [],
    channels: [],
    privateLocations: [],
  };
}
