/**
 * The shared data's types: one slice per resource, the activity meter, what the poller's loaders fill in.
 * One per process — the console's, or the share hub's that every viewer sees (src/store/state.ts puts it
 * beside one viewer's view, src/store/view/types.ts). Data only — the reducers live in data/slices.ts,
 * the side effects (client calls) in data/loaders.ts and actions/. Every slice keeps `loadedAt` (epoch ms of
 * the last good answer) and `error` (one line, already safe to print) so the status line can say how old
 * the shown data is.
 */

import type { AnalyticsReport } from "../../contract/schemas/analytics.ts";
import type { CheckSession, CheckSessionDetail } from "../../contract/schemas/check-sessions.ts";
import type { Check } from "../../contract/schemas/checks.ts";
import type { HeartbeatEvent, HeartbeatStats } from "../../contract/schemas/heartbeats.ts";
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../contract/schemas/private-locations.ts";
import type { StatusPage } from "../../contract/schemas/status-pages.ts";
import type { HistorySlice } from "../results/types.ts";
import type { RequestFailure } from "../view/messages.ts";
import type { LastPass } from "./last-pass.ts";
import { LIST_KEYS, type ListItem, type ListKey } from "./lists/index.ts";
import type { CheckSummary, ResultSummary, StatusSummary } from "./summary.ts";

export type Loadable = {
  loadedAt: number | undefined;
  error: string | undefined;
  /** A paged list's total as the server counts it (Content-Range), when it says; may exceed what is held. */
  total?: number | undefined;
};

/** The checks list: slim entries (see summary.ts); the full check of an open detail is in details.checks. */
export type ChecksSlice = Loadable & {
  items: readonly CheckSummary[];
  byId: ReadonlyMap<string, CheckSummary>;
  /** Pages read so far while the first list loads ("loading checks… 2,300 of 10,000"). */
  loading?: { loaded: number; total: number | undefined } | undefined;
};
/** The statuses by check id (no list beside it: nothing reads them in the read's order). */
export type StatusesSlice = Loadable & {
  byId: ReadonlyMap<string, StatusSummary>;
  /**
   * The checks whose status the last poll replaced, added or dropped, against the `byId` it replaced
   * (`since`): a view that last read `since` moves only those rows (view/check-rows.ts), instead of each
   * of `vigil share`'s views scanning every check. Undefined when unknown (the first list).
   */
  changed?: { since: ReadonlyMap<string, StatusSummary>; ids: readonly string[] } | undefined;
};

/** Recent results per check (newest first, capped), for the detail strip and the "last response" column. */
export type ResultsEntry = Loadable & {
  items: readonly ResultSummary[];
  /**
   * The service had no more than these (its page came back short of the limit asked): what is held is
   * all it gave for this read — one of the proofs that they begin at the first run (timeline.ts).
   */
  ended?: boolean | undefined;
  /**
   * The check status's `updated_at` (epoch ms) when these results were asked for: a status that moved
   * past it (and past the newest result) means a run finished since, and the results are read again.
   */
  statusAt?: number | undefined;
};
export type ResultsSlice = { byCheck: ReadonlyMap<string, ResultsEntry> };

/** A session the console triggered and follows to completion. */
export type TrackedSession = {
  session: CheckSession | CheckSessionDetail;
  /** When the console learnt of it (epoch ms), for the elapsed time while running. */
  trackedAt: number;
  done: boolean;
  polls: number;
  error: string | undefined;
  /** Error messages of failed runs, by check result id (raw; sanitised when rendered). */
  resultErrors: ReadonlyMap<string, string>;
};
export type SessionsSlice = { order: readonly string[]; byId: ReadonlyMap<string, TrackedSession> };

export type AnalyticsEntry = Loadable & { report: AnalyticsReport | undefined };
/**
 * The results of the one bucket the analytics cursor is on (src/store/analytics/bucket.ts): `key` names
 * the check, window and filter; `more` = the page was full (there may be more).
 */
export type AnalyticsBucket = Loadable & {
  key: string;
  results: readonly ResultSummary[];
  more: boolean;
};
/** Reports keyed by their query (see analyticsKey), least recently used first. */
export type AnalyticsSlice = { cache: ReadonlyMap<string, AnalyticsEntry>; bucket?: AnalyticsBucket };

export type HeartbeatEntry = Loadable & {
  events: readonly HeartbeatEvent[];
  stats: HeartbeatStats | undefined;
  /** The window the events cover (epoch ms). */
  from: number;
  to: number;
};
export type HeartbeatsSlice = { byCheck: ReadonlyMap<string, HeartbeatEntry> };

/** A list read whole (data/lists/): its items; `nextId` = a cursor list has more to read. */
export type ListSlice<T> = Loadable & { items: readonly T[]; nextId?: string | undefined };

/**
 * "refused": the service answers but refuses the key (401; a 403 before anything was read) — nothing can
 * be read, so it is not "online" (activity.ts).
 */
export type Connection = "connecting" | "online" | "offline" | "refused";

/** Single reads (richer than list entries): the incident history, page with checks, location agents. */
export type DetailsSlice = {
  /** Full checks (configuration, subscriptions) of the details opened, least recently read first. */
  checks: ReadonlyMap<string, Check>;
  incidents: ReadonlyMap<string, Incident>;
  pages: ReadonlyMap<string, StatusPage>;
  locations: ReadonlyMap<string, PrivateLocation>;
  /**
   * When each single read above was made (epoch ms), by `<kind>:<id>`: a detail shown is as old as its
   * own read, not as the list's (the status line's data age, panes' `loadedAt`).
   */
  readAt: ReadonlyMap<string, number>;
};

/** Whether the service answers, requests under way, the last failed request (one line). */
export type ActivitySlice = {
  connection: Connection;
  inFlight: number;
  lastError: string | undefined;
  /** When the last error happened (epoch ms): the status line shows it for a while only (messages.ts). */
  lastErrorAt?: number | undefined;
  /**
   * The failed request the last error is the line of (absent for an action's own line): a later answer
   * may supersede it (messages.ts `supersedes`), which clears the error.
   */
  lastErrorOf?: (RequestFailure & { line: string }) | undefined;
  /**
   * Which service, when it is the data dir's local one (src/cli/local-service.ts): "local service pid 1234",
   * or "local service (stops with the last console)"; unset for a configured service (the host is shown).
   */
  service?: string | undefined;
  /** The local service's URL now (its ping URLs start with it); unset for a configured service. */
  serviceUrl?: string | undefined;
  /** The local service's usual URL, when it is not on it (its port was taken: src/service/address.ts). */
  serviceUsualUrl?: string | undefined;
};

/** The lists read whole at the lists' pace: one file each in data/lists/, one line in its registry. */
export type { ListKey } from "./lists/index.ts";

/** Each list's slice, keyed as the lists registry (data/lists/index.ts). */
export type ListsState = { [K in ListKey]: ListSlice<ListItem<K>> };

/**
 * DATA is what the service said and how talking to it goes — one per process, shared by every viewer of
 * `vigil share` (the hub's store; each viewer's store gets it copied in).
 */
export type DataState = ListsState & {
  checks: ChecksSlice;
  statuses: StatusesSlice;
  results: ResultsSlice;
  sessions: SessionsSlice;
  analytics: AnalyticsSlice;
  heartbeats: HeartbeatsSlice;
  /**
   * The last pass before a failing streak older than the results held, per `checkId \0 location`
   * (store/data/last-pass.ts), read for the failing checks on the overview's screen; least recently read first.
   */
  lastPasses: ReadonlyMap<string, LastPass>;
  details: DetailsSlice;
  /** The account's non-secret variables (`GET /v1/variables`), which webhook templates can use. */
  variables: Readonly<Record<string, string>> | undefined;
  activity: ActivitySlice;
  /** A check's results paged, results read whole, its alerts (store/results/). */
  history: HistorySlice;
};

/** The data slices beside the lists. */
const OWN_SLICES = [
  "checks",
  "statuses",
  "results",
  "sessions",
  "analytics",
  "heartbeats",
  "lastPasses",
  "details",
  "variables",
  "activity",
  "history",
] as const satisfies readonly (keyof DataState)[];
/** The data slices (every key of DataState, as the compiler checks): the own ones and the lists'. */
export const DATA_SLICES: readonly (keyof DataState)[] = [...OWN_SLICES, ...LIST_KEYS];
type MissingDataSlice = Exclude<keyof DataState, (typeof OWN_SLICES)[number] | ListKey>;
/** Compiles only while DATA_SLICES names every data slice. */
export const DATA_SLICES_COMPLETE: MissingDataSlice extends never ? true : never = true;

/** Bounded memory: how much the store keeps at most. */
export type Caps = {
  sessions: number;
  resultsPerCheck: number;
  resultChecks: number;
  heartbeatEvents: number;
  heartbeatChecks: number;
  analyticsReports: number;
};

export const DEFAULT_CAPS: Caps = {
  sessions: 100,
  resultsPerCheck: 30,
  resultChecks: 300,
  heartbeatEvents: 200,
  heartbeatChecks: 50,
  analyticsReports: 40,
};
