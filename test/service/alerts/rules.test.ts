/** Alert rules: transitions, escalation (run- and time-based), reminders, no duplicates. Pure. */
import { describe, expect, it } from "vitest";
import {
  type AlertState,
  type Escalation,
  escalationOf,
  familyOf,
  GLOBAL_ESCALATION,
  INITIAL_STATE,
  type Observation,
  observe,
  step,
} from "../../../src/service/alerts/rules.ts";

const MIN = 60_000;

/** Feeds observations (one per minute) and returns the alert types raised (or "-"). */
function run(obs: Observation[], esc: Escalation = GLOBAL_ESCALATION, startAt = 0): string[] {
  let s: AlertState = { ...INITIAL_STATE };
  return obs.map((o, i) => {
    const out = step(s, o, esc, startAt + i * MIN);
    s = out.next;
    return out.alert ? out.alert.type : "-";
  });
}

describe("transitions (api-notes §6.3)", () => {
  it("fail → recover, once each, no duplicates", () => {
    expect(run(["pass", "fail", "fail", "fail", "pass", "pass"])).toEqual([
      "-",
      "ALERT_FAILURE",
      "-",
      "-",
      "ALERT_RECOVERY",
      "-",
    ]);
  });
  it("degraded family and cross transitions", () => {
    expect(run(["degraded", "degraded", "fail", "degraded", "pass"])).toEqual([
      "ALERT_DEGRADED",
      "-",
      "ALERT_DEGRADED_FAILURE",
      "ALERT_FAILURE_DEGRADED",
      "ALERT_DEGRADED_RECOVERY",
    ]);
  });
  it("a degraded recovery says whether the episode announced a failure", () => {
    let s: AlertState = { ...INITIAL_STATE };
    const seq = (obs: Observation[]) =>
      obs.map((o, i) => {
        const out = step(s, o, GLOBAL_ESCALATION, i * MIN);
        s = out.next;
        return out.alert;
      });
    expect(seq(["fail", "degraded", "pass"])[2]).toEqual({
      type: "ALERT_DEGRADED_RECOVERY",
      afterFailure: true,
    });
    expect(seq(["degraded", "pass"])[1]).toEqual({ type: "ALERT_DEGRADED_RECOVERY", afterFailure: false });
  });

  it("degraded → pass without an announced degraded state raises nothing", () => {
    const esc = { ...GLOBAL_ESCALATION, failedRunThreshold: 3 };
    expect(run(["degraded", "pass"], esc)).toEqual(["-", "-"]);
  });
});

describe("escalation", () => {
  it("run-based: N failed runs in a row; a pass resets the streak", () => {
    const esc: Escalation = { ...GLOBAL_ESCALATION, failedRunThreshold: 3 };
    expect(run(["fail", "fail", "pass", "fail", "fail", "fail", "fail"], esc)).toEqual([
      "-",
      "-",
      "-",
      "-",
      "-",
      "ALERT_FAILURE",
      "-",
    ]);
  });
  it("time-based: failing for N minutes", () => {
    const esc: Escalation = { ...GLOBAL_ESCALATION, type: "TIME_BASED", minutesFailingThreshold: 5 };
    // runs one minute apart: first failure at minute 0, threshold reached at minute 5
    expect(run(["fail", "fail", "fail", "fail", "fail", "fail", "fail"], esc)).toEqual([
      "-",
      "-",
      "-",
      "-",
      "-",
      "ALERT_FAILURE",
      "-",
    ]);
  });
  it("reminders: amount, every interval minutes", () => {
    const esc: Escalation = { ...GLOBAL_ESCALATION, reminderAmount: 2, reminderIntervalMinutes: 2 };
    const out = run(["fail", "fail", "fail", "fail", "fail", "fail", "fail", "fail"], esc);
    expect(out).toEqual([
      "ALERT_FAILURE",
      "-",
      "ALERT_FAILURE_REMAIN",
      "-",
      "ALERT_FAILURE_REMAIN",
      "-",
      "-",
      "-",
    ]);
  });
  it("reads the check's settings only with useGlobalAlertSettings false", () => {
    const settings = {
      escalationType: "TIME_BASED",
      timeBasedEscalation: { minutesFailingThreshold: 10 },
      runBasedEscalation: { failedRunThreshold: 2 },
      reminders: { amount: 3, interval: 15 },
    };
    expect(escalationOf({ alertSettings: settings })).toEqual(GLOBAL_ESCALATION);
    expect(escalationOf({ useGlobalAlertSettings: false, alertSettings: settings })).toEqual({
      type: "TIME_BASED",
      failedRunThreshold: 2,
      minutesFailingThreshold: 10,
      reminderAmount: 3,
      reminderIntervalMinutes: 15,
    });
  });
});

describe("families and observations", () => {
  it("gates", () => {
    expect(familyOf("ALERT_FAILURE")).toBe("failure");
    expect(familyOf("ALERT_FAILURE_REMAIN")).toBe("failure");
    expect(familyOf("ALERT_DEGRADED_FAILURE")).toBe("failure");
    expect(familyOf("ALERT_DEGRADED")).toBe("degraded");
    expect(familyOf("ALERT_FAILURE_DEGRADED")).toBe("degraded");
    expect(familyOf("ALERT_RECOVERY")).toBe("recovery");
    expect(familyOf("ALERT_DEGRADED_RECOVERY")).toBe("recovery");
    expect(familyOf("ALERT_SSL")).toBe("ssl");
  });
  it("browser checks have no degraded state", () => {
    const degraded = { hasFailures: false, hasErrors: false, isDegraded: true };
    expect(observe("API", degraded)).toBe("degraded");
    expect(observe("BROWSER", degraded)).toBe("pass");
    expect(observe("URL", { hasFailures: false, hasErrors: true, isDegraded: false })).toBe("fail");
  });
});
