/** The heartbeat timeline model (pure): classification, where the check stands, the strip on the time grid. */
import { describe, expect, it } from "vitest";
import type { HeartbeatEvent } from "../../src/contract/schemas/heartbeats.ts";
import { timeGrid } from "../../src/shared/time-grid.ts";
import {
  heartbeatPagesFor,
  heartbeatsBehind,
  readHeartbeatEvents,
} from "../../src/store/data/heartbeat-events.ts";
import {
  classifyEvents,
  clockAt,
  heartbeatCells,
  heartbeatNow,
  heartbeatStateLine,
  offsetText,
} from "../../src/store/triage/heartbeat-timeline.ts";

const MIN = 60_000;
const H = 60 * MIN;
const T0 = Date.UTC(2026, 10, 25, 0, 0, 0);
const timing = { periodMs: H, graceMs: 10 * MIN };
let n = 0;
const ev = (at: number, state: string, pingCount?: number): HeartbeatEvent =>
  ({
    id: `e${++n}`,
    state,
    timestamp: new Date(at).toISOString(),
    ...(pingCount ? { pingCount } : {}),
  }) as HeartbeatEvent;

describe("classifyEvents", () => {
  it("reads each ping against the previous real ping: early, on time, grace, late", () => {
    const c = classifyEvents(
      [
        ev(T0, "RECEIVED"),
        ev(T0 + H - 2 * MIN, "RECEIVED"), // within 10 % before expected
        ev(T0 + 2 * H - 2 * MIN + 3 * MIN, "GRACE"),
        ev(T0 + 3 * H + 1 * MIN + 30 * MIN, "LATE"),
        ev(T0 + 3 * H + 31 * MIN + 20 * MIN, "EARLY"),
      ].reverse(), // newest first, as the API serves them
      timing,
    );
    expect(c.map((e) => e.kind)).toEqual(["on time", "on time", "grace", "late", "early"]);
    expect(offsetText(c[1]!)).toBe("2 min early");
    expect(offsetText(c[2]!)).toBe("3 min late");
    expect(offsetText(c[0]!)).toBe("");
    // a few hundred ms after the expected time is on time ("on the dot"), not in grace
    const jitter = classifyEvents([ev(T0, "RECEIVED"), ev(T0 + H + 400, "GRACE")], timing);
    expect(jitter.map((e) => [e.kind, offsetText(e)])).toEqual([
      ["on time", ""],
      ["on time", "on the dot"],
    ]);
  });

  it("the first ping after a FAILING event is a recovery (late), never early — whatever the service said", () => {
    const c = classifyEvents(
      [ev(T0, "RECEIVED"), ev(T0 + H + 10 * MIN + 1, "FAILING"), ev(T0 + H + 10 * MIN + 1001, "EARLY")],
      timing,
    );
    expect(c.map((e) => e.kind)).toEqual(["on time", "missed", "recovery"]);
    expect(c[1]!.pings).toBe(0);
    expect(offsetText(c[2]!)).toBe("10 min late");
  });

  it("keeps the service's word for the first ping held, and counts folded pings", () => {
    const c = classifyEvents([ev(T0, "GRACE", 7)], timing);
    expect(c[0]).toMatchObject({ kind: "grace", pings: 7, expectedAt: undefined });
    const unknown = classifyEvents([ev(T0, "RECEIVED"), ev(T0 + 5 * MIN, "RECEIVED")], {
      periodMs: undefined,
      graceMs: undefined,
    });
    expect(unknown.map((e) => e.kind)).toEqual(["on time", "on time"]);
  });
});

describe("heartbeatNow and its line", () => {
  const events = [ev(T0, "RECEIVED"), ev(T0 + H, "RECEIVED")];

  it("on time: the last real ping and the next expected time with its grace", () => {
    const now = T0 + H + 3 * MIN;
    const s = heartbeatNow(events, timing, now);
    expect(s).toMatchObject({ state: "on time", lastPingAt: T0 + H, expectedAt: T0 + 2 * H });
    const l = heartbeatStateLine(s, timing, now);
    expect(l.tone).toBe("ok");
    expect(l.text).toMatch(
      /^● last ping \d\d:\d\d:\d\d \(3 min ago\) · next expected at \d\d:\d\d \(in 57 min\), grace until \d\d:\d\d$/,
    );
  });

  it("a short period or grace: the expected and grace times to the second, not both the same minute", () => {
    const short = { periodMs: MIN, graceMs: 30_000 };
    const at = T0 + 9 * H + 29 * MIN + 1000; // a ping at 09:29:01 UTC
    const s = heartbeatNow([ev(at, "RECEIVED")], short, at + 47_000);
    expect(heartbeatStateLine(s, short, at + 47_000, undefined, { utc: true }).text).toBe(
      "● last ping 09:29:01 (47 s ago) · next expected at 09:30:01 (in 13 s), grace until 09:30:31",
    );
    const late = heartbeatNow([ev(at, "RECEIVED")], short, at + 70_000);
    expect(heartbeatStateLine(late, short, at + 70_000, undefined, { utc: true }).text).toBe(
      "▲ late by 10 s, in grace until 09:30:31 (in 20 s) — expected at 09:30:01 · last ping 09:29:01 (1 min ago)",
    );
  });

  it("in grace: late by how long, until when", () => {
    const now = T0 + 2 * H + 4 * MIN;
    const s = heartbeatNow(events, timing, now);
    expect(s.state).toBe("in grace");
    expect(heartbeatStateLine(s, timing, now).text).toMatch(
      /^▲ late by 4 min, in grace until \d\d:\d\d \(in 6 min\)/,
    );
  });

  it("overdue: by how long, the last ping never the FAILING event", () => {
    const now = T0 + 2 * H + 40 * MIN;
    const withMiss = [...events, ev(T0 + 2 * H + 10 * MIN + 1, "FAILING")];
    const s = heartbeatNow(withMiss, timing, now);
    expect(s).toMatchObject({
      state: "overdue",
      lastPingAt: T0 + H,
      failingSince: T0 + 2 * H + 10 * MIN + 1,
    });
    const l = heartbeatStateLine(s, timing, now);
    expect(l.tone).toBe("bad");
    expect(l.text).toMatch(
      /^✖ OVERDUE by 40 min — expected at \d\d:\d\d, grace ended \d\d:\d\d · last ping .* \(1 h 40 min ago\)$/,
    );
    // overdue by the clock alone, before the service recorded the miss
    expect(heartbeatNow(events, timing, T0 + 2 * H + 11 * MIN).state).toBe("overdue");
  });

  it("a recovery ping makes it on time again", () => {
    const now = T0 + 3 * H;
    const s = heartbeatNow(
      [...events, ev(T0 + 2 * H + 11 * MIN, "FAILING"), ev(now - 1000, "EARLY")],
      timing,
      now,
    );
    expect(s.state).toBe("on time");
    expect(s.lastPingAt).toBe(now - 1000);
  });

  it("no ping held: says since when, and that monitoring starts at the first ping", () => {
    const s = heartbeatNow([], timing, T0);
    expect(s.state).toBe("no ping");
    expect(heartbeatStateLine(s, timing, T0).text).toBe(
      "○ no ping yet — monitoring starts at the first ping",
    );
  });
});

describe("clock times (local, or UTC with --utc)", () => {
  it("today's as HH:MM[:SS], another day's with the date", () => {
    const at = T0 + 9 * H + 41 * MIN + 7000; // 09:41:07 UTC
    expect(clockAt(at, T0 + 10 * H, { utc: true })).toBe("09:41");
    expect(clockAt(at, T0 + 10 * H, { utc: true, seconds: true })).toBe("09:41:07");
    expect(clockAt(T0 - H, T0 + 10 * H, { utc: true })).toBe("Nov 24 23:00");
    const s = heartbeatNow([ev(T0 + 9 * H, "RECEIVED")], timing, T0 + 9 * H + 3 * MIN);
    expect(heartbeatStateLine(s, timing, T0 + 9 * H + 3 * MIN, undefined, { utc: true }).text).toBe(
      "● last ping 09:00:00 (3 min ago) · next expected at 10:00 (in 57 min), grace until 10:10",
    );
  });
});

describe("heartbeatCells on the time grid", () => {
  // 6 h of 30-min buckets: 12 columns, [T0, T0 + 6 h)
  const grid = timeGrid({ from: T0, to: T0 + 6 * H, bucketMs: 30 * MIN });
  const cells = (events: HeartbeatEvent[], now = T0 + 6 * H) =>
    heartbeatCells({ events, timing, grid, now })
      .map((c) => c.symbol)
      .join("");

  it("draws nothing due, the expected window, the grace, overdue, the miss and the recovery at their times", () => {
    expect(grid.columns).toBe(12);
    const s = cells([
      ev(T0 + 5 * MIN, "RECEIVED"), // col 0
      ev(T0 + H + 5 * MIN, "RECEIVED"), // col 2: on time
      // expected at 2:05, window opens 1:59 (col 3), grace until 2:15 (col 4), overdue after
      ev(T0 + 2 * H + 15 * MIN + 1, "FAILING"), // col 4
      ev(T0 + 4 * H + 40 * MIN, "EARLY"), // col 9: a recovery
    ]);
    // col 1 holds the window opening 0:59 for the 1:05 ping; after the recovery (4:40) the next is due 5:40,
    // its grace ends 5:50, and by now (6:00) it is overdue again
    expect(s).toBe("●░●░✖━━━━▲─━");
    expect(s).toHaveLength(grid.columns);
  });

  it("is unknown before the first event held, and a late ping outranks the overdue stretch in its bucket", () => {
    const s = cells([ev(T0 + 2 * H + 1, "RECEIVED"), ev(T0 + 3 * H + 20 * MIN + 2, "LATE")]);
    // expected 3:00 (window from 2:54, col 5), grace to 3:10, overdue 3:10–3:20, then the late ping (col 6);
    // the next due 4:20 (col 8 holds its window and grace), overdue from 4:30
    expect(s).toBe("····●░▲─▒━━━");
  });

  it("the grace window and overdue up to now when nothing came", () => {
    const s = cells([ev(T0 + 5 * MIN, "RECEIVED")], T0 + 90 * MIN);
    // period 1 h: window opens 0:59 (col 1), grace 1:05–1:15 and overdue after (col 2); after now, nothing
    expect(s.slice(0, 4)).toBe("●░━·");
  });

  it("several pings in one bucket: the worst wins (an early among on-time ones)", () => {
    const g = timeGrid({ from: T0, to: T0 + 6 * H, bucketMs: 6 * H });
    const t = { periodMs: 10 * MIN, graceMs: MIN };
    const c = heartbeatCells({
      events: [ev(T0 + MIN, "RECEIVED"), ev(T0 + 11 * MIN, "RECEIVED"), ev(T0 + 12 * MIN, "EARLY")],
      timing: t,
      grid: g,
      now: T0 + 15 * MIN,
    });
    expect(c.map((x) => x.kind)).toEqual(["early"]);
  });
});

describe("reading enough events, and reading them again", () => {
  it("asks for a day of the period's pings, 5 to 15 requests", () => {
    expect(heartbeatPagesFor(undefined)).toBe(5);
    expect(heartbeatPagesFor(24 * H)).toBe(5);
    expect(heartbeatPagesFor(30 * MIN)).toBe(6);
    expect(heartbeatPagesFor(MIN)).toBe(15);
  });

  it("says how far back the events read are complete: the window, or the oldest event when pages ran out", async () => {
    // a ping a minute, newest first, 10 a request (endTime exclusive), as the API serves them
    const all = Array.from({ length: 100 }, (_, i) => ev(T0 - i * MIN, "RECEIVED"));
    const client = {
      heartbeats: {
        events: async (_id: string, q: { startTime: Date; endTime: Date; limit: number }) => [
          {
            events: all
              .filter((e) => {
                const t = Date.parse(e.timestamp!);
                return t >= q.startTime.getTime() && t < q.endTime.getTime();
              })
              .slice(0, q.limit),
          },
        ],
      },
    } as unknown as Parameters<typeof readHeartbeatEvents>[0];
    const short = await readHeartbeatEvents(client, "c", { from: T0 - 24 * H, to: T0 + 1, pages: 3 });
    expect(short.events).toHaveLength(30);
    expect(short.from).toBe(T0 - 29 * MIN);
    const whole = await readHeartbeatEvents(client, "c", { from: T0 - 24 * H, to: T0 + 1, pages: 15 });
    expect(whole.events).toHaveLength(100);
    expect(whole.from).toBe(T0 - 24 * H);
  });

  it("is behind when the status names a run newer than the newest event held", () => {
    const s = (statusAt: string, loadedAt: number) => ({
      heartbeats: {
        byCheck: new Map([["c", { events: [ev(T0, "FAILING")], loadedAt, error: undefined }]]),
      },
      statuses: { byId: new Map([["c", { updated_at: statusAt }]]) },
    });
    const later = new Date(T0 + 5).toISOString();
    expect(heartbeatsBehind(s(later, T0), "c", T0 + 10_000)).toBe(true);
    expect(heartbeatsBehind(s(new Date(T0).toISOString(), T0), "c", T0 + 10_000)).toBe(false);
    // read less than 5 s ago: not again yet
    expect(heartbeatsBehind(s(later, T0 + 8000), "c", T0 + 10_000)).toBe(false);
  });
});
