/**
 * Reducers of a check's history (types.ts): pages of results merged as they arrive, full results and
 * alerts kept capped; and one viewer's drill-down — opening a check's results or one result, going back.
 * Pure: each takes the state and returns the patch to set.
 */

import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import type { CheckAlert } from "../../contract/schemas/check-alerts.ts";
import type { CheckResult } from "../../contract/schemas/check-results.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import { putCapped } from "../data/slices.ts";
import { type ResultSummary, toResultSummary } from "../data/summary.ts";
import type { ConsoleState } from "../state.ts";
import { runAt } from "../triage/timeline.ts";
import { type CheckAlerts, HISTORY_CAPS, type ResultPages } from "./types.ts";

type Patch = Partial<ConsoleState>;

const newestFirst = (a: ResultSummary, b: ResultSummary) => (runAt(b) || 0) - (runAt(a) || 0);

/**
 * A page of a check's results arrived. The first page (`more` false) goes on top of what is held: results
 * already held keep their place, and when the page shares no result with them (more arrived than a page
 * holds) it replaces them — a gap is never shown as a continuous history. A next page (`more`) is added
 * at the end. At most HISTORY_CAPS.perCheck are kept (then no further page is offered).
 */
export function resultPageLoaded(
  s: ConsoleState,
  checkId: string,
  page: { entries: readonly CheckResult[]; nextId?: string | null | undefined },
  more: boolean,
  now: number,
  /** The check status's updated_at (epoch ms) when the page was asked for (ResultPages.statusAt). */
  statusAt?: number,
): Patch {
  const held = s.history.pages.get(checkId);
  const fresh = page.entries.map((r) => toResultSummary(r));
  let items: ResultSummary[];
  let nextId = page.nextId ?? undefined;
  if (more && held) {
    const seen = new Set(held.items.map((r) => r.id));
    items = [...held.items, ...fresh.filter((r) => !seen.has(r.id))];
  } else if (
    held &&
    held.items.length > fresh.length &&
    fresh.some((r) => held.items.some((h) => h.id === r.id))
  ) {
    const top = new Set(fresh.map((r) => r.id));
    items = [...fresh, ...held.items.filter((r) => !top.has(r.id))].sort(newestFirst);
    nextId = held.nextId;
  } else items = fresh;
  if (items.length >= HISTORY_CAPS.perCheck) {
    items = items.slice(0, HISTORY_CAPS.perCheck);
    nextId = undefined;
  }
  // a next page says nothing of how new the top is: the newest page's status stays
  const entry: ResultPages = {
    items,
    nextId,
    loadedAt: more ? (held?.loadedAt ?? now) : now,
    error: undefined,
    statusAt: more ? held?.statusAt : statusAt,
  };
  return {
    history: { ...s.history, pages: putCapped(s.history.pages, checkId, entry, HISTORY_CAPS.checks) },
  };
}

export function resultPageFailed(s: ConsoleState, checkId: string, error: string): Patch {
  const held = s.history.pages.get(checkId) ?? { items: [], nextId: undefined, loadedAt: undefined };
  return {
    history: {
      ...s.history,
      pages: putCapped(s.history.pages, checkId, { ...held, error }, HISTORY_CAPS.checks),
    },
  };
}

export function fullResultLoaded(
  s: ConsoleState,
  resultId: string,
  result: CheckResult,
  event: HeartbeatEvent | undefined,
  now: number,
): Patch {
  const entry = { result, event, loadedAt: now, error: undefined };
  return { history: { ...s.history, full: putCapped(s.history.full, resultId, entry, HISTORY_CAPS.full) } };
}

export function fullResultFailed(s: ConsoleState, resultId: string, error: string): Patch {
  const held = s.history.full.get(resultId) ?? { result: undefined, event: undefined, loadedAt: undefined };
  return {
    history: {
      ...s.history,
      full: putCapped(s.history.full, resultId, { ...held, error }, HISTORY_CAPS.full),
    },
  };
}

export function checkAlertsLoaded(
  s: ConsoleState,
  checkId: string,
  alerts: readonly CheckAlert[],
  deliveries: readonly AlertNotification[] | { error: string },
  now: number,
): Patch {
  const held = s.history.alerts.get(checkId);
  const failed = !Array.isArray(deliveries);
  const entry: CheckAlerts = {
    alerts,
    // a delivery log that could not be read keeps what was read before
    deliveries: failed ? (held?.deliveries ?? []) : (deliveries as readonly AlertNotification[]),
    deliveriesError: failed ? (deliveries as { error: string }).error : undefined,
    loadedAt: now,
    error: undefined,
  };
  return {
    history: { ...s.history, alerts: putCapped(s.history.alerts, checkId, entry, HISTORY_CAPS.alerts) },
  };
}

export function checkAlertsFailed(s: ConsoleState, checkId: string, error: string): Patch {
  const held = s.history.alerts.get(checkId) ?? {
    alerts: [],
    deliveries: [],
    deliveriesError: undefined,
    loadedAt: undefined,
  };
  return {
    history: {
      ...s.history,
      alerts: putCapped(s.history.alerts, checkId, { ...held, error }, HISTORY_CAPS.alerts),
    },
  };
}
