/**
 * Runs the demo around a started service: the demo target (service-runs' demo/target.ts), the workspace
 * (seeded on first start, re-pointed at the target on every start), a few days of backfilled history on
 * first start, and the heartbeat job that pings the demo heartbeat check.
 */
import type { DatabaseSync } from "node:sqlite";
import { startDemoAgent } from "./agent.ts";
import { backfillHistory } from "./backfill.ts";
import { startDemoHeartbeatJob } from "./heartbeat-job.ts";
import { startDemoTarget } from "./target.ts";
import {
  DEMO_WORKSPACE,
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
  logError: (err: unknown) => void;
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
  const agents = DEMO_WORKSPACE.privateLocations.map((l) =>
    startDemoAgent({ ...opts, slug: l.slugName, publicUrl: opts.publicUrl() }),
  );
  return {
    async stop() {
      for (const j of jobs) j.stop();
      await Promise.all(agents.map((a) => a.stop()));
      await target.close();
    },
  };
}
