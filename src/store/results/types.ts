/**
 * A check's history as the console holds it: its results paged from the service along the v2 cursor (the
 * results pane), the full results opened (the result view), and the alerts its state changes raised with
 * their deliveries (the check detail). Data: shared by every viewer of `vigil share`. Which check's
 * results one viewer looks at, and from where it came, is that viewer's (`DrillView`).
 */

import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import type { CheckAlert } from "../../contract/schemas/check-alerts.ts";
import type { CheckResult } from "../../contract/schemas/check-results.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import type { ResultSummary } from "../data/summary.ts";
import type { Pane } from "../view/types.ts";

type Loadable = { loadedAt: number | undefined; error: string | undefined };

/** A check's results, newest first, FINAL and ATTEMPT, as paged so far; `nextId` = more to read. */
export type ResultPages = Loadable & {
  items: readonly ResultSummary[];
  nextId: string | undefined;
  /**
   * The check status's `updated_at` (epoch ms) when the newest page was asked for: a status that moved
   * past it and past the newest result held means a run ended since (sync/plan.ts heldBehindStatus).
   */
  statusAt?: number | undefined;
};

/** One result read whole, and for a heartbeat result the event it records (ping source, user agent). */
export type FullResult = Loadable & {
  result: CheckResult | undefined;
  event: HeartbeatEvent | undefined;
};

/** A check's alerts (GET /v1/check-alerts/{id}) and the deliveries the delivery log joins to them. */
export type CheckAlerts = Loadable & {
  alerts: readonly CheckAlert[];
  deliveries: readonly AlertNotification[];
  /** The delivery log could not be read (the alerts still show). */
  deliveriesError: string | undefined;
};

export type HistorySlice = {
  pages: ReadonlyMap<string, ResultPages>;
  /** By result id, least recently read first. */
  full: ReadonlyMap<string, FullResult>;
  alerts: ReadonlyMap<string, CheckAlerts>;
};

/**
 * One viewer's results drill-down: whose results, the pane to go back to, the body expanded or not, and
 * when it was opened (epoch ms): what it lists must have been read since (the results pane's jobs).
 */
export type DrillView = {
  checkId: string | undefined;
  from: Pane | undefined;
  expanded: boolean;
  openedAt?: number | undefined;
};

/** Bounded memory: how much history is held. */
export const HISTORY_CAPS = {
  /** Results per request along the cursor (the API's largest page is 100). */
  pageSize: 50,
  /** Results held per check at most (paging stops there). */
  perCheck: 1000,
  /** Checks whose pages are held. */
  checks: 20,
  /** Full results held. */
  full: 30,
  /** Checks whose alerts are held. */
  alerts: 50,
  /** Alerts read per check. */
  alertsPerCheck: 20,
} as const;

export const emptyHistory = (): HistorySlice => ({ pages: new Map(), full: new Map(), alerts: new Map() });
export const initialDrill = (): DrillView => ({ checkId: undefined, from: undefined, expanded: false });
