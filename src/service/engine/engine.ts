/**
 * The run engine of the embedded service: triggered and scheduled check sessions — executed here and
 * labelled per configured public location, or at a private location by that location's agents only
 * (agents/queue.ts) — (runParallel → one run per location, otherwise one location per run, rotating), the
 * heartbeat monitor, the completion waiters and the run-finished events (for alerting).
 */

import {
  closeSync,
  constants as fsc,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { type AgentQueue, createAgentQueue, type QueueOptions } from "../agents/queue.ts";
import { type CheckSessionRow, type ResultRow, type RunStore, TERMINAL } from "../repo/runs.ts";
import type { Repo } from "../repo/store.ts";
import { runnerFor } from "../runners/registry.ts";
import { errorOutcome } from "../runners/types.ts";
import type { CheckDef } from "./checks.ts";
import { executeSession, type RunFinished } from "./execute.ts";
import { createHeartbeatMonitor, type PingInput, type PingLimits, type PingOutcome } from "./heartbeats.ts";
import { uuidv7 } from "./ids.ts";
import { createScheduler } from "./scheduler.ts";
import { createSemaphore } from "./semaphore.ts";
import { createWaiters } from "./waiters.ts";

export type { CheckSessionRow, ResultRow, RunFinished };

export type EngineOptions = {
  repo: Repo;
  publicUrl: () => string;
  now?: () => number;
  /** Scheduler tick (default 1000 ms). */
  schedulerTickMs?: number;
  /** Run the scheduler at all (default true); tests switch it off and trigger by hand. */
  scheduler?: boolean;
  /** Concurrent attempts across all sessions (default 64). */
  concurrency?: number;
  /** Upper bound for one attempt in ms (default 30 s). */
  runTimeoutMs?: number;
  /** Milliseconds per retry backoff second (default 1000; tests shrink it). */
  backoffUnitMs?: number;
  /** Whole-session deadline in ms (default 10 min, the hosted maximum retry duration + a run). */
  sessionTimeoutMs?: number;
  /** Called with errors the engine could not attach to a session. */
  onError?: (err: unknown) => void;
  /** How close pings are folded into one event, and the flood rate (heartbeats.ts). */
  ping?: PingLimits;
  /** Where files runs produce are kept (screenshots of failed browser runs); none kept when unset. */
  assetsDir?: string;
  /** The agent queue's timing (tests shorten leases and waits). */
  agents?: Omit<QueueOptions, "now" | "onError">;
};

export interface Engine {
  start(): void;
  /**
   * Stops scheduling and taking triggers, lets running sessions finish for up to `graceMs` (default 0),
   * then aborts the rest: those end CANCELLED, their results recorded with `aborted` and "run aborted".
   */
  stop(graceMs?: number): Promise<void>;
  /** Creates one STARTED session per runnable check (unknown and HEARTBEAT ids are skipped) and runs them. */
  trigger(checkIds: string[], runSource: string): CheckSessionRow[];
  onRunFinished(listener: (e: RunFinished) => void): () => void;
  getSession(id: string): CheckSessionRow | undefined;
  sessionResults(id: string): ResultRow[];
  /** Resolves with the session once terminal, or as it is when `maxWaitMs` runs out. */
  waitForSession(id: string, maxWaitMs: number, signal?: AbortSignal): Promise<CheckSessionRow | undefined>;
  /** Records a heartbeat ping (see heartbeats.ts); undefined when the token belongs to no heartbeat check. */
  recordPing(token: string, input: PingInput): PingOutcome | undefined;
  /** Evaluates overdue heartbeats now (the scheduler does this every tick). */
  heartbeatTick(): void;
  /** Resolves when every running session has finished (tests, benchmarks). */
  idle(): Promise<void>;
  /** True from stop() on: no session is started any more. */
  readonly stopping: boolean;
  readonly store: RunStore;
  /** The queue private-location agents take their runs from. */
  readonly agents: AgentQueue;
  /**
   * The bytes of a file a run of `resultId` left (`assets/<resultId>-<name>`, as the result names it);
   * undefined when none is kept, the name is not one of that result's files, or the file is gone.
   */
  readAsset(ref: string, resultId: string): Buffer | undefined;
}

/** Writes a run's file as `<assetsDir>/<resultId>-<name>` (0600); the result keeps `assets/<file>`. */
function assetSaver(dir: string, onError: (err: unknown) => void) {
  return (resultId: string, name: string, bytes: Uint8Array): string | undefined => {
    const file = `${resultId}-${name.replace(/[^\w.-]/g, "_")}`;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(dir, file), bytes, { mode: 0o600 });
      return `assets/${file}`;
    } catch (err) {
      onError(err);
      return undefined;
    }
  };
}

/** The largest asset read back (a screenshot is far smaller; an agent's result is bounded at 8 MiB). */
export const MAX_ASSET_BYTES = 8 * 1024 * 1024;

/**
 * Reads back what assetSaver wrote: `ref` must be `assets/<resultId>-<name>` (one plain file name, no
 * directory, no dot file), a regular file (not a link) in `dir`, at most MAX_ASSET_BYTES; else undefined.
 */
export function readAsset(dir: string, ref: string, resultId: string): Buffer | undefined {
  const m = /^assets\/([\w.-]{1,200})$/.exec(ref);
  const file = m?.[1];
  if (!file || file.startsWith(".") || !file.startsWith(`${resultId}-`)) return undefined;
  let fd: number;
  try {
    fd = openSync(join(dir, file), fsc.O_RDONLY | fsc.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_ASSET_BYTES) return undefined;
    const buf = Buffer.alloc(st.size);
    let at = 0;
    while (at < buf.length) {
      const n = readSync(fd, buf, at, buf.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

export function createEngine(opts: EngineOptions): Engine {
  const now = opts.now ?? Date.now;
  const onError = opts.onError ?? ((err: unknown) => console.error("vigil engine:", err));
  const store = opts.repo.runs;
  const waiters = createWaiters();
  const listeners = new Set<(e: RunFinished) => void>();
  const running = new Map<string, Promise<unknown>>(); // session id → execution
  const runningChecks = new Map<string, number>(); // check id → running sessions
  const rotation = new Map<string, number>();
  const semaphore = createSemaphore(opts.concurrency ?? 64);
  let stopController = new AbortController();
  let stopping = false;

  const emit = (e: RunFinished) => {
    for (const l of listeners) {
      try {
        l(e);
      } catch (err) {
        onError(err);
      }
    }
  };

  const agents = createAgentQueue(opts.repo, { ...opts.agents, now, onError });
  /** A private location of the check: its agents run the attempt (a slug that names none: cannot run). */
  const runElsewhere = (
    check: CheckDef,
    location: string,
    sessionId: string,
    signal: AbortSignal,
    timeoutMs: number,
  ) => {
    if (!check.privateLocations.includes(location)) return undefined;
    const loc = opts.repo.locationBySlug(location);
    if (!loc)
      return Promise.resolve({
        ...errorOutcome(`cannot run here: no private location ${location}`),
        cannotRun: true,
      });
    return agents.run(check, loc, sessionId, signal, timeoutMs);
  };

  const heartbeats = createHeartbeatMonitor({
    repo: opts.repo,
    store,
    now,
    emit,
    onError,
    ...(opts.ping ? { ping: opts.ping } : {}),
  });

  // Sessions a previous process left running can never finish: close them.
  for (const id of store.unfinishedSessionIds())
    store.finishSession(id, "TIMED_OUT", now(), store.getSession(id)?.runLocations ?? []);

  function pickLocations(check: CheckDef): string[] {
    if (check.runParallel) return check.runLocations;
    const n = rotation.get(check.id) ?? Math.floor(Math.random() * check.runLocations.length);
    rotation.set(check.id, (n + 1) % check.runLocations.length);
    return [check.runLocations[n % check.runLocations.length]!];
  }

  function launch(check: CheckDef, session: CheckSessionRow) {
    runningChecks.set(check.id, (runningChecks.get(check.id) ?? 0) + 1);
    const p = executeSession(check, session, {
      store,
      semaphore,
      now,
      runTimeoutMs: opts.runTimeoutMs ?? 30_000,
      backoffUnitMs: opts.backoffUnitMs ?? 1000,
      sessionTimeoutMs: opts.sessionTimeoutMs ?? 660_000,
      stopSignal: stopController.signal,
      emit,
      runElsewhere,
      ...(opts.assetsDir ? { saveAsset: assetSaver(opts.assetsDir, onError) } : {}),
    })
      .catch((err) => {
        onError(err);
        try {
          store.finishSession(session.id, "FAILED", now(), session.runLocations);
        } catch (e) {
          onError(e);
        }
      })
      .finally(() => {
        running.delete(session.id);
        const left = (runningChecks.get(check.id) ?? 1) - 1;
        if (left <= 0) runningChecks.delete(check.id);
        else runningChecks.set(check.id, left);
        waiters.notify(session.id);
      });
    running.set(session.id, p);
  }

  function trigger(checkIds: string[], runSource: string): CheckSessionRow[] {
    if (stopping) return []; // a session started now could not finish
    const created: [CheckDef, CheckSessionRow][] = [];
    const startedAt = now();
    opts.repo.transaction(() => {
      for (const id of new Set(checkIds)) {
        let check: CheckDef | undefined;
        try {
          check = opts.repo.getCheck(id);
        } catch (err) {
          onError(err); // a damaged row: reported and skipped, the other checks still start
          continue;
        }
        if (!check || !runnerFor(check.checkType)) continue;
        const session: CheckSessionRow = {
          id: uuidv7(),
          checkId: check.id,
          checkType: check.checkType,
          name: check.name,
          status: "STARTED",
          runSource,
          runLocations: pickLocations(check),
          startedAt,
          stoppedAt: null,
        };
        store.insertSession(session);
        created.push([check, session]);
      }
    });
    for (const [check, session] of created) launch(check, session);
    return created.map(([, s]) => s);
  }

  const scheduler = createScheduler({
    repo: opts.repo,
    now,
    tickMs: opts.schedulerTickMs ?? 1000,
    isRunning: (id) => runningChecks.has(id),
    start: (ids) => void trigger(ids, "SCHEDULER"),
    heartbeatTick: () => heartbeats.tick(),
    onError,
  });

  return {
    store,
    agents,
    readAsset: (ref, resultId) => (opts.assetsDir ? readAsset(opts.assetsDir, ref, resultId) : undefined),
    get stopping() {
      return stopping;
    },
    start() {
      if (stopController.signal.aborted) stopController = new AbortController();
      stopping = false;
      agents.start();
      if (opts.scheduler !== false) scheduler.start();
    },
    async stop(graceMs = 0) {
      stopping = true;
      scheduler.stop();
      if (graceMs > 0 && running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running.values()]),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      stopController.abort();
      agents.stop();
      await Promise.allSettled([...running.values()]);
    },
    trigger,
    onRunFinished(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession: (id) => store.getSession(id),
    sessionResults: (id) => store.sessionResults(id),
    async waitForSession(id, maxWaitMs, signal) {
      const s = store.getSession(id);
      if (!s || TERMINAL.has(s.status) || !running.has(id)) return s;
      await waiters.wait(id, maxWaitMs, signal);
      return store.getSession(id);
    },
    recordPing: (token, input) => heartbeats.recordPing(token, input),
    heartbeatTick: () => heartbeats.tick(),
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
