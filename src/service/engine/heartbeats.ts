/**
 * The heartbeat monitor: records pings (as events with their EARLY/RECEIVED/GRACE/LATE state) and, on each
 * scheduler tick, records a FAILING event for activated heartbeat checks overdue by period + grace. Each
 * ping and each FAILING event also becomes a finished session with one FINAL result (run source
 * HEARTBEAT), so check statuses, results, availability and alerting see heartbeats like any other check.
 */

import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import { activeHeartbeatRows, heartbeatByToken, insertEvent, lastEventAt } from "../repo/heartbeat-events.ts";
import type { CheckSessionRow, ResultRow, RunStore } from "../repo/runs.ts";
import { heartbeatConfig, isOverdue, pingState } from "../runners/heartbeat.ts";
import { type CheckDef, readCheck, toCheckDef } from "./checks.ts";
import type { RunFinished } from "./execute.ts";
import { uuidv7 } from "./ids.ts";

export type PingInput = { source: string; userAgent: string };

/** What a ping did: recorded as an event, or answered without being stored (and why). */
export type PingOutcome = { event: HeartbeatEvent } | { ignored: "deactivated" | "too soon" };

/** Stored `source` and `userAgent` are cut to this many characters (unauthenticated input). */
export const PING_FIELD_MAX = 256;
/**
 * A ping this close to the check's previous stored event is answered but not stored: the shortest period
 * is 30 s, so a faster stream of pings carries no information, and an unauthenticated flood cannot grow
 * the database (repo/retention.ts also caps events per check).
 */
export const PING_MIN_SPACING_MS = 10_000;
export type HeartbeatEvent = {
  id: string;
  checkId: string;
  state: string;
  ts: number;
  source: string;
  userAgent: string;
};

export type HeartbeatMonitor = {
  /**
   * Records a ping for the check owning `token` (undefined when no heartbeat check has it). A deactivated
   * check's pings, and pings closer than PING_MIN_SPACING_MS to the last event, are not stored.
   */
  recordPing(token: string, input: PingInput): PingOutcome | undefined;
  tick(): void;
};

export function createHeartbeatMonitor(opts: {
  db: DatabaseSync;
  store: RunStore;
  now(): number;
  emit(e: RunFinished): void;
  /** Default PING_MIN_SPACING_MS. */
  pingMinSpacingMs?: number;
  /** Where a damaged check row is reported (it is skipped). */
  onError?: (err: unknown) => void;
}): HeartbeatMonitor {
  const spacing = opts.pingMinSpacingMs ?? PING_MIN_SPACING_MS;
  const { db, store, now } = opts;
  const anchor = (checkId: string): number | null => lastEventAt(db, checkId);

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
    };
    const failed = state === "FAILING";
    const location = check.locations[0] ?? "local";
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
    const result: ResultRow = {
      id: uuidv7(),
      sessionId: session.id,
      checkId: check.id,
      checkType: check.checkType,
      name: check.name,
      runLocation: location,
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
      startedAt: at,
      stoppedAt: at,
      errorMessage: failed ? "no ping received within period + grace" : null,
      metrics: {},
      pageIndex: null,
      detail: { heartbeatEvent: { id: event.id, state } },
    };
    transaction(db, () => {
      insertEvent(db, {
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
      const id = heartbeatByToken(db, token);
      if (!id) return undefined;
      const check = readCheck(db, id);
      if (!check) return undefined;
      if (!check.activated) return { ignored: "deactivated" };
      const at = now();
      const last = anchor(check.id);
      if (last !== null && at - last >= 0 && at - last < spacing) return { ignored: "too soon" };
      const state = pingState(heartbeatConfig(check.doc), last, at);
      const cut = {
        source: input.source.slice(0, PING_FIELD_MAX),
        userAgent: input.userAgent.slice(0, PING_FIELD_MAX),
      };
      return { event: record(check, state, at, cut, true) };
    },
    tick() {
      const at = now();
      for (const raw of activeHeartbeatRows(db)) {
        let check: CheckDef;
        try {
          check = toCheckDef(raw);
        } catch (err) {
          opts.onError?.(err); // a damaged row: reported, the other heartbeats still watched
          continue;
        }
        if (isOverdue(heartbeatConfig(check.doc), anchor(check.id), at)) {
          record(check, "FAILING", at, { source: "", userAgent: "" }, false);
        }
      }
    },
  };
}
