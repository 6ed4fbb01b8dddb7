/**
 * Executes one check session: one run per location of the session (all at once), each with retries per
 * the check's retry strategy. Every failed attempt that is retried is stored as an ATTEMPT result; the
 * last one is the FINAL result (with `attempts` and `retries`). The session ends PASSED / FAILED /
 * DEGRADED, or TIMED_OUT when its deadline aborts it, or CANCELLED when the service stops first (its cut
 * runs are kept as cancelled, with SERVICE_STOPPED as the reason: not a failure).
 */

import { objectIn } from "../../shared/json.ts";
import { pause } from "../../shared/sleep.ts";
import type { CheckSessionRow, ResultRow, RunStore } from "../repo/runs.ts";
import { runAttempt, runnerFor } from "../runners/registry.ts";
import { errorOutcome, type RunOutcome } from "../runners/types.ts";
import type { CheckDef } from "./checks.ts";
import { classify, sessionStatus } from "./classify.ts";
import { uuidv7 } from "./ids.ts";
import { backoffSeconds, mayRetry } from "./retry.ts";
import type { Semaphore } from "./semaphore.ts";

export type RunFinished = {
  check: CheckDef;
  session: CheckSessionRow;
  /** The FINAL result, with errorMessage, responseTime, runLocation, statusCode. */
  result: ResultRow;
};

export type ExecuteDeps = {
  store: RunStore;
  semaphore: Semaphore;
  now(): number;
  /** Upper bound for one attempt (ms); the attempt also stops at maxResponseTime + 1 s. */
  runTimeoutMs: number;
  /** Milliseconds per backoff second (1000 in production; tests shrink it). */
  backoffUnitMs: number;
  /** Whole-session deadline (ms) after which it ends TIMED_OUT. */
  sessionTimeoutMs: number;
  /** Aborted when the engine stops. */
  stopSignal: AbortSignal;
  emit(e: RunFinished): void;
  /** Keeps a file a run produced (a failed browser run's screenshot); returns where, for the result. */
  saveAsset?(resultId: string, name: string, bytes: Uint8Array): string | undefined;
  /**
   * Runs the attempt somewhere else when `location` is not this service's to run (a private location:
   * its agents run it, agents/queue.ts); undefined = run here.
   */
  runElsewhere?(
    check: CheckDef,
    location: string,
    sessionId: string,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<RunOutcome> | undefined;
};

/** The reason kept with a run the service's stop cut short (engine.ts `stop`). */
export const SERVICE_STOPPED = "cancelled: the service stopped before the run finished";

/**
 * A run that could not be made here (no usable browser, ...): kept as a cancelled result with the reason —
 * not a failure, not retried, and no alert (alerts/evaluate.ts skips cancelled results).
 */
function cannotRunVerdict() {
  return { hasFailures: false, hasErrors: false, isDegraded: false, overMaxResponseTime: false };
}

/** The run's detail with the paths of the files it produced (e.g. `browserCheckResult.screenshot`). */
function withAssets(
  detail: Record<string, unknown>,
  resultId: string,
  out: RunOutcome,
  deps: ExecuteDeps,
): Record<string, unknown> {
  if (!out.assets || !deps.saveAsset) return detail;
  const saved: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(out.assets)) {
    const where = deps.saveAsset(resultId, name, bytes);
    if (where) saved[name.replace(/\.[a-z]+$/, "")] = where;
  }
  const key = Object.keys(detail).find((k) => k.endsWith("CheckResult"));
  if (!key) return { ...detail, assets: saved };
  return { ...detail, [key]: { ...objectIn(detail, key), ...saved } };
}

async function attempt(
  check: CheckDef,
  location: string,
  sessionId: string,
  deps: ExecuteDeps,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const runner = runnerFor(check.checkType);
  if (!runner) return errorOutcome(`check type ${check.checkType} cannot be run`);
  const timeoutMs = Math.max(100, Math.min(deps.runTimeoutMs, check.maxResponseTime + 1000));
  const elsewhere = deps.runElsewhere?.(check, location, sessionId, signal, timeoutMs);
  if (elsewhere) return elsewhere;
  return deps.semaphore.run(() => runAttempt({ check, location, signal, timeoutMs }));
}

async function runLocation(
  check: CheckDef,
  session: CheckSessionRow,
  location: string,
  deps: ExecuteDeps,
  signal: AbortSignal,
): Promise<ResultRow> {
  const firstStart = deps.now();
  for (let n = 1; ; n++) {
    const startedAt = deps.now();
    const out = await attempt(check, location, session.id, deps, signal);
    const stoppedAt = deps.now();
    // cut short by the service stopping: recorded as cancelled — no pass, no failure, no alert
    const cut = signal.aborted && deps.stopSignal.aborted;
    const verdict = out.cannotRun || cut ? cannotRunVerdict() : classify(check, out);
    const failed = verdict.hasFailures || verdict.hasErrors;
    const strategy = check.retryStrategy;
    const backoffMs = strategy ? backoffSeconds(strategy, n) * deps.backoffUnitMs : 0;
    const retry = failed && !signal.aborted && mayRetry(strategy, n, stoppedAt - firstStart, backoffMs);
    const id = uuidv7();
    const result: ResultRow = {
      id,
      sessionId: session.id,
      checkId: check.id,
      checkType: check.checkType,
      name: check.name,
      runLocation: location,
      resultType: retry ? "ATTEMPT" : "FINAL",
      ...verdict,
      aborted: signal.aborted,
      isCancelled: out.cannotRun === true || cut,
      responseTime: out.responseTime,
      statusCode: out.statusCode ?? null,
      attempts: n,
      retries: n - 1,
      startedAt,
      stoppedAt,
      errorMessage: cut
        ? SERVICE_STOPPED
        : signal.aborted && !out.errorMessage
          ? "run aborted"
          : (out.errorMessage ?? null),
      metrics: out.metrics,
      pageIndex: null,
      detail: Object.keys(out.detail).length > 0 || out.assets ? withAssets(out.detail, id, out, deps) : null,
    };
    deps.store.insertResult(result);
    if (!retry) return result;
    await pause(backoffMs, signal);
  }
}

export async function executeSession(
  check: CheckDef,
  session: CheckSessionRow,
  deps: ExecuteDeps,
): Promise<CheckSessionRow> {
  const controller = new AbortController();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, deps.sessionTimeoutMs);
  const onStop = () => controller.abort();
  deps.stopSignal.addEventListener("abort", onStop, { once: true });
  try {
    let pending = session.runLocations.length;
    const finals = await Promise.all(
      session.runLocations.map(async (loc) => {
        const r = await runLocation(check, session, loc, deps, controller.signal);
        pending--;
        if (pending > 0 && (r.hasFailures || r.hasErrors || r.isDegraded)) {
          deps.store.setStatus(
            session.id,
            r.isDegraded && !r.hasFailures && !r.hasErrors ? "PROGRESS_DEGRADED" : "PROGRESS_FAILED",
          );
        }
        return r;
      }),
    );
    const status = timedOut ? "TIMED_OUT" : deps.stopSignal.aborted ? "CANCELLED" : sessionStatus(finals);
    const stoppedAt = deps.now();
    deps.store.finishSession(session.id, status, stoppedAt, session.runLocations);
    const finished: CheckSessionRow = { ...session, status, stoppedAt };
    for (const result of finals) deps.emit({ check, session: finished, result });
    return finished;
  } finally {
    clearTimeout(deadline);
    deps.stopSignal.removeEventListener("abort", onStop);
  }
}
