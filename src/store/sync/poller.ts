/**
 * The poller: refreshes only what the visible pane needs. A `planner` maps the current state to the jobs
 * wanted now (one per resource, e.g. "checks", "results:<id>", "analytics:<key>"), each with its interval.
 * On every tick, each wanted job that is due and not already running is started (at most `maxConcurrent`
 * at a time). A failed job backs off exponentially (base = its interval / 4, capped at `maxBackoffMs`), or
 * waits exactly the Retry-After the server sent. Jobs no longer wanted are simply not run (their schedule is
 * kept, so coming back to a pane refreshes only what is stale). The HttpClient's rate limiter keeps every
 * route family under its limit on top of this. When the connection comes back (the status line's
 * "online" after "offline"), every wanted job is made due at once: the outage's backoffs do not delay
 * fresh data.
 */
import { inBackground } from "../data/activity.ts";
import type { ConsoleState, ConsoleStore } from "../state.ts";

export type Job = {
  key: string;
  /** Refresh period while wanted (ms). Infinity = load once. */
  intervalMs: number;
  run: (signal: AbortSignal) => Promise<void>;
  /**
   * Follows the cursor (results of the rows on screen, the report of the selected check): started only once
   * the cursor rested `restMs`, so holding j neither fetches for every row passed nor redraws mid-move.
   */
  afterRest?: boolean;
  /** Cap of this job's failure backoff (default: the poller's `maxBackoffMs`). */
  maxBackoffMs?: number;
  /**
   * The data it reads is known to be behind (a check's status moved past its results): the job runs at
   * the next tick before its interval is up — unless it is backing off after a failure, and within the
   * poller's budget of such early runs (`earlyRuns`), so a busy screen never outruns a route's rate limit.
   */
  stale?: (s: ConsoleState) => boolean;
  /**
   * What it shows must have been read since this moment (epoch ms on the poller's clock — e.g. when the
   * view showing it was opened): while its last successful run started before it, the job is due at once
   * whatever its interval, as a read asked for (the engineer is waiting on it: ⇅), not an early run of the
   * budget. A failing job keeps its backoff.
   */
  readSince?: number | undefined;
};

export type Planner = (state: ConsoleState) => Job[];

export type PollerOptions = {
  tickMs?: number;
  maxConcurrent?: number;
  maxBackoffMs?: number;
  now?: () => number;
  /** Called when a job fails (after scheduling its retry). */
  onError?: (key: string, error: unknown) => void;
  onSuccess?: (key: string) => void;
  /** How long the cursor must rest before `afterRest` jobs start (ms, default 150). */
  restMs?: number;
  /**
   * At most `max` early runs of stale jobs per `perMs` (default 20 per minute: with at most 40 rows' results
   * read once a minute, the check-results routes stay within their 60 per 60 s).
   */
  earlyRuns?: { max: number; perMs: number };
};

/**
 * `done`: the job has succeeded before (what it reads is on screen); `asked`: its next run was asked for
 * (`r`, back online, `readSince`) — a run of a done job not asked for is a background refresh
 * (data/activity.ts); `readAt`: when its last successful run started.
 */
type Schedule = {
  nextDue: number;
  failures: number;
  running: boolean;
  done: boolean;
  asked: boolean;
  readAt: number;
};

export type Poller = {
  start(): void;
  stop(): void;
  /** `r`: run every wanted job now, whatever its schedule (and its backoff). */
  refreshNow(): void;
  /** Make one job due now (it runs at the next tick if still wanted). */
  refreshJob(key: string): void;
  /**
   * A view's cursor moved (sync/view-watch.ts): jobs that follow the cursor (`afterRest`) wait until it
   * rested `restMs`, then one tick runs.
   */
  moved(): void;
  /** Run one tick now (also used by tests). Resolves when the jobs it started have settled. */
  tick(): Promise<void>;
  /** For tests and the status line: how many failures a job has in a row. */
  failures(key: string): number;
};

function retryAfterOf(e: unknown): number | undefined {
  const v = (e as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/** Delay before retrying a job after `failures` failures in a row. */
export function backoffDelay(
  intervalMs: number,
  failures: number,
  maxBackoffMs: number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const base = Number.isFinite(intervalMs) ? Math.max(250, intervalMs / 4) : 1000;
  return Math.min(maxBackoffMs, base * 2 ** Math.max(0, failures - 1));
}

export function createPoller(store: ConsoleStore, planner: Planner, opts: PollerOptions = {}): Poller {
  const tickMs = opts.tickMs ?? 250;
  const maxConcurrent = opts.maxConcurrent ?? 4;
  const maxBackoffMs = opts.maxBackoffMs ?? 120_000;
  const now = opts.now ?? Date.now;
  const restMs = opts.restMs ?? 150;
  const early = opts.earlyRuns ?? { max: 20, perMs: 60_000 };
  let earlyAt: number[] = [];
  /** Whether one more early run fits the budget now (and count it). */
  const takeEarly = (t: number): boolean => {
    earlyAt = earlyAt.filter((at) => t - at < early.perMs);
    if (earlyAt.length >= early.max) return false;
    earlyAt.push(t);
    return true;
  };
  let movedAt = Number.NEGATIVE_INFINITY;
  let restTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the last move came on the timers' own clock: a move only notes it, the rest timer looks when it fires. */
  let movedAtMono = 0;
  const rested = () => {
    const left = movedAtMono + restMs - performance.now();
    if (left > 0) {
      restTimer = setTimeout(rested, left);
      restTimer.unref?.();
      return;
    }
    restTimer = undefined;
    void tick();
  };
  const schedules = new Map<string, Schedule>();
  const abort = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let running = 0;

  const sched = (key: string): Schedule => {
    let s = schedules.get(key);
    if (!s) {
      s = {
        nextDue: 0,
        failures: 0,
        running: false,
        done: false,
        asked: false,
        readAt: Number.NEGATIVE_INFINITY,
      };
      schedules.set(key, s);
    }
    return s;
  };

  async function runJob(job: Job, s: Schedule): Promise<void> {
    s.running = true;
    running++;
    const quiet = s.done && !s.asked;
    s.asked = false;
    const startedAt = now();
    try {
      await (quiet ? inBackground(() => job.run(abort.signal)) : job.run(abort.signal));
      s.done = true;
      s.readAt = startedAt;
      s.failures = 0;
      s.nextDue = now() + job.intervalMs;
      opts.onSuccess?.(job.key);
    } catch (e) {
      if (abort.signal.aborted) return;
      s.failures++;
      s.nextDue =
        now() + backoffDelay(job.intervalMs, s.failures, job.maxBackoffMs ?? maxBackoffMs, retryAfterOf(e));
      opts.onError?.(job.key, e);
    } finally {
      s.running = false;
      running--;
    }
  }

  async function tick(): Promise<void> {
    if (abort.signal.aborted) return;
    const t = now();
    const resting = t - movedAt >= restMs;
    const started: Promise<void>[] = [];
    const state = store.getState();
    for (const job of planner(state)) {
      if (running >= maxConcurrent) break;
      if (job.afterRest && !resting) continue;
      const s = sched(job.key);
      if (s.running) continue;
      const unread = job.readSince !== undefined && s.readAt < job.readSince && s.failures === 0;
      if (unread) s.asked = true;
      else if (s.nextDue > t && !(s.failures === 0 && job.stale?.(state) && takeEarly(t))) continue;
      started.push(runJob(job, s));
    }
    await Promise.all(started);
  }

  function refreshNow(): void {
    for (const job of planner(store.getState())) {
      const s = sched(job.key);
      s.nextDue = 0;
      s.asked = true;
    }
    void tick();
  }

  return {
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), tickMs);
      timer.unref?.();
      // What a view asks of the poller (a pane switch, a cursor move) is the view's watch
      // (sync/view-watch.ts); the data's own: back online after an outage, everything wanted runs at once.
      let lastConnection = store.getState().activity.connection;
      unsubscribe = store.subscribe((s) => {
        const connection = s.activity.connection;
        const was = lastConnection;
        lastConnection = connection;
        if (connection === "online" && was === "offline") refreshNow();
      });
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (restTimer) clearTimeout(restTimer);
      restTimer = undefined;
      unsubscribe?.();
      abort.abort();
    },
    refreshNow,
    moved() {
      movedAt = now();
      // not a timer re-armed on every move (a held j): the one under way waits on for what is left
      movedAtMono = performance.now();
      if (restTimer) return;
      restTimer = setTimeout(rested, restMs);
      restTimer.unref?.();
    },
    refreshJob(key) {
      const s = schedules.get(key);
      if (s) s.nextDue = 0;
    },
    tick,
    failures: (key) => schedules.get(key)?.failures ?? 0,
  };
}
