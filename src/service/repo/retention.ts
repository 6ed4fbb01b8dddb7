/**
 * Retention: bounded storage for a service that runs for months. Every `intervalMs` (default 10 min, and
 * once shortly after start) it deletes, in small batches with a pause between them so requests and runs are
 * never held up by one long write:
 * - check results, finished check sessions, heartbeat events, check alerts and finished alert deliveries
 *   (with their attempts) older than `days` (default 30, hosted-like; every analytics window fits);
 * - heartbeat events beyond the newest `maxEventsPerCheck` of a check (default 10,000);
 * - files runs left in `assetsDir` (screenshots of failed browser runs) older than `days`.
 * Freed pages go back to the file system with an incremental vacuum (new databases are created with
 * auto_vacuum = INCREMENTAL; db/data-dir.ts).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { num, present, text } from "./rows.ts";
import { resultsPruned } from "./run-queries.ts";

export type RetentionOptions = {
  days?: number;
  intervalMs?: number;
  maxEventsPerCheck?: number;
  /** Rows per delete statement (default 500). */
  batch?: number;
  /** Pause between batches (default 5 ms). */
  pauseMs?: number;
  /** Files kept with results (engine.ts), removed by age with them. */
  assetsDir?: string;
};

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

function removeOldFiles(dir: string, cutoff: number): number {
  let n = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      if (statSync(file).mtimeMs < cutoff) {
        rmSync(file, { force: true });
        n++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

export type Retention = {
  start(): void;
  stop(): Promise<void>;
  /** One full sweep now; resolves with the rows deleted per table. */
  sweep(): Promise<Record<string, number>>;
};

export function createRetention(
  db: DatabaseSync,
  now: () => number,
  opts: RetentionOptions = {},
  logError: (err: unknown) => void = () => {},
): Retention {
  const days = opts.days ?? DEFAULT_RETENTION_DAYS;
  const batch = opts.batch ?? 500;
  const pauseMs = opts.pauseMs ?? 5;
  const cap = opts.maxEventsPerCheck ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<Record<string, number>> | undefined;
  let stopped = false;

  /** Old rows per table: `key < cutoff` (and `extra`), a batch at a time. */
  const aged: { table: string; key: string; extra?: string }[] = [
    { table: "check_results", key: "started_at" },
    { table: "check_sessions", key: "started_at", extra: "stopped_at IS NOT NULL" },
    { table: "heartbeat_events", key: "ts" },
    { table: "check_alerts", key: "created_at" },
    { table: "alert_deliveries", key: "created_at", extra: "status NOT IN ('PENDING', 'SENDING')" },
    { table: "agent_jobs", key: "created_at", extra: "status IN ('DONE', 'EXPIRED')" },
  ];
  const statements = aged.map((a) => {
    const stmt = db.prepare(
      `DELETE FROM ${a.table} WHERE rowid IN (SELECT rowid FROM ${a.table} WHERE ${a.key} < ?${a.extra ? ` AND ${a.extra}` : ""} LIMIT ${batch})`,
    );
    if (a.table !== "check_results") return { table: a.table, stmt };
    // the statuses remembered from the deleted results are dropped (run-queries.ts)
    const pruning = {
      run(...args: (string | number)[]) {
        const out = stmt.run(...args);
        if (Number(out.changes) > 0) resultsPruned(db);
        return out;
      },
    };
    return { table: a.table, stmt: pruning };
  });
  const busyHeartbeats = db.prepare(
    "SELECT check_id FROM heartbeat_events GROUP BY check_id HAVING COUNT(*) > ?",
  );
  const overCap = db.prepare(
    `DELETE FROM heartbeat_events WHERE rowid IN (
       SELECT rowid FROM heartbeat_events WHERE check_id = ? ORDER BY ts DESC LIMIT ${batch} OFFSET ?)`,
  );

  async function drain(
    stmt: { run(...a: (string | number)[]): { changes: number | bigint } },
    ...args: (string | number)[]
  ) {
    let n = 0;
    while (!stopped) {
      const changes = Number(stmt.run(...args).changes);
      n += changes;
      if (changes < batch) break;
      await sleep(pauseMs);
    }
    return n;
  }

  async function sweepOnce(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    const cutoff = now() - days * DAY_MS;
    for (const { table, stmt } of statements) out[table] = await drain(stmt, cutoff);
    let capped = 0;
    for (const r of busyHeartbeats.all(cap)) capped += await drain(overCap, text(r, "check_id"), cap);
    out.heartbeat_events = (out.heartbeat_events ?? 0) + capped;
    out.assets = opts.assetsDir ? removeOldFiles(opts.assetsDir, cutoff) : 0;
    // give freed pages back to the file system, a few hundred at a time (only with incremental auto_vacuum,
    // which databases created by db/data-dir.ts have; older ones reuse their free pages instead)
    const mode = num(present(db.prepare("PRAGMA auto_vacuum").get(), "PRAGMA auto_vacuum"), "auto_vacuum");
    const free = db.prepare("PRAGMA freelist_count");
    const freePages = () => num(present(free.get(), "PRAGMA freelist_count"), "freelist_count");
    for (let left = freePages(); mode === 2 && left > 0 && !stopped; ) {
      db.exec("PRAGMA incremental_vacuum(500)");
      const now = freePages();
      if (now >= left) break; // nothing more to give back
      left = now;
      await sleep(pauseMs);
    }
    return out;
  }

  /** One sweep at a time: a sweep asked for while one runs gets that one. */
  function sweep(): Promise<Record<string, number>> {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    sweep().catch(logError);
  };

  return {
    start() {
      if (timer) return;
      stopped = false;
      first = setTimeout(tick, 30_000);
      first.unref();
      timer = setInterval(tick, opts.intervalMs ?? 600_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    sweep,
  };
}
