/**
 * Why a run failed, in one line — the words the overview, the checks list's REASON column, the CLI's
 * `vigil status` and the result view all use (one model of "the reason"):
 *
 * - the request never got an answer: its error (`connect ECONNREFUSED 127.0.0.1:9`);
 * - an assertion failed: the first failing one as `status code equals 200, received 503` (an assertion
 *   failed exactly when its `error` is a non-empty string — the hosted clients' rule, api-notes §3.3 — or,
 *   in results stored before assertions carried `error`, when `passed` is false);
 * - a browser, multi-step or Playwright script failed: its error with the script line (`line 4: …`);
 * - the run could not be made here: the service's reason (`cannot run here: no usable browser`);
 * - otherwise the run's stored error message.
 *
 * A degraded run has no error: its reason is its response time against the check's thresholds
 * (`responseTimeReason`), which the list entry of the check carries. Raw text: sanitise before printing.
 */

import { formatMs } from "../../shared/format.ts";

/** The parts of a result (v1/v2 check result, any service) the reason reads; everything else is ignored. */
export type ReasonInput = {
  hasFailures?: boolean | null | undefined;
  hasErrors?: boolean | null | undefined;
  isDegraded?: boolean | null | undefined;
  isCancelled?: boolean | null | undefined;
  overMaxResponseTime?: boolean | null | undefined;
  responseTime?: number | null | undefined;
  /** vigil's own result field: the run's error as the runner wrote it. */
  errorMessage?: string | null | undefined;
  apiCheckResult?:
    | {
        assertions?: readonly Record<string, unknown>[] | null | undefined;
        requestError?: string | null | undefined;
        response?: { status?: number | null | undefined; statusText?: string | null | undefined } | null;
      }
    | null
    | undefined;
  browserCheckResult?: Record<string, unknown> | null | undefined;
  multiStepCheckResult?: Record<string, unknown> | null | undefined;
  playwrightCheckResult?: Record<string, unknown> | null | undefined;
};

const SOURCE_WORDS: Record<string, string> = {
  STATUS_CODE: "status code",
  JSON_BODY: "JSON body",
  TEXT_BODY: "text body",
  HEADERS: "header",
  RESPONSE_TIME: "response time",
  RESPONSE_DATA: "response data",
  TEXT_ANSWER: "answer",
  JSON_ANSWER: "answer (JSON)",
  RESPONSE_CODE: "response code",
};

/** `STATUS_CODE` → "status code", an unknown source in lower case with spaces. */
export function sourceWords(source: unknown): string {
  const s = typeof source === "string" ? source : "";
  return SOURCE_WORDS[s] ?? s.toLowerCase().replaceAll("_", " ");
}

/** `NOT_EQUALS` → "not equals", `GREATER_THAN` → "greater than". */
export function comparisonWords(comparison: unknown): string {
  return typeof comparison === "string" ? comparison.toLowerCase().replaceAll("_", " ") : "?";
}

/** A received value as the hosted clients print it: falsy values too (`0`, `false`, `""`), JSON for objects. */
export function receivedText(actual: unknown): string {
  if (actual === undefined) return "nothing";
  if (actual === null) return "null";
  if (typeof actual === "string") return actual === "" ? '""' : actual;
  if (typeof actual === "number" || typeof actual === "boolean") return String(actual);
  try {
    return JSON.stringify(actual) ?? String(actual);
  } catch {
    return String(actual);
  }
}

/** Whether a stored assertion failed: a non-empty `error`, or (older vigil rows) `passed: false`. */
export function assertionFailed(a: Record<string, unknown>): boolean {
  if (typeof a.error === "string" && a.error !== "") return true;
  return a.passed === false;
}

/** One assertion as `status code equals 200` (source, property, comparison, target). */
export function assertionText(a: Record<string, unknown>): string {
  const property = typeof a.property === "string" && a.property !== "" ? ` ${a.property}` : "";
  const target = a.target === undefined || a.target === null || a.target === "" ? "" : ` ${String(a.target)}`;
  return `${sourceWords(a.source)}${property} ${comparisonWords(a.comparison)}${target}`;
}

/** A failing assertion with what was received: `status code equals 200, received 503`. */
export function failedAssertionText(a: Record<string, unknown>): string {
  return `${assertionText(a)}, received ${receivedText(a.actual)}`;
}

const firstLine = (s: string): string => s.split("\n").find((l) => l.trim() !== "") ?? "";

/** A script error (browser, multi-step, Playwright detail): `line 4: <first line of the message>`. */
function scriptError(detail: Record<string, unknown> | null | undefined): string | undefined {
  const err = detail?.error as { message?: unknown; line?: unknown } | undefined;
  if (!err || typeof err.message !== "string" || err.message === "") return undefined;
  const line = typeof err.line === "number" ? `line ${err.line}: ` : "";
  return `${line}${firstLine(err.message).trim()}`;
}

/** Whether a run counts as failed (failures or errors). */
export const runFailed = (r: ReasonInput): boolean => r.hasFailures === true || r.hasErrors === true;

/**
 * The one-line reason of a failed or cancelled run, or undefined for a run that passed (a degraded run's
 * reason needs the check's thresholds: `responseTimeReason`). A failed run with nothing recorded says so.
 */
export function resultReason(r: ReasonInput): string | undefined {
  if (r.isCancelled) return r.errorMessage ? firstLine(r.errorMessage) : "the run could not be made";
  if (!runFailed(r)) return undefined;
  const api = r.apiCheckResult;
  if (api?.requestError) return firstLine(api.requestError);
  const bad = (api?.assertions ?? []).find((a) => a && typeof a === "object" && assertionFailed(a));
  if (bad) return failedAssertionText(bad);
  const script =
    scriptError(r.browserCheckResult) ??
    scriptError(r.multiStepCheckResult) ??
    scriptError(r.playwrightCheckResult);
  if (script) return script;
  if (r.errorMessage) return firstLine(r.errorMessage);
  const status = api?.response?.status;
  if (typeof status === "number")
    return `HTTP ${status}${api?.response?.statusText ? ` ${api.response.statusText}` : ""}`;
  return "failed (no reason recorded)";
}

/** A check's response-time thresholds (ms), as its configuration says. */
export type Thresholds = {
  degradedResponseTime?: number | null | undefined;
  maxResponseTime?: number | null | undefined;
};

/**
 * Why a run is degraded or over its limit: `response time 2.30 s over degraded 1.50 s` /
 * `… over max 5.00 s`; undefined when the run is neither or the time is not recorded.
 */
export function responseTimeReason(r: ReasonInput, t: Thresholds | undefined): string | undefined {
  const ms = r.responseTime;
  if (typeof ms !== "number" || !Number.isFinite(ms)) return undefined;
  const max = t?.maxResponseTime;
  const degraded = t?.degradedResponseTime;
  if ((r.overMaxResponseTime || (typeof max === "number" && ms > max)) && typeof max === "number")
    return `response time ${formatMs(ms)} over max ${formatMs(max)}`;
  if (r.isDegraded && typeof degraded === "number" && ms > degraded)
    return `response time ${formatMs(ms)} over degraded ${formatMs(degraded)}`;
  if (r.isDegraded) return `degraded (response time ${formatMs(ms)})`;
  return undefined;
}

/** The reason to show for a run: its failure, else why it is degraded, else undefined (it passed). */
export function runReason(
  r: ReasonInput & { reason?: string | undefined },
  t?: Thresholds,
): string | undefined {
  if (runFailed(r) || r.isCancelled) return r.reason ?? resultReason(r);
  return responseTimeReason(r, t);
}
