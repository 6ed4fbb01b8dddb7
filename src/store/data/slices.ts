/**
 * Reducers of the resource slices: each takes the current state and returns the partial state to set, so
 * they are pure (tests call them on plain objects) and a slice that did not change keeps its identity
 * (memoised selectors and components subscribed to other slices do not re-render).
 */

import type { AnalyticsReport } from "../../contract/schemas/analytics.ts";
import type { HeartbeatEvent, HeartbeatStats } from "../../contract/schemas/heartbeats.ts";
import type { ConsoleState } from "../state.ts";
import { type LastPass, lastPassKey } from "./last-pass.ts";
import type { ListItem } from "./lists/index.ts";
import type { ListRead } from "./lists/spec.ts";
import { OverlayMap } from "./overlay-map.ts";
import {
  type CheckSummary,
  heldStatus,
  type ResultSummary,
  type StatusSummary,
  sameShallow,
  shareList,
  toResultSummary,
  toStatusSummary,
} from "./summary.ts";
import type { AnalyticsEntry, Caps, HeartbeatEntry, ListKey, ListSlice, ResultsEntry } from "./types.ts";

type Patch = Partial<ConsoleState>;

const NO_CHECKS: readonly CheckSummary[] = [];
const NO_STATUSES: ReadonlyMap<string, StatusSummary> = new Map();

/**
 * A fresh checks list of summaries (toCheckSummary's, taken as they are: the loader builds each as its page
 * arrives, summary-schemas.ts) merged with the held one (`prev`): unchanged checks keep their objects, an
 * unchanged list keeps its array and map (no selector recomputes, no row redraws).
 */
export function checksLoaded(
  items: readonly CheckSummary[],
  now: number,
  prev?: Pick<ConsoleState["checks"], "items" | "byId">,
  total?: number,
): Patch {
  const { items: shared, byId } = shareList(
    prev?.items ?? NO_CHECKS,
    prev?.byId ?? new Map(),
    items,
    (c) => c.id,
  );
  return { checks: { items: shared, byId, loadedAt: now, error: undefined, total } };
}

/**
 * Progress of the first checks load, and (`partial`) the checks read so far, in list order: the panes show
 * them while `loadedAt` stays unset and `loading` says how many of how many are held — the overview draws
 * its first failing rows from the first pages, never a count or a calm line as if the list were whole. A
 * refresh of a held list shows no progress and keeps the held list until the whole new one is read.
 */
export function checksLoading(
  s: ConsoleState,
  loaded: number,
  total: number | undefined,
  partial?: readonly CheckSummary[],
): Patch {
  if (s.checks.loadedAt !== undefined) return {};
  if (!partial) return { checks: { ...s.checks, loading: { loaded, total } } };
  const { items, byId } = shareList(s.checks.items, s.checks.byId, partial, (c) => c.id);
  return { checks: { ...s.checks, items, byId, total, loading: { loaded, total } } };
}

/**
 * Fresh statuses (a full read), slimmed and merged into the held ones by check id: a status equal to the one
 * held keeps its object, and a read that changes nothing keeps the held map (no selector recomputes). Held
 * by id only — no list in the read's order beside the map (nothing reads one; with it, a map of where each
 * status is in it, for the deltas: two more entries a check, ~4 MB at 100,000).
 */
export function statusesLoaded(
  items: readonly StatusSummary[],
  now: number,
  prev?: Pick<ConsoleState["statuses"], "byId">,
): Patch {
  const prevById = prev?.byId ?? NO_STATUSES;
  // the read's entries, each the held object when equal to it; what is new or not the held one
  const next: StatusSummary[] = new Array(items.length);
  const replaced: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const fresh = toStatusSummary(items[i] as StatusSummary);
    const old = prevById.get(fresh.checkId);
    const keep = old !== undefined && sameShallow(old, fresh) ? old : heldStatus(fresh);
    next[i] = keep;
    if (keep !== old) replaced.push(fresh.checkId);
  }
  const byId = new Map<string, StatusSummary>();
  for (const st of next) byId.set(st.checkId, st);
  // and those dropped (held, not listed)
  if (byId.size !== prevById.size || replaced.length > 0)
    for (const id of prevById.keys()) if (!byId.has(id)) replaced.push(id);
  if (prev && replaced.length === 0)
    return { statuses: { byId: prevById, loadedAt: now, error: undefined, changed: undefined } };
  const changed = prev ? { since: prevById, ids: replaced } : undefined;
  return { statuses: { byId, loadedAt: now, error: undefined, changed } };
}

/**
 * The statuses changed since the last read (a status delta, api/check-statuses.ts `statusFeed`), merged
 * into the held ones: the others keep their objects, and a delta with nothing new keeps the map.
 * `changed` names what moved, as statusesLoaded's does.
 */
export function statusesChanged(
  items: readonly StatusSummary[],
  now: number,
  prev: Pick<ConsoleState["statuses"], "byId">,
  /** Held statuses the read no longer lists (a full read diffed in slices, status-diff.ts). */
  removed: readonly string[] = [],
): Patch {
  const fresh = new Map<string, StatusSummary>();
  for (const item of items) {
    const next = toStatusSummary(item);
    const old = prev.byId.get(next.checkId);
    if (old === undefined || !sameShallow(old, next)) fresh.set(next.checkId, heldStatus(next));
  }
  const gone = new Set(removed.filter((id) => prev.byId.has(id) && !fresh.has(id)));
  if (fresh.size === 0 && gone.size === 0)
    return { statuses: { byId: prev.byId, loadedAt: now, error: undefined } };
  // the map: the fresh ones over the held (overlay-map.ts), not a copy of 100,000 entries per poll
  let byId = OverlayMap.with(prev.byId, fresh);
  if (gone.size > 0) {
    const kept = new Map(byId);
    for (const id of gone) kept.delete(id);
    byId = kept;
  }
  const changed = { since: prev.byId, ids: [...fresh.keys(), ...gone] };
  return { statuses: { byId, loadedAt: now, error: undefined, changed } };
}

type LoadableKey = "checks" | "statuses" | ListKey;

/** Keep the data, note the error (the status line shows it; the data's age keeps growing). */
export function loadFailed(s: ConsoleState, key: LoadableKey, error: string): Patch {
  return { [key]: { ...s[key], error } } as Patch;
}

export function listLoaded<K extends ListKey>(
  key: K,
  items: readonly ListItem<K>[],
  now: number,
  total?: number,
): Patch {
  return listRead(key, { items, total }, now);
}

/** A list of the lists registry read (data/lists/): its items, the server's total, a cursor's next page. */
export function listRead<K extends ListKey>(key: K, read: ListRead<ListItem<K>>, now: number): Patch {
  const { items, total, nextId } = read;
  return {
    [key]: { items, loadedAt: now, error: undefined, total, nextId } satisfies ListSlice<unknown>,
  } as Patch;
}
/** Insert into an insertion-ordered map, moving the key last and dropping the oldest beyond `cap`. */
export function putCapped<K, V>(map: ReadonlyMap<K, V>, key: K, value: V, cap: number): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  next.set(key, value);
  while (next.size > cap) {
    const first = next.keys().next();
    if (first.done) break;
    next.delete(first.value);
  }
  return next;
}

export function resultsLoaded(
  s: ConsoleState,
  checkId: string,
  items: readonly ResultSummary[],
  now: number,
  caps: Caps,
  /** The check status's updated_at (epoch ms) when they were asked for (ResultsEntry.statusAt). */
  statusAt?: number,
): Patch {
  // a page short of the limit asked ends the list (api-notes §1: page style)
  const ended = items.length < caps.resultsPerCheck;
  const sorted = items
    .map(toResultSummary)
    .sort(
      (a, b) => Date.parse(b.startedAt ?? b.created_at ?? "") - Date.parse(a.startedAt ?? a.created_at ?? ""),
    )
    .slice(0, caps.resultsPerCheck);
  const prev = s.results.byCheck.get(checkId);
  // the same results again: keep the entry (the row showing them does not redraw), only its age moves
  if (prev && prev.error === undefined && sameResults(prev.items, sorted))
    return {
      results: {
        byCheck: putCapped(
          s.results.byCheck,
          checkId,
          { ...prev, loadedAt: now, statusAt, ended },
          caps.resultChecks,
        ),
      },
    };
  const entry: ResultsEntry = { items: sorted, loadedAt: now, error: undefined, statusAt, ended };
  return { results: { byCheck: putCapped(s.results.byCheck, checkId, entry, caps.resultChecks) } };
}

function sameResults(a: readonly ResultSummary[], b: readonly ResultSummary[]): boolean {
  return a.length === b.length && a.every((r, i) => r.id === b[i]?.id);
}

export function resultsFailed(s: ConsoleState, checkId: string, error: string, caps: Caps): Patch {
  const prev = s.results.byCheck.get(checkId);
  const entry: ResultsEntry = {
    items: prev?.items ?? [],
    loadedAt: prev?.loadedAt,
    error,
    statusAt: prev?.statusAt,
    ended: prev?.ended,
  };
  return { results: { byCheck: putCapped(s.results.byCheck, checkId, entry, caps.resultChecks) } };
}

export function analyticsLoaded(
  s: ConsoleState,
  key: string,
  report: AnalyticsReport,
  now: number,
  caps: Caps,
): Patch {
  const entry: AnalyticsEntry = { report, loadedAt: now, error: undefined };
  return {
    analytics: { ...s.analytics, cache: putCapped(s.analytics.cache, key, entry, caps.analyticsReports) },
  };
}

export function analyticsFailed(s: ConsoleState, key: string, error: string, caps: Caps): Patch {
  const prev = s.analytics.cache.get(key);
  const entry: AnalyticsEntry = { report: prev?.report, loadedAt: prev?.loadedAt, error };
  return {
    analytics: { ...s.analytics, cache: putCapped(s.analytics.cache, key, entry, caps.analyticsReports) },
  };
}

export function heartbeatsLoaded(
  s: ConsoleState,
  checkId: string,
  data: { events: readonly HeartbeatEvent[]; stats: HeartbeatStats | undefined; from: number; to: number },
  now: number,
  caps: Caps,
): Patch {
  const byId = new Map(data.events.map((e) => [e.id, e]));
  const events = [...byId.values()]
    .sort((a, b) => Date.parse(b.timestamp ?? "") - Date.parse(a.timestamp ?? ""))
    .slice(0, caps.heartbeatEvents);
  const entry: HeartbeatEntry = { ...data, events, loadedAt: now, error: undefined };
  return { heartbeats: { byCheck: putCapped(s.heartbeats.byCheck, checkId, entry, caps.heartbeatChecks) } };
}

export function heartbeatsFailed(s: ConsoleState, checkId: string, error: string, caps: Caps): Patch {
  const prev = s.heartbeats.byCheck.get(checkId);
  const entry: HeartbeatEntry = prev
    ? { ...prev, error }
    : { events: [], stats: undefined, from: 0, to: 0, loadedAt: undefined, error };
  return { heartbeats: { byCheck: putCapped(s.heartbeats.byCheck, checkId, entry, caps.heartbeatChecks) } };
}

/** What a search for the last pass before a failing streak found (store/data/last-pass.ts), capped. */
export function lastPassLoaded(
  s: ConsoleState,
  checkId: string,
  location: string,
  p: LastPass,
  cap = 200,
): Patch {
  return { lastPasses: putCapped(s.lastPasses, lastPassKey(checkId, location), p, cap) };
}

/** The account's variables (a data slice: shared by every viewer). */
export function setVariables(variables: Record<string, string>): Partial<ConsoleState> {
  return { variables };
}
