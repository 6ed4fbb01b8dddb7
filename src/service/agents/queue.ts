/**
 * The work queue between the run engine and private-location agents. The engine asks for one attempt of a
 * check at a private location (`run`); that becomes a job in `agent_jobs` which an agent of the location
 * leases (`lease`, a long poll), runs and answers (`complete`). Guarantees:
 * - **Run by the location's agents only.** Nothing runs such an attempt locally.
 * - **Stored once.** An attempt resolves exactly once; an answer under a lease that lapsed or was given to
 *   another agent is refused (`stale`), so a slow agent and its successor never both store a result.
 * - **A dead agent's run is redone.** A lease lapses `timeoutMs + leaseMarginMs` after it was given; the job
 *   goes back to the queue and another agent (or the same one, restarted) takes it — at most `maxHandouts`
 *   times, then the attempt ends with an error saying the agents did not finish it.
 * - **Never faked.** A job no agent takes within `queueWaitMs` ends the attempt as "cannot run": cancelled,
 *   with "no agent of private location X took the run" — no pass, no check failure (agents/monitor.ts
 *   raises its own alert when a location stays without agents).
 * Agents' contacts (heartbeats, polls) are recorded; a location's live agents are those seen in `aliveMs`.
 */

import { randomUUID } from "node:crypto";
import { errorMessage } from "../../shared/errors.ts";
import { type CheckDef, type CheckRow, toCheckDef } from "../engine/checks.ts";
import type { AgentContact, AgentLocation, JobRow, LocationHealth } from "../repo/agents.ts";
import type { Repo } from "../repo/store.ts";
import { errorOutcome, type RunOutcome } from "../runners/types.ts";

export type QueueOptions = {
  now?: () => number;
  /** How long a job may wait for an agent (default 60 s). */
  queueWaitMs?: number;
  /** A lease lasts the attempt's time limit plus this (default 15 s). */
  leaseMarginMs?: number;
  /** An agent counts as alive this long after its last contact (default 30 s). */
  aliveMs?: number;
  /** How often one attempt may be handed out (default 3). */
  maxHandouts?: number;
  /** How often lapsed leases and unclaimed jobs are looked for (default 1 s). */
  sweepMs?: number;
  /** Where a failed sweep is reported (it is tried again a second later). */
  onError?: (err: unknown) => void;
};

/**
 * The check as an agent needs it: the `checks` row (the agent rebuilds the CheckDef with toCheckDef). A
 * service of an earlier version hands it without its dates.
 */
export type JobCheck = Omit<CheckRow, "created_at" | "updated_at"> & Partial<CheckRow>;

export type LeasedJob = {
  jobId: string;
  leaseId: string;
  leaseUntil: number;
  timeoutMs: number;
  location: string;
  /** The location's proxy for the check's own HTTP requests (may embed credentials). */
  proxyUrl: string | null;
  check: JobCheck;
};

export type AgentQueue = {
  run(
    check: CheckDef,
    location: AgentLocation,
    sessionId: string,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<RunOutcome>;
  lease(
    agent: AgentContact,
    location: AgentLocation,
    max: number,
    waitMs: number,
    signal: AbortSignal,
  ): Promise<LeasedJob[]>;
  complete(jobId: string, leaseId: string, outcome: RunOutcome): "stored" | "stale";
  /** The agent gives a job back unfinished (it stops): queued again at once. */
  release(jobId: string, leaseId: string): boolean;
  contact(agent: AgentContact): void;
  bye(agentId: string, locationId: string): void;
  health(locationId: string): LocationHealth;
  readonly aliveMs: number;
  start(): void;
  stop(): void;
};

type Waiter = { resolve(o: RunOutcome): void };

export function createAgentQueue(repo: Repo, opts: QueueOptions = {}): AgentQueue {
  const now = opts.now ?? Date.now;
  const queueWaitMs = opts.queueWaitMs ?? 60_000;
  const leaseMarginMs = opts.leaseMarginMs ?? 15_000;
  const aliveMs = opts.aliveMs ?? 30_000;
  const maxHandouts = opts.maxHandouts ?? 3;
  const waiters = new Map<string, Waiter>();
  const pollers = new Map<string, Set<() => void>>(); // location id → lease polls waiting for work
  const location = new Map<string, AgentLocation>(); // job id → its location (names in messages)
  let timer: NodeJS.Timeout | undefined;

  const wake = (locationId: string) => {
    for (const w of pollers.get(locationId) ?? []) w();
  };
  const settle = (jobId: string, o: RunOutcome) => {
    const w = waiters.get(jobId);
    waiters.delete(jobId);
    location.delete(jobId);
    w?.resolve(o);
  };

  function sweep() {
    const t = now();
    for (const j of repo.lapsedJobs(t)) {
      if (j.handed >= maxHandouts) {
        if (repo.expireJob(j.id, t))
          settle(
            j.id,
            errorOutcome(
              `the agents of ${location.get(j.id)?.slug ?? "the location"} did not finish the run (handed out ${j.handed} times)`,
            ),
          );
      } else if (j.lease_id && repo.requeueJob(j.id, j.lease_id, t)) wake(j.location_id);
    }
    for (const id of repo.expireUnclaimed(t, queueWaitMs)) {
      const loc = location.get(id);
      settle(id, {
        ...errorOutcome(
          `cannot run here: no agent of private location ${loc?.slug ?? "?"} took the run within ${Math.round(queueWaitMs / 1000)} s`,
        ),
        cannotRun: true,
      });
    }
  }

  /** The job as handed out; a reason instead when its check is gone or no longer at this location. */
  function toLeased(j: JobRow, leaseId: string, until: number, loc: AgentLocation): LeasedJob | string {
    const check = repo.jobCheck(j.check_id);
    if (!check) return "the check was deleted";
    let def: CheckDef;
    try {
      def = toCheckDef(check);
    } catch (err) {
      return `the check could not be read: ${errorMessage(err)}`;
    }
    if (!def.privateLocations.includes(loc.slug))
      return `cannot run here: the check is no longer at private location ${loc.slug}`;
    return {
      jobId: j.id,
      leaseId,
      leaseUntil: until,
      timeoutMs: j.timeout_ms,
      location: loc.slug,
      proxyUrl: loc.proxyUrl,
      check,
    };
  }

  function take(loc: AgentLocation, agentId: string, max: number): LeasedJob[] {
    const out: LeasedJob[] = [];
    for (const j of repo.queuedJobs(loc.id, max)) {
      const leaseId = randomUUID();
      const until = now() + j.timeout_ms + leaseMarginMs;
      if (!repo.leaseJob(j.id, leaseId, agentId, until)) continue;
      const leased = toLeased(j, leaseId, until, loc);
      if (typeof leased !== "string") out.push(leased);
      else if (repo.expireJob(j.id, now())) settle(j.id, { ...errorOutcome(leased), cannotRun: true });
    }
    return out;
  }

  return {
    aliveMs,
    run(check, loc, sessionId, signal, timeoutMs) {
      const id = randomUUID();
      return new Promise<RunOutcome>((resolve) => {
        if (signal.aborted) return resolve(errorOutcome("run aborted"));
        waiters.set(id, { resolve });
        location.set(id, loc);
        repo.insertJob({ id, locationId: loc.id, sessionId, checkId: check.id, timeoutMs }, now());
        signal.addEventListener(
          "abort",
          () => {
            if (waiters.has(id) && repo.expireJob(id, now())) settle(id, errorOutcome("run aborted"));
          },
          { once: true },
        );
        wake(loc.id);
      });
    },

    lease(agent, loc, max, waitMs, signal) {
      // an agent that said goodbye takes no work (its poll was sent before it stopped)
      if (!repo.touchAgent(agent, now())) return Promise.resolve([]);
      const first = take(loc, agent.id, max);
      if (first.length > 0 || waitMs <= 0) return Promise.resolve(first);
      return new Promise<LeasedJob[]>((resolve) => {
        const set = pollers.get(loc.id) ?? new Set<() => void>();
        pollers.set(loc.id, set);
        const done = (jobs: LeasedJob[]) => {
          clearTimeout(t);
          set.delete(onWork);
          signal.removeEventListener("abort", onAbort);
          resolve(jobs);
        };
        const onWork = () => {
          const jobs = take(loc, agent.id, max);
          if (jobs.length > 0) done(jobs);
        };
        const onAbort = () => done([]);
        const t = setTimeout(() => done([]), waitMs);
        set.add(onWork);
        signal.addEventListener("abort", onAbort, { once: true });
      });
    },

    complete(jobId, leaseId, outcome) {
      if (!repo.completeJob(jobId, leaseId, now())) return "stale";
      settle(jobId, outcome);
      return "stored";
    },

    release(jobId, leaseId) {
      const j = repo.getJob(jobId);
      if (!j || !repo.requeueJob(jobId, leaseId, now())) return false;
      wake(j.location_id);
      return true;
    },

    contact: (agent) => {
      repo.touchAgent(agent, now());
    },
    bye: (agentId, locationId) => repo.forgetAgent(agentId, locationId, now()),
    health: (locationId) => repo.locationHealth(locationId, now(), aliveMs),

    start() {
      // a previous process's open jobs can never be answered to anyone: its sessions were closed too
      repo.expireOpenJobs(now());
      timer = setInterval(() => {
        try {
          sweep();
          repo.pruneAgents(now(), 7 * 86_400_000);
        } catch (err) {
          opts.onError?.(err);
        }
      }, opts.sweepMs ?? 1000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      for (const id of [...waiters.keys()]) {
        repo.expireJob(id, now());
        settle(id, errorOutcome("run aborted"));
      }
    },
  };
}
