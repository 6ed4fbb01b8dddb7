/**
 * The heartbeats pane (4) from store state, no network: period and grace in the header, the ping URL and
 * `y` copying it, the state line (last real ping, next expected / overdue by how long), the strip on the
 * time grid with its axis and legend, the events read against the expected time (a recovery is LATE, never
 * EARLY), and the checks list showing no response time for a heartbeat.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Check } from "../../src/contract/schemas/checks.ts";
import type { HeartbeatEvent } from "../../src/contract/schemas/heartbeats.ts";
import { heartbeatsLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import { openDetail, setActivity, setPane } from "../../src/store/view/ui.ts";
import { checkRead } from "../../src/store/view/work.ts";
import { heartbeats } from "../../src/tui/panes/heartbeats/index.ts";
import { ratioLine } from "../../src/tui/panes/heartbeats/view.tsx";
import type { KeyContext } from "../../src/tui/panes/spec.ts";
import { check, status, storeWith, uuid } from "../store/fixtures.ts";
import { renderConsole } from "./support/console.tsx";

const NOW = Date.now();
const MIN = 60_000;
const H = 60 * MIN;
const PING_URL = "http://127.0.0.1:4312/ping/5b0e2f7c-0d3c-4d7e-9d55-6a1d1c0f8e21";
const beat = check({
  name: "Nightly backup",
  checkType: "HEARTBEAT",
  frequency: 10,
  heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
} as Partial<Check> & { name: string });
const url = check({ name: "Login page", checkType: "URL" });

const ev = (at: number, state: string, pingCount?: number) =>
  ({
    id: uuid(),
    state,
    timestamp: new Date(at).toISOString(),
    source: "",
    userAgent: "cron/1",
    ...(pingCount ? { pingCount } : {}),
  }) as HeartbeatEvent;

function store(events: HeartbeatEvent[], withFull = true, readFrom = NOW - 24 * H): ConsoleStore {
  const s = storeWith([url, beat], [status(url.id, "passing"), status(beat.id, "failing")], NOW);
  apply(
    s,
    heartbeatsLoaded(
      s.getState(),
      beat.id,
      { events, stats: undefined, from: readFrom, to: NOW },
      NOW,
      DEFAULT_CAPS,
    ),
  );
  if (withFull)
    apply(
      s,
      checkRead(s.getState(), {
        ...beat,
        heartbeat: { ...beat.heartbeat, pingToken: "5b0e2f7c", pingUrl: PING_URL },
      } as Check),
    );
  return s;
}

let open: ReturnType<typeof renderConsole> | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function show(s: ConsoleStore, pane: "heartbeats" | "checks", columns = 120, rows = 40) {
  apply(s, setPane(s.getState(), pane));
  open = renderConsole(s, { columns, rows });
  return open;
}

describe("heartbeats pane", () => {
  it("overdue: period and grace, the ping URL, OVERDUE by how long from the last real ping", () => {
    const events = [
      ev(NOW - 3 * H, "RECEIVED"),
      ev(NOW - 2 * H, "RECEIVED", 3),
      ev(NOW - H + 10 * MIN + 1000, "FAILING"),
    ];
    const f = show(store(events), "heartbeats").frame();
    const lines = f.split("\n");
    expect(f).toContain("every 1 h · grace 10 min · ping URL http://127.0.0.1:4312/ping/5b0e2f7c");
    expect(f).toContain("(y copies it)");
    // the last ping is the RECEIVED 2 h ago, not the FAILING event
    expect(f).toMatch(
      /✖ OVERDUE by 1 h — expected at (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d, grace ended (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d · last ping (?:[A-Z][a-z]{2} \d{1,2} )?[\d:]+ \(2 h ago\)/,
    );
    expect(f).not.toMatch(/FREQ|10m|thresholds/);
    // the strip: exactly as wide as its columns, then the axis, then what is drawn and the legend
    const strip = lines.findIndex((l) => /^[●○△▲✖━░▒─·]{20,}\s*$/.test(l));
    expect(strip).toBeGreaterThan(0);
    expect(lines[strip]).toMatch(/●[─░]*●[─░▒]*━*✖━+\s*$/);
    expect(lines[strip + 1]).toMatch(/^\S.*\d\d:\d\d/);
    expect(lines[strip + 2]).toMatch(/^24 h · \d+ min buckets · UTC[+−]\d\d:\d\d {2}● received/);
    // the events: the miss, the folded pings' count
    expect(f).toMatch(/✖ FAILING .* grace ended, no ping/);
    expect(f).toMatch(/● RECEIVED .* on the dot +×3/);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(120);
  });

  it("a recovery ping after the miss: on time again, its event LATE (never EARLY) and by how much", () => {
    const events = [
      ev(NOW - 2 * H, "RECEIVED"),
      ev(NOW - H + 10 * MIN + 1000, "FAILING"),
      ev(NOW - 5 * MIN, "EARLY"), // the service (hosted) may call it early against the FAILING event
    ];
    const f = show(store(events), "heartbeats").frame();
    // the clock time carries its date when it is another day's (within the hour before midnight)
    expect(f).toMatch(
      /● last ping (?:[A-Z][a-z]{2} \d{1,2} )?[\d:]+ \(5 min ago\) · next expected at (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(in \d+ min\)/,
    );
    expect(f).toMatch(/▲ LATE .* 55 min late · recovered/);
    expect(f).not.toMatch(/EARLY/);
  });

  it("on time: next expected at … (in …) with the grace; the ping URL while the check is read", () => {
    const f = show(store([ev(NOW - 3 * MIN, "RECEIVED")], false), "heartbeats").frame();
    expect(f).toMatch(
      /● last ping (?:[A-Z][a-z]{2} \d{1,2} )?[\d:]+ \(3 min ago\) · next expected at (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(in 5\d min\), grace until (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d/,
    );
    expect(f).toContain("ping URL reading…");
  });

  it("the strip's label says how far back the events read reach when they do not cover the day", () => {
    const pings = Array.from({ length: 20 }, (_, i) => ev(NOW - (i + 1) * 6 * MIN, "RECEIVED"));
    // the pages ran out 2 h back (a short period): the label names where the known part starts
    const partial = show(store(pings, true, NOW - 2 * H), "heartbeats", 160).frame();
    expect(partial).toMatch(
      /24 h · \d+ min buckets · \S+ · events read back to (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(· before\)/,
    );
    void open?.close();
    open = undefined;
    const whole = show(store(pings), "heartbeats", 160).frame();
    expect(whole).not.toMatch(/events read back to/);
  });

  it("a window without a ping has no success ratio (the service's 100 % is nothing failed)", () => {
    expect(
      ratioLine({ successRatio: { currentPeriod: 100, previousPeriod: 100 }, totalEntitiesCurrentPeriod: 0 }),
    ).toBe("— (no pings)");
    expect(
      ratioLine({
        successRatio: { currentPeriod: 95.5, previousPeriod: 100 },
        totalEntitiesCurrentPeriod: 22,
      }),
    ).toBe("95.5% ↓ (previous 100%)");
  });

  it("80×24: every line fits", () => {
    const f = show(store([ev(NOW - 3 * MIN, "RECEIVED")]), "heartbeats", 80, 24).frame();
    for (const l of f.split("\n")) expect([...l].length).toBeLessThanOrEqual(80);
    expect(f).toContain("every 1 h · grace 10 min");
  });

  it("y copies the ping URL (and says why not when the check has none)", () => {
    const s = store([]);
    apply(s, setPane(s.getState(), "heartbeats"));
    const copied: [string, string][] = [];
    const y = heartbeats.bindings.find((b) => b.keys.includes("y"))!;
    const ctx = {
      store: s,
      actions: { copyText: (what: string, text: string) => copied.push([what, text]) },
    } as unknown as KeyContext;
    y.run(ctx);
    expect(copied).toEqual([["ping URL", PING_URL]]);
    apply(s, checkRead(s.getState(), { ...beat, heartbeat: { period: 1, periodUnit: "hours" } } as Check));
    y.run(ctx);
    expect(copied).toHaveLength(1);
    expect(s.getState().ui.notice).toMatch(/no ping URL/);
  });
});

describe("the local service's address (src/service/address.ts)", () => {
  const at = (s: ConsoleStore, serviceUrl: string, serviceUsualUrl?: string) =>
    apply(s, setActivity(s.getState(), { serviceUrl, serviceUsualUrl }));
  const yIn = (s: ConsoleStore) => {
    const copied: [string, string][] = [];
    const y = heartbeats.bindings.find((b) => b.keys.includes("y"))!;
    y.run({
      store: s,
      actions: { copyText: (what: string, text: string) => copied.push([what, text]) },
    } as unknown as KeyContext);
    return copied;
  };

  it("on its usual address: the ping URL as read, no warning", () => {
    const s = store([]);
    at(s, "http://127.0.0.1:4312");
    const f = show(s, "heartbeats").frame();
    expect(f).toContain(`ping URL ${PING_URL}`);
    expect(f).not.toMatch(/⚠ address changed|not on usual port/);
    expect(yIn(s)).toEqual([["ping URL", PING_URL]]);
  });

  it("a ping URL read before the service moved is neither shown nor copied until read again", () => {
    const s = store([]);
    at(s, "http://127.0.0.1:5999");
    const f = show(s, "heartbeats").frame();
    expect(f).toContain("ping URL reading… (the service moved)");
    expect(f).not.toContain("127.0.0.1:4312");
    expect(yIn(s)).toEqual([]);
    expect(s.getState().ui.notice).toMatch(/being read/);
  });

  it("not on its usual port: the ping URL line, the check detail and the status line say so", () => {
    const s = store([]);
    at(s, "http://127.0.0.1:4312", "http://127.0.0.1:36469");
    const f = show(s, "heartbeats").frame();
    expect(f).toContain(`ping URL ${PING_URL}`);
    expect(f).toContain(
      "⚠ address changed: the service is not on its usual port 36469 — ping URLs with port 36469 (cron jobs) do not reach it",
    );
    expect(f).toContain("⚠ not on usual port 36469");
    void open?.close();
    apply(s, openDetail(s.getState(), "checks", beat.id));
    const d = show(s, "checks").frame();
    expect(d).toContain(`ping URL     ${PING_URL}  (y copies it)`);
    expect(d).toContain("⚠ address changed: the service is not on its usual port 36469");
  });
});

describe("a heartbeat's check detail", () => {
  it("period, grace and ping URL instead of a frequency and thresholds; the state line, not 'last run'", () => {
    const s = store([ev(NOW - 2 * H, "RECEIVED"), ev(NOW - H + 10 * MIN + 1000, "FAILING")]);
    apply(s, openDetail(s.getState(), "checks", beat.id));
    const f = show(s, "checks").frame();
    expect(f).toMatch(/period +every 1 h · grace 10 min/);
    expect(f).toContain(`ping URL     ${PING_URL}  (y copies it)`);
    expect(f).toMatch(
      /✖ OVERDUE by 1 h — expected at (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d, grace ended (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d · last ping (?:[A-Z][a-z]{2} \d{1,2} )?[\d:]+ \(2 h ago\)/,
    );
    expect(f).not.toMatch(/frequency|thresholds|last run|0 ms/);
  });
});

describe("checks list", () => {
  it("shows no response time for a heartbeat (a passive type), its period instead of FREQ", () => {
    const f = show(store([]), "checks").frame();
    const row = f.split("\n").find((l) => l.includes("Nightly backup"))!;
    expect(row).not.toMatch(/0 ms/);
    expect(row).toMatch(/HEARTBEAT +1h\b/);
  });
});

describe("heartbeats pane at 80×24", () => {
  it("wraps the state, the ping URL and the legend rather than cut a time, the URL or a symbol's meaning", () => {
    const events = [
      ev(NOW - 3 * H, "RECEIVED"),
      ev(NOW - 2 * H, "RECEIVED", 3),
      ev(NOW - H + 10 * MIN + 1000, "FAILING"),
    ];
    const f = show(store(events), "heartbeats", 80, 24).frame();
    const lines = f.split("\n");
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    // the URL whole on a line of its own, the key that copies it above
    const at = lines.findIndex((l) => l.startsWith("every 1 h · grace 10 min · ping URL"));
    expect(lines[at]).toBe("every 1 h · grace 10 min · ping URL (y copies it):");
    expect(lines[at + 1]).toBe(`  ${PING_URL}`);
    // the state on two lines, broken between its parts: every time whole, nothing cut with "…"
    const state = lines.findIndex((l) => l.startsWith("✖ OVERDUE"));
    expect(`${lines[state]} ${lines[state + 1]?.trim()}`).toMatch(
      /^✖ OVERDUE by 1 h — expected at (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d, grace ended (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d · last ping (?:[A-Z][a-z]{2} \d{1,2} )?[\d:]+ \(2 h ago\)$/,
    );
    // every legend entry shown
    for (const entry of ["● received", "✖ failing", "━ overdue", "░ due", "▒ grace window", "· unknown"])
      expect(f).toContain(entry);
    expect(f).not.toContain("…");
    // the events table still has rows under it
    expect(f).toMatch(/✖ FAILING .* grace ended, no ping/);
  });
});
