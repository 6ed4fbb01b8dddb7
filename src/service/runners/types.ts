/**
 * One interface for every check type's runner. A runner performs ONE attempt of a check from one
 * (labelled) location and reports what it saw; the engine applies thresholds, shouldFail and retries.
 */
import type { CheckDef } from "../engine/checks.ts";

/** Metric columns of check_results (see 002-runs.ts), keyed by their analytics base names. */
export type MetricValues = Partial<{
  wait: number;
  dns: number;
  tcp: number;
  firstByte: number;
  download: number;
  total: number;
  connection: number;
  data: number;
  TTFB: number;
  FCP: number;
  LCP: number;
  CLS: number;
  TBT: number;
  consoleErrors: number;
  networkErrors: number;
  userScriptErrors: number;
  documentErrors: number;
}>;

export type RunContext = {
  check: CheckDef;
  location: string;
  /** Aborts the attempt (engine stop, session deadline). */
  signal: AbortSignal;
  /** Hard limit for one attempt, in ms. */
  timeoutMs: number;
  /**
   * The HTTP proxy for the check's own requests (URL and API checks): a private location's `proxyUrl`,
   * given by its agent (src/agent/); credentials may be embedded. Unset: direct.
   */
  proxyUrl?: string | null;
};

export type RunOutcome = {
  /** An assertion failed or the target answered wrongly. */
  hasFailures: boolean;
  /** The attempt could not be carried out (connection refused, timeout, no browser, ...). */
  hasErrors: boolean;
  responseTime: number | null;
  statusCode?: number | null;
  errorMessage?: string | null;
  metrics: MetricValues;
  /** Type-specific detail, stored as JSON and returned by check-results (e.g. `{apiCheckResult: ...}`). */
  detail: Record<string, unknown>;
  /**
   * The check could not be run here at all (e.g. no usable Chromium): the result is kept as cancelled with
   * the reason — neither a pass nor a check failure, so it raises no alert and costs no availability.
   */
  cannotRun?: boolean;
  /** Files kept with the result (e.g. `screenshot.png` of a failed browser run), stored by the engine. */
  assets?: Record<string, Uint8Array>;
};

export type Runner = {
  run(ctx: RunContext): Promise<RunOutcome>;
};

/**
 * What one demo run draws from (src/service/demo/synthetic.ts): the check's base latency; `scale`, the
 * check's own daily wave × this run's noise × a rare spike — what the server's part of a run carries;
 * `jitter(spread)`, an independent noise factor (median 1) for each other part of a run, and `chance(p)`,
 * so a chart of its phases or vitals does not draw one shape many times over (both from a source of their
 * own: `rnd`'s sequence, which decides the demo's failures, stays as it was); whether it fails; a random
 * source.
 */
export type SyntheticDraw = {
  base: number;
  scale: number;
  jitter: (spread: number) => number;
  chance: (p: number) => boolean;
  failed: boolean;
  rnd: () => number;
};

/** One run of the demo history, its measurements shaped like a real run of the type. */
export type SyntheticRun = {
  responseTime: number;
  statusCode: number | null;
  failed: boolean;
  metrics: MetricValues;
};

/** Rounded to 2 decimals, as the demo's measurements are. */
export const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A check type's part of the service, one line per type in registry.ts: the runner that makes one attempt,
 * and the demo's stand-in for a run (the demo history, src/service/demo/backfill.ts).
 */
export type CheckTypeService = {
  runner: Runner;
  demo: (draw: SyntheticDraw) => SyntheticRun;
};

export function errorOutcome(message: string, responseTime: number | null = null): RunOutcome {
  return { hasFailures: true, hasErrors: true, responseTime, errorMessage: message, metrics: {}, detail: {} };
}
