/**
 * Runs the demo around a started service: the demo target (demo/target.ts) on the ports the data dir keeps
 * (new ones only when those are taken), the workspace (seeded on first start; afterwards only the rows the
 * demo still owns are brought to the target's address — never a row the user changed, demo/ownership.ts),
 * a few days of backfilled history on first start, and the heartbeat job that pings the demo heartbeat check.
 */
import type { Repo } from "../repo/store.ts";
import { startDemoAgent } from "./agent.ts";
import { backfillHistory } from "./backfill.ts";
import { startDemoHeartbeatJob } from "./heartbeat-job.ts";
import { reconcileDemoRows, storedTarget } from "./ownership.ts";
import { startDemoTarget } from "./target.ts";
import { DEMO_WORKSPACE, demoPingedHeartbeats, isSeeded, seedDemoWorkspace } from "./workspace.ts";

export const BACKFILL_DAYS = 3;

/** How long after the start the demo's heartbeat jobs and agents begin (ms). */
export const DEMO_FOLLOW_MS = 2000;

export async function startDemo(opts: {
  repo: Repo;
  now: () => number;
  publicUrl: () => string;
  logError: (err: unknown) => void;
  /** When the heartbeat jobs and agents begin, after the start (ms; default DEMO_FOLLOW_MS). */
  followMs?: number;
}): Promise<{ stopAgents(): Promise<void>; stop(): Promise<void> }> {
  const previous = storedTarget(opts.repo);
  const target = await startDemoTarget({
    port: previous ? Number(new URL(previous.url).port) : undefined,
    tcpPort: previous?.tcpPort,
    serviceUrl: opts.publicUrl,
  });
  const info = { url: target.url.replace(/\/$/, ""), tcpPort: target.tcpPort };
  try {
    const fresh = !isSeeded(opts.repo);
    if (fresh) {
      seedDemoWorkspace(opts.repo, { now: opts.now(), target: info });
      backfillHistory(opts.repo, { days: BACKFILL_DAYS, now: opts.now() });
    } else {
      const r = opts.repo.transaction(() =>
        reconcileDemoRows(opts.repo, { previous, current: info, now: opts.now() }),
      );
      if (r.leftAlone.length > 0)
        opts.logError(
          `demo: the demo target moved to ${info.url} (its port was taken); left as you changed them, still pointing at the old address: ${r.leftAlone.join(", ")}`,
        );
    }
  } catch (err) {
    await target.close();
    throw err;
  }
  // The demo's heartbeat jobs and private-location agents start a moment after this start-up is over —
  // after the service has written service.json and said it listens — so a client waiting for the service
  // (a console started cold) has its first reads answered before two agent processes are spawned (each a
  // Node start on a core the console also needs) and the first ping loads the HTTP client.
  let jobs: { stop(): void }[] = [];
  let agents: { stop(): Promise<void> }[] = [];
  let stopped = false;
  const later = setTimeout(() => {
    if (stopped) return;
    jobs = demoPingedHeartbeats(opts.repo).map((h) =>
      startDemoHeartbeatJob({ pingUrl: `${opts.publicUrl()}/ping/${h.pingToken}`, periodMs: h.periodMs }),
    );
    agents = DEMO_WORKSPACE.privateLocations.map((l) =>
      startDemoAgent({ ...opts, slug: l.slugName, publicUrl: opts.publicUrl() }),
    );
  }, opts.followMs ?? DEMO_FOLLOW_MS);
  // stopAgents comes first at a stop, while the service still takes requests: a stopped agent says goodbye
  // (marked gone), where one stopped after the server closed would still count as alive for 30 s — and a
  // quick restart would show the demo location with an agent that is not running
  const stopAgents = async () => {
    stopped = true;
    clearTimeout(later);
    for (const j of jobs) j.stop();
    await Promise.all(agents.map((a) => a.stop()));
  };
  return {
    stopAgents,
    async stop() {
      await stopAgents();
      await target.close();
    },
  };
}
