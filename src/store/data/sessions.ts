/**
 * Sessions slice reducers: sessions the console triggered, newest first, at most `caps.sessions` (the
 * oldest finished ones are dropped first; running ones are kept while there is room).
 */
import {
  type CheckSession,
  type CheckSessionDetail,
  isTerminalSessionStatus,
} from "../../contract/schemas/check-sessions.ts";
import type { ConsoleState } from "../state.ts";
import type { Caps, TrackedSession } from "./types.ts";

export function sessionsStarted(
  s: ConsoleState,
  sessions: readonly CheckSession[],
  now: number,
  caps: Caps,
): Partial<ConsoleState> {
  const byId = new Map(s.sessions.byId);
  const fresh: string[] = [];
  for (const session of sessions) {
    byId.set(session.checkSessionId, {
      session,
      trackedAt: now,
      done: isTerminalSessionStatus(session.status, session.stoppedAt),
      polls: 0,
      error: undefined,
      resultErrors: new Map(),
    });
    fresh.push(session.checkSessionId);
  }
  let order = [...fresh, ...s.sessions.order.filter((id) => !fresh.includes(id))];
  while (order.length > caps.sessions) {
    // Drop the oldest finished session; if none is finished, the oldest one.
    let drop = -1;
    for (let i = order.length - 1; i >= 0; i--)
      if (byId.get(order[i]!)?.done) {
        drop = i;
        break;
      }
    if (drop < 0) drop = order.length - 1;
    byId.delete(order[drop]!);
    order = order.filter((_, i) => i !== drop);
  }
  return { sessions: { order, byId } };
}

function patch(s: ConsoleState, id: string, f: (t: TrackedSession) => TrackedSession): Partial<ConsoleState> {
  const t = s.sessions.byId.get(id);
  if (!t) return {};
  const byId = new Map(s.sessions.byId);
  byId.set(id, f(t));
  return { sessions: { order: s.sessions.order, byId } };
}

export function sessionPolled(s: ConsoleState, id: string): Partial<ConsoleState> {
  return patch(s, id, (t) => ({ ...t, polls: t.polls + 1 }));
}

export function sessionUpdated(s: ConsoleState, session: CheckSessionDetail): Partial<ConsoleState> {
  return patch(s, session.checkSessionId, (t) => ({
    ...t,
    session,
    done: isTerminalSessionStatus(session.status, session.stoppedAt),
    error: undefined,
  }));
}

export function sessionFailed(s: ConsoleState, id: string, error: string): Partial<ConsoleState> {
  return patch(s, id, (t) => ({ ...t, done: true, error }));
}

export function sessionResultError(
  s: ConsoleState,
  id: string,
  resultId: string,
  message: string,
): Partial<ConsoleState> {
  return patch(s, id, (t) => ({ ...t, resultErrors: new Map(t.resultErrors).set(resultId, message) }));
}
