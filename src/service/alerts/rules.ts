/**
 * Alert rules (api-notes §6.3): one state machine per check and run location, fed with every FINAL result.
 *
 * | announced | run | alert |
 * |---|---|---|
 * | nothing | failed | ALERT_FAILURE once the escalation threshold is reached |
 * | nothing | degraded | ALERT_DEGRADED once the threshold is reached |
 * | failure | failed | ALERT_FAILURE_REMAIN reminders (amount, every interval minutes) |
 * | failure | degraded | ALERT_FAILURE_DEGRADED at once |
 * | failure | passed | ALERT_RECOVERY at once |
 * | degraded | degraded | ALERT_DEGRADED_REMAIN reminders |
 * | degraded | failed | ALERT_DEGRADED_FAILURE at once |
 * | degraded | passed | ALERT_DEGRADED_RECOVERY (a degraded alert was announced) |
 *
 * Channel switches (dispatch.ts): sendFailure gates ALERT_FAILURE, _REMAIN and ALERT_DEGRADED_FAILURE;
 * sendDegraded gates ALERT_DEGRADED, _REMAIN and ALERT_FAILURE_DEGRADED; sendRecovery gates the
 * recoveries — ALERT_DEGRADED_RECOVERY only to channels that heard of the episode (sendDegraded on, or a
 * failure was announced in it), so nobody gets a recovery for something they were never told about.
 *
 * Escalation: RUN_BASED — `failedRunThreshold` failed (or degraded) runs in a row; TIME_BASED — failing (or
 * degraded) for `minutesFailingThreshold` minutes, measured from the first run of the streak to this run.
 * A state that did not change raises nothing (no duplicates); a passing run resets every streak.
 *
 * Settings: the check's `alertSettings` apply when `useGlobalAlertSettings` is false; otherwise the
 * embedded service's global settings, which are the hosted defaults (RUN_BASED, 1 failed run, no
 * reminders) — the local service has no account-level settings to edit. Pure: no database.
 */

import { canDegrade } from "../../contract/check-types.ts";
import { isObject } from "../../shared/json.ts";
import type { AlertType } from "../../shared/webhook/variables.ts";

export type Observation = "pass" | "fail" | "degraded";
export type Announced = "NONE" | "FAILURE" | "DEGRADED";

export type AlertState = {
  alerted: Announced;
  failStreak: number;
  degradedStreak: number;
  failingSince: number | null;
  degradedSince: number | null;
  remindersSent: number;
  lastAlertAt: number | null;
  /** A failure was announced during the current non-passing episode. */
  hadFailure: boolean;
};

export const INITIAL_STATE: AlertState = {
  alerted: "NONE",
  failStreak: 0,
  degradedStreak: 0,
  failingSince: null,
  degradedSince: null,
  remindersSent: 0,
  lastAlertAt: null,
  hadFailure: false,
};

export type Escalation = {
  type: "RUN_BASED" | "TIME_BASED";
  failedRunThreshold: number;
  minutesFailingThreshold: number;
  reminderAmount: number;
  reminderIntervalMinutes: number;
};

export const GLOBAL_ESCALATION: Escalation = {
  type: "RUN_BASED",
  failedRunThreshold: 1,
  minutesFailingThreshold: 5,
  reminderAmount: 0,
  reminderIntervalMinutes: 5,
};

const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const pos = (v: unknown, d: number): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : d;

/** The escalation settings of a check document (hosted shape, api-notes §3.1). */
export function escalationOf(doc: Record<string, unknown>): Escalation {
  if (doc.useGlobalAlertSettings !== false) return GLOBAL_ESCALATION;
  const s = obj(doc.alertSettings);
  const reminders = obj(s.reminders);
  return {
    type: s.escalationType === "TIME_BASED" ? "TIME_BASED" : "RUN_BASED",
    failedRunThreshold: Math.max(1, pos(obj(s.runBasedEscalation).failedRunThreshold, 1)),
    minutesFailingThreshold: pos(obj(s.timeBasedEscalation).minutesFailingThreshold, 5),
    reminderAmount: pos(reminders.amount, 0),
    reminderIntervalMinutes: pos(reminders.interval, 5),
  };
}

export type Step = {
  next: AlertState;
  /** `afterFailure`: a degraded recovery that ends an episode in which a failure was announced. */
  alert?: { type: AlertType; reminder?: number; afterFailure?: boolean };
};

function escalated(esc: Escalation, streak: number, since: number, at: number): boolean {
  if (esc.type === "TIME_BASED") return at - since >= esc.minutesFailingThreshold * 60_000;
  return streak >= esc.failedRunThreshold;
}

function announce(next: AlertState, alerted: Announced, type: AlertType, at: number): Step {
  const hadFailure = next.hadFailure || alerted === "FAILURE";
  return { next: { ...next, alerted, remindersSent: 0, lastAlertAt: at, hadFailure }, alert: { type } };
}

function remind(next: AlertState, esc: Escalation, type: AlertType, at: number): Step {
  const due =
    next.remindersSent < esc.reminderAmount &&
    next.lastAlertAt !== null &&
    at - next.lastAlertAt >= esc.reminderIntervalMinutes * 60_000;
  if (!due) return { next };
  const n = next.remindersSent + 1;
  return { next: { ...next, remindersSent: n, lastAlertAt: at }, alert: { type, reminder: n } };
}

/**
 * The next state after one run of the check at one location, and the alert it raises (if any).
 * @param at when the run happened (ms); `startedAt` of the run marks the start of a streak
 */
export function step(prev: AlertState, obs: Observation, esc: Escalation, at: number): Step {
  if (obs === "pass") {
    const next: AlertState = { ...INITIAL_STATE };
    if (prev.alerted === "FAILURE") return announce(next, "NONE", "ALERT_RECOVERY", at);
    if (prev.alerted === "DEGRADED") {
      const out = announce(next, "NONE", "ALERT_DEGRADED_RECOVERY", at);
      return { ...out, alert: { type: "ALERT_DEGRADED_RECOVERY", afterFailure: prev.hadFailure } };
    }
    return { next };
  }
  if (obs === "fail") {
    const next: AlertState = {
      ...prev,
      failStreak: prev.failStreak + 1,
      failingSince: prev.failingSince ?? at,
      degradedStreak: 0,
      degradedSince: null,
    };
    if (prev.alerted === "FAILURE") return remind(next, esc, "ALERT_FAILURE_REMAIN", at);
    if (prev.alerted === "DEGRADED") return announce(next, "FAILURE", "ALERT_DEGRADED_FAILURE", at);
    if (escalated(esc, next.failStreak, next.failingSince ?? at, at))
      return announce(next, "FAILURE", "ALERT_FAILURE", at);
    return { next };
  }
  const next: AlertState = {
    ...prev,
    degradedStreak: prev.degradedStreak + 1,
    degradedSince: prev.degradedSince ?? at,
    failStreak: 0,
    failingSince: null,
  };
  if (prev.alerted === "DEGRADED") return remind(next, esc, "ALERT_DEGRADED_REMAIN", at);
  if (prev.alerted === "FAILURE") return announce(next, "DEGRADED", "ALERT_FAILURE_DEGRADED", at);
  if (escalated(esc, next.degradedStreak, next.degradedSince ?? at, at))
    return announce(next, "DEGRADED", "ALERT_DEGRADED", at);
  return { next };
}

/** Which channel switch gates an alert type (api-notes §6.3: the three families, plus SSL). */
export function familyOf(type: string): "failure" | "degraded" | "recovery" | "ssl" {
  switch (type) {
    case "ALERT_RECOVERY":
    case "ALERT_DEGRADED_RECOVERY":
    case "ALERT_NO_AGENT_RECOVERY":
      return "recovery";
    case "ALERT_DEGRADED":
    case "ALERT_DEGRADED_REMAIN":
    case "ALERT_FAILURE_DEGRADED":
      return "degraded";
    case "ALERT_SSL":
      return "ssl";
    default:
      return "failure";
  }
}

/** Browser-type checks have no degraded state (api-notes §6.3; src/contract/check-types.ts). */
export function observe(
  checkType: string,
  r: { hasFailures: boolean; hasErrors: boolean; isDegraded: boolean },
): Observation {
  if (r.hasFailures || r.hasErrors) return "fail";
  if (r.isDegraded && canDegrade(checkType)) return "degraded";
  return "pass";
}
