/**
 * Reducers of the resource slices: each takes the current state and returns the partial state to set, so
 * they are pure (tests call them on plain objects) and a slice that did not change keeps its identity
 * (memoised selectors and components subscribed to other slices do not re-render).
 */
import type { AnalyticsReport } from "../../api/schemas/analytics.ts";
import type { CheckResult } from "../../api/schemas/check-results.ts";
import type { CheckStatus } from "../../api/schemas/check-statuses.ts";
import type { Check } from "../../api/schemas/checks.ts";
import type { HeartbeatEvent, HeartbeatStats } from "../../api/schemas/heartbeats.ts";
import type {
  AnalyticsEntry,
  Caps,
  ConsoleState,
  HeartbeatEntry,
  ListSlice,
  ResultsEntry,
} from "../types.ts";

type Patch = Partial<ConsoleState>;

export function checksLoaded(items: readonly Check[], now: number): Patch {
  return { checks: { items, byId: new Map(items.map((c) => [c.id, c])), loadedAt: now, error: undefined } };
}

export function statusesLoaded(items: readonly CheckStatus[], now: number): Patch {
  return { statuses: { byId: new Map(items.map((s) => [s.checkId, s])), loadedAt: now, error: undefined } };
}

type LoadableKey =
  | "checks"
  | "statuses"
  | "incidents"
  | "alertChannels"
  | "statusPages"
  | "privateLocations"
  | "services";

/** Keep the data, note the error (the status line shows it; the data's age keeps growing). */
export function loadFailed(s: ConsoleState, key: LoadableKey, error: string): Patch {
  return { [key]: { ...s[key], error } } as Patch;
}

export function listLoaded<
  K extends "incidents" | "alertChannels" | "statusPages" | "privateLocations" | "services",
>(key: K, items: ConsoleState[K]["items"], now: number): Patch {
  return { [key]: { items, loadedAt: now, error: undefined } satisfies ListSlice<unknown> } as Patch;
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
  items: readonly CheckResult[],
  now: number,
  caps: Caps,
): Patch {
  const sorted = [...items]
    .sort(
      (a, b) => Date.parse(b.startedAt ?? b.created_at ?? "") - Date.parse(a.startedAt ?? a.created_at ?? ""),
    )
    .slice(0, caps.resultsPerCheck);
  const entry: ResultsEntry = { items: sorted, loadedAt: now, error: undefined };
  return { results: { byCheck: putCapped(s.results.byCheck, checkId, entry, caps.resultChecks) } };
}

export function resultsFailed(s: ConsoleState, checkId: string, error: string, caps: Caps): Patch {
  const prev = s.results.byCheck.get(checkId);
  const entry: ResultsEntry = { items: prev?.items ?? [], loadedAt: prev?.loadedAt, error };
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
  return { analytics: { cache: putCapped(s.analytics.cache, key, entry, caps.analyticsReports) } };
}

export function analyticsFailed(s: ConsoleState, key: string, error: string, caps: Caps): Patch {
  const prev = s.analytics.cache.get(key);
  const entry: AnalyticsEntry = { report: prev?.report, loadedAt: prev?.loadedAt, error };
  return { analytics: { cache: putCapped(s.analytics.cache, key, entry, caps.analyticsReports) } };
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
