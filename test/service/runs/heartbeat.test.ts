import { afterEach, describe, expect, it } from "vitest";
import type { Engine, RunFinished } from "../../../src/service/engine/engine.ts";
import { heartbeatConfig, isBot, isOverdue, pingState } from "../../../src/service/runners/heartbeat.ts";
import { pingKind } from "../../../src/store/triage/heartbeat-timeline.ts";
import { insertCheck, type TempDb, tempDb, testEngine } from "./support.ts";

const MIN = 60_000;

describe("heartbeat evaluation", () => {
  const cfg = heartbeatConfig({
    heartbeat: { period: 60, periodUnit: "minutes", grace: 10, graceUnit: "minutes" },
  });

  it("reads period and grace with their units", () => {
    expect(cfg.periodMs).toBe(60 * MIN);
    expect(cfg.graceMs).toBe(10 * MIN);
  });

  it("classifies pings against anchor + period (+ grace)", () => {
    const anchor = 0;
    expect(pingState(cfg, null, 5)).toBe("RECEIVED");
    expect(pingState(cfg, anchor, 30 * MIN)).toBe("EARLY");
    expect(pingState(cfg, anchor, 55 * MIN)).toBe("RECEIVED"); // within 10 % before expected
    expect(pingState(cfg, anchor, 60 * MIN)).toBe("RECEIVED");
    expect(pingState(cfg, anchor, 65 * MIN)).toBe("GRACE");
    expect(pingState(cfg, anchor, 71 * MIN)).toBe("LATE");
  });

  it("a ping up to a second after its expected time is on time, as the console reads it (one rule)", () => {
    expect(pingState(cfg, 0, 60 * MIN + 500)).toBe("RECEIVED");
    expect(pingState(cfg, 0, 60 * MIN + 1000)).toBe("RECEIVED");
    expect(pingState(cfg, 0, 60 * MIN + 1001)).toBe("GRACE");
    const kind = { EARLY: "early", RECEIVED: "on time", GRACE: "grace", LATE: "late" } as const;
    const timing = { periodMs: cfg.periodMs, graceMs: cfg.graceMs };
    for (const at of [
      0,
      53.9 * MIN,
      54 * MIN,
      60 * MIN,
      60 * MIN + 999,
      60 * MIN + 1001,
      70 * MIN,
      70 * MIN + 1,
    ]) {
      expect(kind[pingState(cfg, 0, at)], `a ping at ${at} ms`).toBe(pingKind(at, 60 * MIN, timing));
    }
  });

  it("is overdue only after period + grace, and only once monitoring started", () => {
    expect(isOverdue(cfg, null, 999 * MIN)).toBe(false);
    expect(isOverdue(cfg, 0, 70 * MIN)).toBe(false);
    expect(isOverdue(cfg, 0, 70 * MIN + 1)).toBe(true);
  });

  it("recognises crawler and preview bots", () => {
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1)")).toBe(true);
    expect(isBot("facebookexternalhit/1.1")).toBe(true);
    expect(isBot("curl/8.5.0")).toBe(false);
    expect(isBot("")).toBe(false);
  });
});

describe("heartbeat monitor", () => {
  let t: TempDb;
  let engine: Engine;
  afterEach(async () => {
    await engine.stop();
    t.cleanup();
  });

  it("records FAILING once overdue, restarts the timer, and emits run-finished", () => {
    t = tempDb();
    let now = Date.parse("2026-01-01T00:00:00Z");
    const id = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      doc: {
        heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes", pingToken: "t1" },
      },
    });
    engine = testEngine(t.db, { now: () => now });
    const finished: RunFinished[] = [];
    engine.onRunFinished((e) => finished.push(e));
    const ping = () => {
      const o = engine!.recordPing("t1", { source: "", userAgent: "job" });
      if (!o) return undefined;
      return "event" in o ? `${o.event.state}${o.coalesced ? ` ×${o.event.pings}` : ""}` : JSON.stringify(o);
    };
    expect(ping()).toBe("RECEIVED");
    expect(engine.recordPing("other", { source: "", userAgent: "job" })).toBeUndefined();

    const states = () =>
      (
        t.db.prepare("SELECT state FROM heartbeat_events WHERE check_id = ? ORDER BY ts").all(id) as {
          state: string;
        }[]
      ).map((r) => r.state);
    now += 6 * MIN;
    engine.heartbeatTick();
    expect(states()).toEqual(["RECEIVED"]);
    now += 1;
    engine.heartbeatTick();
    engine.heartbeatTick();
    expect(states()).toEqual(["RECEIVED", "FAILING"]);
    now += 6 * MIN + 1;
    engine.heartbeatTick();
    expect(states()).toEqual(["RECEIVED", "FAILING", "FAILING"]);
    now += MIN;
    // the first ping after FAILING ends the overdue period: late, never "early" against the FAILING event
    expect(ping()).toBe("LATE");
    // a second ping 5 s later is its own event (stored, restarting the timer); one 300 ms after that is
    // folded into it with a count
    now += 5_000;
    expect(ping()).toBe("EARLY");
    now += 300;
    expect(ping()).toBe("EARLY ×2");
    expect(states()).toEqual(["RECEIVED", "FAILING", "FAILING", "LATE", "EARLY"]);
    expect(finished.map((f) => f.session.status)).toEqual(["PASSED", "FAILED", "FAILED", "PASSED", "PASSED"]);
    expect(finished[1]?.result.errorMessage).toContain("period + grace");
    const status = t.db
      .prepare("SELECT has_failures FROM check_results WHERE check_id = ? ORDER BY started_at DESC LIMIT 1")
      .get(id) as { has_failures: number };
    expect(status.has_failures).toBe(0);
    // the timer runs from the newest ping folded in: overdue 6 min after it, not after the event's own time
    now += 6 * MIN - 299; // overdue by the event's own time, not by the ping folded in
    engine.heartbeatTick();
    expect(states()).toHaveLength(5);
    now += 300;
    engine.heartbeatTick();
    expect(states()).toHaveLength(6);
  });

  it("a deactivated check's pings are not stored; long user agents are cut", () => {
    t = tempDb();
    const now = Date.parse("2026-01-01T00:00:00Z");
    const id = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      activated: false,
      doc: {
        heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes", pingToken: "t2" },
      },
    });
    engine = testEngine(t.db, { now: () => now });
    expect(engine.recordPing("t2", { source: "", userAgent: "job" })).toEqual({ ignored: "deactivated" });
    t.db.prepare("UPDATE checks SET activated = 1 WHERE id = ?").run(id);
    t.db.prepare("UPDATE checks SET doc = json_set(doc, '$.activated', json('true')) WHERE id = ?").run(id);
    const o = engine.recordPing("t2", { source: "s".repeat(5000), userAgent: "u".repeat(8192) });
    expect(o && "event" in o).toBe(true);
    const row = t.db
      .prepare("SELECT source, user_agent FROM heartbeat_events WHERE check_id = ?")
      .get(id) as {
      source: string;
      user_agent: string;
    };
    expect(row.source.length).toBe(256);
    expect(row.user_agent.length).toBe(256);
  });
});
