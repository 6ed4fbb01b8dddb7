/**
 * Runs the demo around a started service: the demo target (service-runs' demo/target.ts), the workspace
 * (seeded on first start, re-pointed at the target on every start), a few days of backfilled history on
 * first start, and the heartbeat job that pings the demo heartbeat check.
 */
import type { DatabaseSync } from "node:sqlite";
import { backfillHistory } from "./backfill.ts";
import { startDemoHeartbeatJob } from "./heartbeat-job.ts";
import { startDemoTarget } from "./target.ts";
import {
  demoPingedHeartbeats,
  isSeeded,
  retargetDemoChannels,
  retargetDemoChecks,
  seedDemoWorkspace,
} from "./workspace.ts";

export const BACKFILL_DAYS = 3;

export async function startDemo(opts: {
  db: DatabaseSync;
  now: () => number;
  publicUrl: () => string;
}): Promise<{ stop(): Promise<void> }> {
  const target = await startDemoTarget();
  const info = { url: target.url.replace(/\/$/, ""), tcpPort: target.tcpPort };
  try {
    const fresh = !isSeeded(opts.db);
    seedDemoWorkspace(opts.db, { now: opts.now(), target: info, service: opts.publicUrl() });
    retargetDemoChecks(opts.db, info);
    retargetDemoChannels(opts.db, opts.publicUrl());
    if (fresh) backfillHistory(opts.db, { days: BACKFILL_DAYS, now: opts.now() });
  } catch (err) {
    await target.close();
    throw err;
  }
  const jobs = demoPingedHeartbeats(opts.db).map((h) =>
    startDemoHeartbeatJob({ pingUrl: `${opts.publicUrl()}/ping/${h.pingToken}`, periodMs: h.periodMs }),
  );
  return {
    async stop() {
      for (const j of jobs) j.stop();
      await target.close();
    },
  };
}
