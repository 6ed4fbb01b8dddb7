/**
 * A private-location agent (`vigil agent`): leases its location's runs from the service (a long poll),
 * runs each with the service's own runners (runAttempt, src/service/runners/registry.ts — one code path),
 * and posts the outcome back under the lease. Up to `concurrency` runs at once; a heartbeat every
 * `heartbeatMs` keeps the agent counted as alive while runs are long.
 *
 * - The check's URL/API requests go through `proxy` when given, else through the location's `proxyUrl`.
 * - The service unreachable: the agent keeps trying (1 s doubling to 30 s) and says so once per outage.
 * - The key refused (401: revoked or unknown): the agent stops with AgentKeyError; it never prints the key.
 * - Stopping (`signal`): the lease poll ends, runs in progress are aborted and their jobs handed back
 *   (release: queued again at once for another agent), then `bye` so the agent stops counting as alive.
 * - A result refused as stale (the lease lapsed and the run went to another agent) is dropped and logged:
 *   the service stores each run once.
 */
import { randomUUID } from "node:crypto";
import { toCheckDef } from "../service/engine/checks.ts";
import { runAttempt } from "../service/runners/registry.ts";
import { errorOutcome, type RunOutcome } from "../service/runners/types.ts";
import { errorMessage } from "../shared/errors.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import { pause } from "../shared/sleep.ts";
import { type AgentClient, type AgentInfo, AgentKeyError, type Job } from "./protocol.ts";

export type AgentOptions = {
  client: AgentClient;
  concurrency: number;
  /** Overrides the location's proxyUrl for the checks' own requests. */
  proxy?: string | undefined;
  /** The proxy the agent reaches the service through, as shown (no credentials; protocol.ts). */
  serviceProxy?: string | undefined;
  version: string;
  hostname: string;
  /** One line per event (start, run, outage, stop); nothing secret is ever passed here. */
  log(line: string): void;
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Longest wait of one lease poll, in seconds (the service caps it at 25). */
  pollSeconds?: number;
};

function verdictOf(o: RunOutcome): string {
  if (o.cannotRun) return "CANNOT RUN";
  if (o.hasErrors) return "ERROR";
  return o.hasFailures ? "FAIL" : "PASS";
}

/** Runs until `signal` aborts (resolves) or the key is refused (rejects with AgentKeyError). */
export async function runAgent(opts: AgentOptions): Promise<void> {
  const agentId = `${opts.hostname || "agent"}-${randomUUID().slice(0, 8)}`;
  const running = new Map<string, { job: Job; abort: AbortController }>();
  const stop = new AbortController(); // the agent's own stop: the caller's signal or a refused key
  let fatal: unknown;
  const onStop = () => stop.abort();
  opts.signal.addEventListener("abort", onStop, { once: true });
  if (opts.signal.aborted) stop.abort();
  const info = (): AgentInfo => ({
    agentId,
    version: opts.version,
    hostname: opts.hostname,
    concurrency: opts.concurrency,
    running: running.size,
  });
  const fail = (err: unknown) => {
    if (err instanceof AgentKeyError && !fatal) {
      fatal = err;
      stop.abort();
    }
  };

  let outage = false;
  const reachable = (ok: boolean, why?: string) => {
    if (ok && outage) opts.log("service reachable again");
    if (!ok && !outage) opts.log(`service unreachable (${why}); retrying`);
    outage = !ok;
  };

  // first contact: which location this key is for
  for (let wait = 1000; !stop.signal.aborted; wait = Math.min(wait * 2, 30_000)) {
    try {
      const hello = await opts.client.heartbeat(info());
      reachable(true);
      opts.log(
        `agent ${agentId} for private location ${sanitizeLine(hello.location.slug)} (${sanitizeLine(hello.location.name)}), concurrency ${opts.concurrency}${opts.proxy ? ", checks through the given proxy" : ""}${opts.serviceProxy ? `, service reached through ${opts.serviceProxy}` : ""}`,
      );
      break;
    } catch (err) {
      fail(err);
      if (fatal) break;
      reachable(false, errorMessage(err));
      await pause(wait, stop.signal);
    }
  }

  const beat = setInterval(() => {
    opts.client.heartbeat(info()).then(
      () => reachable(true),
      (err) => {
        fail(err);
        if (!fatal) reachable(false, errorMessage(err));
      },
    );
  }, opts.heartbeatMs ?? 10_000);

  let slotFreed: () => void = () => {};
  async function execute(job: Job, abort: AbortController) {
    const proxyUrl = opts.proxy ?? job.proxyUrl;
    let outcome: RunOutcome;
    try {
      outcome = await runAttempt({
        // a service of an earlier version hands the row without its dates, which a run does not read
        check: toCheckDef({ created_at: "", updated_at: "", ...job.check }),
        location: job.location,
        signal: abort.signal,
        timeoutMs: job.timeoutMs,
        ...(proxyUrl ? { proxyUrl } : {}),
      });
    } catch (err) {
      outcome = errorOutcome(`the check could not be read: ${errorMessage(err)}`);
    }
    const name = sanitizeLine(job.check.name);
    if (abort.signal.aborted) {
      await opts.client.release(job.jobId, job.leaseId).catch(fail);
      opts.log(`handed back  ${name} (stopping)`);
      return;
    }
    for (let n = 1; ; n++) {
      try {
        const stored = await opts.client.result(job.jobId, job.leaseId, outcome);
        const ms = outcome.responseTime === null ? "" : `  ${Math.round(outcome.responseTime)} ms`;
        opts.log(
          stored === "stored"
            ? `${verdictOf(outcome).padEnd(10)}  ${name}${ms}`
            : `dropped  ${name}: the lease lapsed and the run went to another agent`,
        );
        return;
      } catch (err) {
        fail(err);
        if (fatal || n >= 5 || stop.signal.aborted) {
          opts.log(`lost  ${name}: the result could not be sent (${errorMessage(err)})`);
          return;
        }
        await pause(1000 * n, stop.signal);
      }
    }
  }

  try {
    for (let wait = 1000; !stop.signal.aborted; ) {
      if (running.size >= opts.concurrency) {
        await new Promise<void>((resolve) => {
          slotFreed = resolve;
          stop.signal.addEventListener("abort", () => resolve(), { once: true });
        });
        continue;
      }
      let jobs: Job[];
      try {
        jobs = await opts.client.lease(
          info(),
          opts.concurrency - running.size,
          opts.pollSeconds ?? 20,
          stop.signal,
        );
        reachable(true);
        wait = 1000;
      } catch (err) {
        if (stop.signal.aborted) break;
        fail(err);
        if (fatal) break;
        reachable(false, errorMessage(err));
        await pause(wait, stop.signal);
        wait = Math.min(wait * 2, 30_000);
        continue;
      }
      for (const job of jobs) {
        const abort = new AbortController();
        running.set(job.jobId, { job, abort });
        void execute(job, abort).finally(() => {
          running.delete(job.jobId);
          slotFreed();
        });
      }
    }
  } finally {
    clearInterval(beat);
    opts.signal.removeEventListener("abort", onStop);
    const left = [...running.values()];
    for (const r of left) r.abort.abort();
    // each aborted run hands its job back (execute), then the agent says goodbye
    while (running.size > 0) await new Promise<void>((resolve) => setTimeout(resolve, 20));
    if (!fatal)
      await opts.client.bye(agentId).catch((err) => opts.log(`goodbye not delivered: ${errorMessage(err)}`));
    opts.log(fatal ? "stopped: the service refused the location key" : "stopped");
  }
  if (fatal) throw fatal;
}
