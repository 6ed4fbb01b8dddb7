/**
 * Run data as the API returns it (api-notes §2.2, §3.2, §3.3): camelCase, ISO date-times with ms and Z.
 * `checkSessionLink` / `checkResultLink` point at the service's own API (there is no web UI locally).
 */

import { isObject } from "../../shared/json.ts";
import type { CheckSessionRow, ResultRow } from "../repo/runs.ts";
import { assertionError, readAssertion } from "../runners/assertions.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function sessionLink(base: string, id: string): string {
  return `${base}/v1/check-sessions/${id}`;
}

export function sessionJson(s: CheckSessionRow, base: string, now: number): Record<string, unknown> {
  return {
    checkSessionId: s.id,
    checkSessionLink: sessionLink(base, s.id),
    checkId: s.checkId,
    checkType: s.checkType,
    name: s.name,
    status: s.status,
    startedAt: iso(s.startedAt),
    stoppedAt: iso(s.stoppedAt),
    timeElapsed: Math.max(0, (s.stoppedAt ?? now) - s.startedAt),
    runLocations: s.runLocations,
    runSource: s.runSource,
  };
}

/** A result inside a session (CheckSessionConciseCheckResult), plus `errorMessage` and `attempts`. */
export function sessionResultJson(r: ResultRow, base: string): Record<string, unknown> {
  return {
    checkResultId: r.id,
    checkResultLink: `${base}/v1/check-results/${r.checkId}/${r.id}`,
    checkId: r.checkId,
    checkType: r.checkType,
    name: r.name,
    runLocation: r.runLocation,
    resultType: r.resultType,
    hasErrors: r.hasErrors,
    hasFailures: r.hasFailures,
    isDegraded: r.isDegraded,
    aborted: r.aborted,
    isCancelled: r.isCancelled,
    responseTime: r.responseTime,
    startedAt: iso(r.startedAt),
    stoppedAt: iso(r.stoppedAt),
    attempts: r.attempts,
    errorMessage: r.errorMessage,
  };
}

type Stored = Record<string, unknown>;

/**
 * Assertions stored before they carried `error` (only `passed`) get it on the way out, so hosted clients,
 * which read failure from `error` alone (api-notes §3.3), see the same verdict. Nothing stored changes.
 */
function withAssertionErrors(detail: Stored): Stored {
  let out = detail;
  for (const [key, part] of Object.entries(detail)) {
    const obj = isObject(part) ? part : undefined;
    const list = obj?.assertions;
    if (!Array.isArray(list) || !list.some((a) => isObject(a) && !("error" in a))) continue;
    const assertions = list.map((a: unknown) => {
      if (!isObject(a) || "error" in a) return a;
      const known = readAssertion(a);
      if (a.passed !== false) return { ...a, error: null };
      return { ...a, error: known ? assertionError(known, a.actual) : "the assertion failed" };
    });
    out = { ...out, [key]: { ...obj, assertions } };
  }
  return out;
}

/** A check result (CheckResult of /v1/check-results), with its type-specific detail members. */
export function resultJson(r: ResultRow): Record<string, unknown> {
  return {
    id: r.id,
    checkId: r.checkId,
    checkType: r.checkType,
    name: r.name,
    runLocation: r.runLocation,
    checkRunId: r.sessionId,
    checkSessionId: r.sessionId,
    sequenceId: null,
    hasFailures: r.hasFailures,
    hasErrors: r.hasErrors,
    isDegraded: r.isDegraded,
    isCancelled: r.isCancelled,
    overMaxResponseTime: r.overMaxResponseTime,
    responseTime: r.responseTime,
    statusCode: r.statusCode,
    attempts: r.attempts,
    retries: r.retries,
    resultType: r.resultType,
    startedAt: iso(r.startedAt),
    stoppedAt: iso(r.stoppedAt),
    created_at: iso(r.stoppedAt),
    errorMessage: r.errorMessage,
    traceId: null,
    ...(r.detail ? withAssertionErrors(r.detail) : {}),
  };
}
