/**
 * The scheduler: every tick it reads the activated checks (id, type, frequency only), starts those due
 * and lets the heartbeat monitor look for overdue heartbeats. Frequency is in minutes; 0 means sub-minute
 * with `frequencyOffset` seconds (10/20/30, default 10). A check's first due time continues from its last
 * stored session (so a restart keeps the rhythm), else comes after a small per-check jitter (≤ 10 s) that
 * spreads a fresh workspace. A check whose previous run is still going is skipped, never queued twice.
 * Missed slots are not replayed: after a long pause the next run is one interval from now. A tick walks
 * the checks only when the read of them changed or one is due (the earliest due time is kept).
 */
import type { Repo } from "../repo/store.ts";
import { runnerFor } from "../runners/registry.ts";

export type Scheduler = { tick(): void; start(): void; stop(): void };

type Entry = { due: number; intervalMs: number };

function jitter(id: string, maxMs: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return maxMs > 0 ? h % maxMs : 0;
}

export function createScheduler(opts: {
  repo: Repo;
  now(): number;
  tickMs: number;
  isRunning(checkId: string): boolean;
  start(checkIds: string[]): void;
  heartbeatTick(): void;
  onError(err: unknown): void;
}): Scheduler {
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  // the checks read by the last walk and the earliest due time it left: while the read is the same (the
  // repo remembers it until a check changes) and nothing is due yet, a tick walks nothing — at 100,000
  // checks a walk is ~60–100 ms, every second
  let walked: readonly unknown[] | undefined;
  let wakeAt = Number.NEGATIVE_INFINITY;

  function tick() {
    const now = opts.now();
    const rows = opts.repo.scheduledChecks();
    if (rows === walked && now < wakeAt) {
      opts.heartbeatTick();
      return;
    }
    walked = undefined; // set again only once this walk is whole (a throw leaves the next tick to walk)
    let wake = Number.POSITIVE_INFINITY;
    const seen = new Set<string>();
    const due: string[] = [];
    for (const r of rows) {
      if (!runnerFor(r.checkType)) continue;
      seen.add(r.id);
      const intervalMs = r.frequency > 0 ? r.frequency * 60_000 : Math.max(10, Number(r.offset) || 10) * 1000;
      let e = entries.get(r.id);
      if (!e || e.intervalMs !== intervalMs) {
        const last = opts.repo.lastSessionStart(r.id);
        e = {
          intervalMs,
          due: last !== null ? last + intervalMs : now + jitter(r.id, Math.min(intervalMs, 10_000)),
        };
        entries.set(r.id, e);
      }
      if (e.due <= now) {
        if (!opts.isRunning(r.id)) due.push(r.id);
        e.due = e.due + intervalMs > now ? e.due + intervalMs : now + intervalMs;
      }
      if (e.due < wake) wake = e.due;
    }
    for (const id of entries.keys()) if (!seen.has(id)) entries.delete(id);
    walked = rows;
    wakeAt = wake;
    if (due.length > 0) opts.start(due);
    opts.heartbeatTick();
  }

  return {
    tick() {
      try {
        tick();
      } catch (err) {
        opts.onError(err);
      }
    },
    start() {
      if (timer) return;
      timer = setInterval(() => this.tick(), opts.tickMs);
      timer.unref?.();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
