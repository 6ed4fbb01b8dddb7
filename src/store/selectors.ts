/**
 * Memoised selectors. Each remembers its last inputs (by identity) and returns the SAME array/object when
 * they did not change, so a keystroke that only moves the cursor re-renders the two rows that changed and
 * recomputes nothing (filtering and sorting 10,000 checks happens only when the data, filter or sort change).
 */
import type { AnalyticsKind } from "../api/analytics-metrics.ts";
import type { CheckResult } from "../api/schemas/check-results.ts";
import type { CheckStatus } from "../api/schemas/check-statuses.ts";
import type { Check } from "../api/schemas/checks.ts";
import { checkHealth, type Health, toEpochMs } from "../tui/format.ts";
import type { AnalyticsOptions, ConsoleState, Pane, ResultsSlice, Sort, TrackedSession } from "./types.ts";

/** Memoise a function of a few inputs compared by identity. */
export function memo<A extends readonly unknown[], R>(f: (...args: A) => R): (...args: A) => R {
  let last: A | undefined;
  let value: R;
  return (...args: A) => {
    if (last && last.length === args.length && last.every((v, i) => Object.is(v, args[i]))) return value;
    last = args;
    value = f(...args);
    return value;
  };
}

export type CheckRow = {
  id: string;
  check: Check;
  status: CheckStatus | undefined;
  health: Health;
  /** Epoch ms of the last run, NaN when unknown. */
  lastRunAt: number;
  lastResponseMs: number | undefined;
};

const RANK: Record<Health, number> = { failing: 0, degraded: 1, pending: 2, passing: 3 };

function lastResult(results: ResultsSlice, id: string): CheckResult | undefined {
  return results.byCheck.get(id)?.items[0];
}

/**
 * The filter language of the checks list: words separated by spaces, all must match; `tag:x` matches a
 * tag containing x, `type:x` a type starting with x, anything else the name, a tag or the type (substring,
 * case-insensitive).
 */
export function matchesCheckFilter(check: Check, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const name = check.name.toLowerCase();
  const type = String(check.checkType).toLowerCase();
  const tags = (check.tags ?? []).map((t) => t.toLowerCase());
  return words.every((w) => {
    if (w.startsWith("tag:")) return tags.some((t) => t.includes(w.slice(4)));
    if (w.startsWith("type:")) return type.startsWith(w.slice(5));
    return name.includes(w) || type.includes(w) || tags.some((t) => t.includes(w));
  });
}

function compareRows(sort: Sort): (a: CheckRow, b: CheckRow) => number {
  const byName = (a: CheckRow, b: CheckRow) =>
    a.check.name.localeCompare(b.check.name) || a.id.localeCompare(b.id);
  const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? Number.NEGATIVE_INFINITY : x);
  const key: Record<Sort["column"], (a: CheckRow, b: CheckRow) => number> = {
    status: (a, b) => RANK[a.health] - RANK[b.health],
    name: () => 0,
    type: (a, b) => String(a.check.checkType).localeCompare(String(b.check.checkType)),
    frequency: (a, b) => num(a.check.frequency ?? undefined) - num(b.check.frequency ?? undefined),
    lastRun: (a, b) => num(a.lastRunAt) - num(b.lastRunAt),
    responseTime: (a, b) => num(a.lastResponseMs) - num(b.lastResponseMs),
  };
  const k = key[sort.column];
  const dir = sort.desc ? -1 : 1;
  return (a, b) => dir * k(a, b) || dir * byName(a, b);
}

/** Every check joined with its status and last result (unfiltered, unsorted), recomputed on data change. */
export const allCheckRows = memo(
  (checks: readonly Check[], statuses: ReadonlyMap<string, CheckStatus>, results: ResultsSlice): CheckRow[] =>
    checks.map((check) => {
      const status = statuses.get(check.id);
      const last = lastResult(results, check.id);
      const lastRunAt = Math.max(
        toEpochMs(status?.updated_at),
        toEpochMs(last?.stoppedAt ?? last?.startedAt),
        Number.NEGATIVE_INFINITY,
      );
      return {
        id: check.id,
        check,
        status,
        health: checkHealth(status),
        lastRunAt: Number.isFinite(lastRunAt) ? lastRunAt : Number.NaN,
        lastResponseMs: last?.responseTime ?? undefined,
      };
    }),
);

const filterSortRows = memo((rows: CheckRow[], filter: string, sort: Sort): CheckRow[] =>
  rows.filter((r) => matchesCheckFilter(r.check, filter)).sort(compareRows(sort)),
);

/** The checks list as shown: filtered, sorted (default: failing and degraded first, then by name). */
export function visibleCheckRows(s: ConsoleState): CheckRow[] {
  return filterSortRows(
    allCheckRows(s.checks.items, s.statuses.byId, s.results),
    s.ui.filter.checks ?? "",
    s.ui.sort,
  );
}

/** The check under the checks cursor. */
export function cursorCheck(s: ConsoleState): CheckRow | undefined {
  const rows = visibleCheckRows(s);
  return rows[Math.min(s.ui.cursor.checks ?? 0, rows.length - 1)];
}

/** The checks that `t` would trigger: the marked ones, else the one under the cursor. */
export function triggerTargets(s: ConsoleState): Check[] {
  if (s.ui.marked.size > 0) return s.checks.items.filter((c) => s.ui.marked.has(c.id));
  const c = cursorCheck(s)?.check;
  return c ? [c] : [];
}

/** Which analytics report a check type has (URL monitor, TCP, browser); undefined for the others. */
export function analyticsKind(checkType: string | undefined): AnalyticsKind | undefined {
  switch (checkType) {
    case "URL":
      return "url";
    case "TCP":
      return "tcp";
    case "BROWSER":
      return "browser";
    default:
      return undefined;
  }
}

const rowsOfTypes = memo((rows: CheckRow[], want: (t: string) => boolean) =>
  rows.filter((r) => want(String(r.check.checkType))),
);
const hasAnalytics = (t: string) => analyticsKind(t) !== undefined;
const isHeartbeat = (t: string) => t === "HEARTBEAT";

const analyticsFiltered = memo((rows: CheckRow[], f: string) =>
  f ? rows.filter((r) => matchesCheckFilter(r.check, f)) : rows,
);
/** Checks the analytics pane can show, in the checks list's order, narrowed by the pane's own `/` filter. */
export function analyticsChecks(s: ConsoleState): CheckRow[] {
  return analyticsFiltered(rowsOfTypes(visibleCheckRows(s), hasAnalytics), s.ui.filter.analytics ?? "");
}
const heartbeatRowsMemo = memo((rows: CheckRow[]) =>
  rows.filter((r) => isHeartbeat(String(r.check.checkType))),
);
/** Heartbeat checks, in the checks list's order. */
export function heartbeatChecks(s: ConsoleState): CheckRow[] {
  return heartbeatRowsMemo(visibleCheckRows(s));
}

/** The check a per-check pane (analytics, heartbeats) shows: the selected one if it fits, else the first. */
export function paneCheck(s: ConsoleState, pane: "analytics" | "heartbeats"): CheckRow | undefined {
  const rows = pane === "analytics" ? analyticsChecks(s) : heartbeatChecks(s);
  return rows.find((r) => r.id === s.ui.selectedCheckId) ?? rows[0];
}

const RANGE_SECONDS = { "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;

/** The concrete analytics query for a check: window in unix seconds and the bucket size in minutes. */
export function analyticsQuery(opts: AnalyticsOptions, nowMs: number) {
  const to = opts.range === "custom" && opts.to !== undefined ? opts.to : Math.floor(nowMs / 1000);
  const from =
    opts.range === "custom" && opts.from !== undefined
      ? opts.from
      : to - RANGE_SECONDS[opts.range === "custom" ? "24h" : opts.range];
  const spanMin = Math.max(1, Math.round((to - from) / 60));
  const interval = Math.min(43_200, Math.max(1, opts.interval ?? Math.ceil(spanMin / 48)));
  return { from, to, interval, quickRange: opts.range };
}

/**
 * Cache key of a report. Quick ranges are keyed by the range, not the moving clock, so returning to a check
 * is instant; custom windows by their bounds.
 */
export function analyticsKey(checkId: string, opts: AnalyticsOptions): string {
  const win = opts.range === "custom" ? `${opts.from}-${opts.to}` : opts.range;
  return [checkId, win, opts.interval ?? "auto", opts.groupBy, opts.filter].join("|");
}

export const sessionList = memo(
  (order: readonly string[], byId: ReadonlyMap<string, TrackedSession>): TrackedSession[] =>
    order.map((id) => byId.get(id)).filter((t): t is TrackedSession => t !== undefined),
);

/** Sessions as shown (newest first), filtered by check name or status. */
const filteredSessions = memo((list: TrackedSession[], filter: string) => {
  const f = filter.toLowerCase();
  if (!f) return list;
  return list.filter(
    (t) => (t.session.name ?? "").toLowerCase().includes(f) || t.session.status.toLowerCase().includes(f),
  );
});
export function visibleSessions(s: ConsoleState): TrackedSession[] {
  return filteredSessions(sessionList(s.sessions.order, s.sessions.byId), s.ui.filter.sessions ?? "");
}

/** Generic filter of the simple list panes: the row's text contains every word. */
export function filterByText<T>(items: readonly T[], filter: string, text: (t: T) => string): readonly T[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((it) => {
    const t = text(it).toLowerCase();
    return words.every((w) => t.includes(w));
  });
}

/** When the shown data of a pane was loaded (epoch ms), for the status line's age. */
export function paneLoadedAt(s: ConsoleState, pane: Pane = s.ui.pane): number | undefined {
  switch (pane) {
    case "checks":
      return minDefined(s.checks.loadedAt, s.statuses.loadedAt);
    case "sessions":
      return undefined;
    case "analytics": {
      const row = paneCheck(s, "analytics");
      return row ? s.analytics.cache.get(analyticsKey(row.id, s.ui.analytics))?.loadedAt : undefined;
    }
    case "heartbeats": {
      const row = paneCheck(s, "heartbeats");
      return row ? s.heartbeats.byCheck.get(row.id)?.loadedAt : undefined;
    }
    case "incidents":
      return s.incidents.loadedAt;
    case "alerts":
      return s.alertChannels.loadedAt;
    case "pages":
      return s.statusPages.loadedAt;
    case "locations":
      return s.privateLocations.loadedAt;
  }
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
