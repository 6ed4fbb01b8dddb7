/**
 * The heartbeat monitor: records pings (as events with their EARLY/RECEIVED/GRACE/LATE state) and, on each
 * scheduler tick, records a FAILING event for activated heartbeat checks overdue by period + grace. Each
 * stored ping and each FAILING event also becomes a finished session with one FINAL result (run source
 * HEARTBEAT), so check statuses, results, availability and alerting see heartbeats like any other check.
 *
 * Every ping to an activated check is applied, whatever the spacing: it restarts the check's timer and a
 * ping after a FAILING event recovers the check (that ping is LATE: it ends an overdue period). Storage
 * stays bounded without dropping pings:
 * - a ping within PING_COALESCE_MS of the check's newest event, when that event is a ping, is folded into
 *   it (its count grows, its newest time moves on; no new row, session or result), so one check adds at
 *   most one event a second;
 * - beyond PING_RATE_PER_SECOND pings a second per check (after a burst of PING_BURST) a ping is refused
 *   (the route answers 429 with Retry-After): it had no effect, and is not answered as if it had;
 * - repo/retention.ts caps the events kept per check.
 */

import type { CheckSessionRow, ResultRow, RunStore } from "../repo/runs.ts";
import type { Repo } from "../repo/store.ts";
import { heartbeatConfig, isOverdue, type PingState, pingState } from "../runners/heartbeat.ts";
import type { CheckDef } from "./checks.ts";
import type { RunFinished } from "./execute.ts";
import { uuidv7 } from "./ids.ts";

export type PingInput = { source: string; userAgent: string };

/**
 * What a ping did: stored as a new event, folded into the newest one (`coalesced`), or not applied — the
 * check is deactivated, or its pings come faster than the flood rate (try again after `retryAfterMs`).
 */
export type PingOutcome =
  | { event: HeartbeatEvent; coalesced: boolean }
  | { ignored: "deactivated" }
  | { limited: { retryAfterMs: number } };

/** Stored `source` and `userAgent` are cut to this many characters (unauthenticated input). */
export const PING_FIELD_MAX = 256;
/** Pings this close after a stored ping (ms) are folded into it. */
export const PING_COALESCE_MS = 1000;
/** The flood rate: pings a second a check takes on average, and in one burst (README: the ping endpoint). */
export const PING_RATE_PER_SECOND = 10;
export const PING_BURST = 100;

export type PingLimits = {
  /** Default PING_COALESCE_MS; 0 stores every ping as its own event. */
  coalesceMs?: number;
  /** Default PING_RATE_PER_SECOND. */
  ratePerSecond?: number;
  /** Default PING_BURST. */
  burst?: number;
};

export type HeartbeatEvent = {
  id: string;
  checkId: string;
  state: string;
  ts: number;
  source: string;
  userAgent: string;
  /** How many pings the event stands for (0 for FAILING). */
  pings: number;
};

export type HeartbeatMonitor = {
  /**
   * Applies a ping for the check owning `token` (undefined when no heartbeat check has it): stored, folded
   * into the newest ping event, or refused (deactivated check, flood).
   */
  recordPing(token: string, input: PingInput): PingOutcome | undefined;
  tick(): void;
};

/**
 * A token bucket per check: `burst` pings at once, refilled at `perSecond`. Only known checks get a bucket,
 * and full ones are dropped when many are held, so the map stays bounded by the heartbeat checks.
 */
function floodGate(perSecond: number, burst: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (b: { tokens: number; at: number }, now: number) => {
    b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * perSecond);
    b.at = now;
  };
  return {
    /** 0 when the ping may pass (and takes its token), else the ms until it could. */
    take(key: string, now: number): number {
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= 10_000)
          for (const [k, v] of buckets) {
            refill(v, now);
            if (v.tokens >= burst) buckets.delete(k);
          }
        b = { tokens: burst, at: now };
        buckets.set(key, b);
      }
      refill(b, now);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil(((1 - b.tokens) / perSecond) * 1000));
    },
  };
}

/**
 * The FINAL result a heartbeat event stores beside it (a ping, or the miss that makes it FAILING): the
 * check's status, last run and "since" are read from results, as for any check. The demo's history
 * (demo/backfill.ts) stores the same for each ping it makes up.
 */
export function heartbeatResult(
  check: CheckDef,
  e: { eventId: string; state: string; at: number; sessionId: string | null },
): ResultRow {
  const failed = e.state === "FAILING";
  return {
    id: uuidv7(),
    sessionId: e.sessionId,
    checkId: check.id,
    checkType: check.checkType,
    name: check.name,
    runLocation: check.runLocations[0] ?? "local",
    resultType: "FINAL",
    hasFailures: failed,
    hasErrors: false,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: false,
    responseTime: 0,
    statusCode: null,
    attempts: 1,
    retries: 0,
    startedAt: e.at,
    stoppedAt: e.at,
    errorMessage: failed ? "no ping received within period + grace" : null,
    metrics: {},
    pageIndex: null,
    detail: { heartbeatEvent: { id: e.eventId, state: e.state } },
  };
}

export function createHeartbeatMonitor(opts: {
  repo: Repo;
  store: RunStore;
  now(): number;
  emit(e: RunFinished): void;
  ping?: PingLimits;
  /** Where a damaged check row is reported (it is skipped). */
  onError?: (err: unknown) => void;
}): HeartbeatMonitor {
  const coalesceMs = opts.ping?.coalesceMs ?? PING_COALESCE_MS;
  const gate = floodGate(opts.ping?.ratePerSecond ?? PING_RATE_PER_SECOND, opts.ping?.burst ?? PING_BURST);
  const { repo, store, now } = opts;
  const anchor = (checkId: string): number | null => repo.latestEvent(checkId)?.lastAt ?? null;

  function record(
    check: CheckDef,
    state: string,
    at: number,
    input: PingInput,
    isPing: boolean,
  ): HeartbeatEvent {
    const event: HeartbeatEvent = {
      id: uuidv7(),
      checkId: check.id,
      state,
      ts: at,
      source: input.source,
      userAgent: input.userAgent,
      pings: isPing ? 1 : 0,
    };
    const failed = state === "FAILING";
    const location = check.runLocations[0] ?? "local";
    const session: CheckSessionRow = {
      id: uuidv7(),
      checkId: check.id,
      checkType: check.checkType,
      name: check.name,
      status: failed ? "FAILED" : "PASSED",
      runSource: "HEARTBEAT",
      runLocations: [location],
      startedAt: at,
      stoppedAt: at,
    };
    const result = heartbeatResult(check, { eventId: event.id, state, at, sessionId: session.id });
    repo.transaction(() => {
      repo.insertEvent({
        id: event.id,
        checkId: check.id,
        state,
        ts: at,
        source: input.source,
        userAgent: input.userAgent,
        isPing,
      });
      store.insertSession(session);
      store.insertResult(result);
    });
    if (check.activated) opts.emit({ check, session, result });
    return event;
  }

  return {
    recordPing(token, input) {
      const id = repo.heartbeatByToken(token);
      if (!id) return undefined;
      const check = repo.getCheck(id);
      if (!check) return undefined;
      if (!check.activated) return { ignored: "deactivated" };
      const at = now();
      const wait = gate.take(check.id, at);
      if (wait > 0) return { limited: { retryAfterMs: wait } };
      const last = repo.latestEvent(check.id);
      if (last?.isPing && at >= last.ts && at - last.ts < coalesceMs) {
        const pings = repo.foldPing(last.id, at);
        return {
          event: {
            id: last.id,
            checkId: check.id,
            state: last.state,
            ts: last.ts,
            source: "",
            userAgent: "",
            pings,
          },
          coalesced: true,
        };
      }
      // the first ping after a FAILING event ends an overdue period: late against the last real ping,
      // never "early" against the FAILING event that restarted the timer
      const state: PingState =
        last === undefined
          ? "RECEIVED"
          : last.state === "FAILING"
            ? "LATE"
            : pingState(heartbeatConfig(check.doc), last.lastAt, at);
      const cut = {
        source: input.source.slice(0, PING_FIELD_MAX),
        userAgent: input.userAgent.slice(0, PING_FIELD_MAX),
      };
      return { event: record(check, state, at, cut, true), coalesced: false };
    },
    tick() {
      const at = now();
      // a damaged row is reported, the other heartbeats still watched
      for (const check of repo.activeHeartbeats((err) => opts.onError?.(err))) {
        if (isOverdue(heartbeatConfig(check.doc), anchor(check.id), at)) {
          record(check, "FAILING", at, { source: "", userAgent: "" }, false);
        }
      }
    },
  };
}
