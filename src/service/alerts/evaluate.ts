/**
 * Runs the rules on every finished run: loads the alert state of the check at the run's location, steps
 * it (rules.ts), stores it, and — when the step raises an alert and the check is not muted — records the
 * check alert and stores its deliveries, all in one transaction. Cancelled sessions (service stopping)
 * change nothing.
 */

import { objectIn, stringIn } from "../../shared/json.ts";
import { REGIONS } from "../../shared/regions.ts";
import type { AlertInput } from "../../shared/webhook/variables.ts";
import type { CheckDef } from "../engine/checks.ts";
import type { RunFinished } from "../engine/execute.ts";
import type { ResultRow } from "../repo/runs.ts";
import type { Repo } from "../repo/store.ts";
import { type DispatchDeps, dispatchAlert } from "./dispatch.ts";
import { type AlertState, escalationOf, INITIAL_STATE, observe, step } from "./rules.ts";

const REGION_NAMES = new Map<string, string>(REGIONS.map((r) => [r.region, r.name]));

export function loadState(repo: Repo, checkId: string, location: string): AlertState {
  return repo.readAlertState(checkId, location) ?? { ...INITIAL_STATE };
}

export function locationName(repo: Repo, code: string): string {
  const known = REGION_NAMES.get(code);
  if (known) return known;
  return repo.privateLocationName(code) ?? code;
}

export function checkInfo(check: CheckDef): AlertInput["check"] {
  const d = check.doc;
  return {
    id: check.id,
    name: check.name,
    checkType: check.checkType,
    description: typeof d.description === "string" ? d.description : null,
    tags: check.tags,
    groupName: null,
  };
}

function statusText(r: ResultRow): string | null {
  const api = r.detail ? objectIn(r.detail, "apiCheckResult") : undefined;
  const response = api ? objectIn(api, "response") : undefined;
  return (response && stringIn(response, "statusText")) ?? null;
}

export function resultInfo(r: ResultRow, publicUrl: string): NonNullable<AlertInput["result"]> {
  return {
    id: r.id,
    errorMessage: r.errorMessage,
    responseTime: r.responseTime,
    statusCode: r.statusCode,
    statusText: statusText(r),
    startedAt: new Date(r.startedAt).toISOString(),
    link: `${publicUrl}/v1/check-results/${r.checkId}/${r.id}`,
    runLocation: r.runLocation,
  };
}

export type EvaluateDeps = Omit<DispatchDeps, "now"> & { now(): number; publicUrl(): string };

/** Handles one finished run; returns the ids of the deliveries it stored. */
export function onRunFinished(deps: EvaluateDeps, e: RunFinished): string[] {
  const { check, session, result } = e;
  if (session.status === "CANCELLED" || result.aborted || result.isCancelled) return [];
  const repo = deps.repo;
  const now = deps.now();
  return repo.transaction(() => {
    const prev = loadState(repo, check.id, result.runLocation);
    const out = step(prev, observe(check.checkType, result), escalationOf(check.doc), result.stoppedAt);
    if (!out.alert || check.muted) {
      // Muted checks alert nothing: streaks move on, but nothing counts as announced.
      const kept = out.alert
        ? {
            ...out.next,
            alerted: prev.alerted,
            remindersSent: prev.remindersSent,
            lastAlertAt: prev.lastAlertAt,
          }
        : out.next;
      repo.saveState(check.id, result.runLocation, kept, now);
      return [];
    }
    repo.saveState(check.id, result.runLocation, out.next, now);
    const alert: AlertInput = {
      alertType: out.alert.type,
      check: checkInfo(check),
      result: resultInfo(result, deps.publicUrl()),
      locationName: locationName(repo, result.runLocation),
      ...(out.alert.reminder !== undefined ? { reminder: { sequence: out.alert.reminder } } : {}),
    };
    const alertId = repo.recordCheckAlert(alert, now);
    const groupId = typeof check.doc.groupId === "number" ? check.doc.groupId : null;
    let channels = repo.subscribedChannels(check.id, groupId);
    if (out.alert.type === "ALERT_DEGRADED_RECOVERY" && !out.alert.afterFailure)
      channels = channels.filter((c) => c.sendDegraded);
    return dispatchAlert({ ...deps, now }, alert, alertId, channels);
  });
}
