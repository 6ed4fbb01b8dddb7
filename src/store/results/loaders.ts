/**
 * Loaders of a check's history (one client call or two each, answers through the reducers of slice.ts):
 * the newest page of its results and the next ones along the v2 cursor (FINAL and ATTEMPT results), one
 * result read whole (with its heartbeat event), and the alerts its state changes raised with the
 * deliveries of the delivery log that belong to them. Failures are noted in the slice and rethrown (the
 * poller backs off).
 */
import type { Client } from "../../api/client.ts";
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import { errorMessage } from "../../shared/errors.ts";
import { toEpochMs } from "../../shared/format.ts";
import { apply, type ConsoleStore } from "../state.ts";
import {
  checkAlertsFailed,
  checkAlertsLoaded,
  fullResultFailed,
  fullResultLoaded,
  resultPageFailed,
  resultPageLoaded,
} from "./slice.ts";
import { HISTORY_CAPS } from "./types.ts";

const line = (e: unknown): string => {
  const m = errorMessage(e);
  return m.split("\n")[0] ?? m;
};

export function createHistoryLoaders(
  client: Client,
  store: ConsoleStore,
  opts: { now?: () => number; pageSize?: number } = {},
) {
  const get = store.getState;
  const now = opts.now ?? Date.now;
  const limit = opts.pageSize ?? HISTORY_CAPS.pageSize;

  async function page(checkId: string, nextId: string | undefined, signal?: AbortSignal) {
    // the status as it was when asked: a status that moves past it makes the newest page due again
    const asked = toEpochMs(get().statuses.byId.get(checkId)?.updated_at);
    try {
      const p = await client.checkResults.listV2(
        checkId,
        { limit, resultType: "ALL", ...(nextId ? { nextId } : {}) },
        { signal },
      );
      signal?.throwIfAborted();
      if (nextId && get().history.pages.get(checkId)?.nextId !== nextId) return; // a refresh got there first
      const statusAt = Number.isFinite(asked) ? asked : undefined;
      apply(store, resultPageLoaded(get(), checkId, p, nextId !== undefined, now(), statusAt));
    } catch (e) {
      apply(store, resultPageFailed(get(), checkId, line(e)));
      throw e;
    }
  }

  return {
    /** The newest page of a check's results, on top of the pages held. */
    resultPage: (checkId: string, signal?: AbortSignal) => page(checkId, undefined, signal),

    /** The page after the ones held (the cursor reached the last row). */
    async moreResults(checkId: string, signal?: AbortSignal) {
      const next = get().history.pages.get(checkId)?.nextId;
      if (next) await page(checkId, next, signal);
    },

    /** One result whole; a heartbeat result's event too (its absence only loses the ping's source). */
    async fullResult(checkId: string, resultId: string, signal?: AbortSignal) {
      try {
        const result = await client.checkResults.get(checkId, resultId, { signal });
        const eventId = (result.heartbeatEvent as { id?: unknown } | undefined)?.id;
        let event: HeartbeatEvent | undefined;
        if (typeof eventId === "string" && eventId !== "") {
          event = await client.heartbeats
            .event(checkId, eventId)
            .then((r) => r.event ?? undefined)
            .catch(() => undefined);
        }
        apply(store, fullResultLoaded(get(), resultId, result, event, now()));
      } catch (e) {
        apply(store, fullResultFailed(get(), resultId, line(e)));
        throw e;
      }
    },

    /**
     * The check's alerts, newest first, and the deliveries of the last day's delivery log that belong to
     * the check (the log has no check filter: one page of 100, joined by check id).
     */
    async checkAlerts(checkId: string, signal?: AbortSignal) {
      try {
        const [alerts, deliveries] = await Promise.all([
          client.checkAlerts.forCheck(checkId, { limit: HISTORY_CAPS.alertsPerCheck }, { signal }),
          client.alertNotifications
            .list({ limit: 100 }, { signal })
            .then((all): AlertNotification[] => all.filter((d) => d.checkId === checkId))
            .catch((e: unknown) => ({ error: line(e) })),
        ]);
        apply(store, checkAlertsLoaded(get(), checkId, alerts, deliveries, now()));
      } catch (e) {
        apply(store, checkAlertsFailed(get(), checkId, line(e)));
        throw e;
      }
    },
  };
}

export type HistoryLoaders = ReturnType<typeof createHistoryLoaders>;
