/**
 * Memoised selectors. Each remembers its last inputs (by identity) and returns the SAME array/object when
 * they did not change, so a keystroke that only moves the cursor re-renders the two rows that changed and
 * recomputes nothing (filtering and sorting 10,000 checks happens only when the checks, the statuses, the
 * filter or the sort change — never because results arrived for the rows on screen).
 */
import type { AnalyticsKind } from "../api/analytics-metrics.ts";
import { checkHealth, type Health, toEpochMs } from "../tui/format.ts";
import type { CheckSummary, StatusSummary } from "./summary.ts";
import type {
  AnalyticsOptions,
  ConsoleState,
  Pane,
  ResultsEntry,
  ResultsSlice,
  Sort,
  TrackedSession,
} from "./types.ts";

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
  check: CheckSummary;
  status: StatusSummary | undefined;
  health: Health;
  /** Epoch ms of the status's last run, NaN when unknown (what the "last run" sort uses). */
  statusAt: number;
};

/** A row on screen, decorated with its latest result (only the visible rows are). */
export type ShownCheckRow = CheckRow & {
  /** Epoch ms of the last run (status or newest result), NaN when unknown. */
  lastRunAt: number;
  lastResponseMs: number | undefined;
};

const RANK: Record<Health, number> = { failing: 0, degraded: 1, pending: 2, passing: 3 };

let collator: Intl.Collator | undefined;
/** One collator for every name comparison (String#localeCompare builds its own each call). */
function collate(a: string, b: string): number {
  collator ??= new Intl.Collator();
  return collator.compare(a, b);
}

/**
 * The filter language of the checks list: words separated by spaces, all must match; `tag:x` matches a
 * tag containing x, `type:x` a type starting with x, anything else the name, a tag or the type (substring,
 * case-insensitive).
 */
export function matchesCheckFilter(check: CheckSummary, filter: string): boolean {
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

/**
 * Each check's place in name order (ties by id), computed once per checks list: every sort then compares
 * integers instead of collating 10,000 names again.
 */
const nameRanks = memo((checks: readonly CheckSummary[]): ReadonlyMap<string, number> => {
  const order = [...checks].sort((a, b) => collate(a.name, b.name) || collate(a.id, b.id));
  return new Map(order.map((c, i) => [c.id, i]));
});

let rowCache = new Map<string, CheckRow>();
/**
 * Every check joined with its status (unfiltered, unsorted). Recomputed only when the checks or the
 * statuses change, and a check whose entry and status kept their identity keeps its row object.
 */
export const allCheckRows = memo(
  (checks: readonly CheckSummary[], statuses: ReadonlyMap<string, StatusSummary>): CheckRow[] => {
    const next = new Map<string, CheckRow>();
    const rows = checks.map((check) => {
      const status = statuses.get(check.id);
      const old = rowCache.get(check.id);
      const row =
        old && old.check === check && old.status === status
          ? old
          : {
              id: check.id,
              check,
              status,
              health: checkHealth(status),
              statusAt: toEpochMs(status?.updated_at),
            };
      next.set(check.id, row);
      return row;
    });
    rowCache = next;
    return rows;
  },
);

/** Last response time per check from the results held (only for the response-time sort). */
function responseOf(results: ResultsSlice | undefined, id: string): number | undefined {
  return results?.byCheck.get(id)?.items[0]?.responseTime ?? undefined;
}

function primaryKey(sort: Sort, results: ResultsSlice | undefined): (r: CheckRow) => number | string {
  switch (sort.column) {
    case "status":
      return (r) => RANK[r.health];
    case "name":
      return () => 0;
    case "type":
      return (r) => String(r.check.checkType);
    case "frequency":
      return (r) => r.check.frequency ?? Number.NEGATIVE_INFINITY;
    case "lastRun":
      return (r) => (Number.isNaN(r.statusAt) ? Number.NEGATIVE_INFINITY : r.statusAt);
    case "responseTime":
      return (r) => responseOf(results, r.id) ?? Number.NEGATIVE_INFINITY;
  }
}

/**
 * The rows sorted by the chosen column, then by name. The sort depends only on what it sorts by: results
 * are an input only for the response-time sort, so results arriving for the rows on screen never re-sort
 * the list (they decorate the visible rows, see decorateRow).
 */
const sortRows = memo(
  (rows: CheckRow[], sort: Sort, ranks: ReadonlyMap<string, number>, results?: ResultsSlice) => {
    const key = primaryKey(sort, results);
    const keys = rows.map(key);
    const rank = rows.map((r) => ranks.get(r.id) ?? 0);
    const idx = rows.map((_, i) => i);
    const dir = sort.desc ? -1 : 1;
    idx.sort((i, j) => {
      const a = keys[i] as number | string;
      const b = keys[j] as number | string;
      const k =
        typeof a === "number" && typeof b === "number"
          ? a === b
            ? 0
            : a < b
              ? -1
              : 1
          : collate(String(a), String(b));
      return dir * k || dir * ((rank[i] as number) - (rank[j] as number));
    });
    return idx.map((i) => rows[i] as CheckRow);
  },
);

const filterRows = memo((rows: CheckRow[], filter: string): CheckRow[] =>
  filter.trim() ? rows.filter((r) => matchesCheckFilter(r.check, filter)) : rows,
);

/** Every check, sorted as the checks list is (default: failing and degraded first, then by name). */
export function sortedCheckRows(s: ConsoleState): CheckRow[] {
  return sortRows(
    allCheckRows(s.checks.items, s.statuses.byId),
    s.ui.sort,
    nameRanks(s.checks.items),
    s.ui.sort.column === "responseTime" ? s.results : undefined,
  );
}

/** The checks list as shown: sorted, then narrowed by the checks pane's `/` filter. */
export function visibleCheckRows(s: ConsoleState): CheckRow[] {
  return filterRows(sortedCheckRows(s), s.ui.filter.checks ?? "");
}

const decorated = new WeakMap<CheckRow, { items: ResultsEntry["items"] | undefined; row: ShownCheckRow }>();
/**
 * A row on screen with its newest result (last run, response time). The same row with the same results
 * gives the same object, so a memoised row redraws only when its own data changed.
 */
export function decorateRow(row: CheckRow, entry: ResultsEntry | undefined): ShownCheckRow {
  const items = entry?.items;
  const hit = decorated.get(row);
  if (hit && hit.items === items) return hit.row;
  const last = items?.[0];
  const lastRunAt = Math.max(
    row.statusAt,
    toEpochMs(last?.stoppedAt ?? last?.startedAt),
    Number.NEGATIVE_INFINITY,
  );
  const shown: ShownCheckRow = {
    ...row,
    lastRunAt: Number.isFinite(lastRunAt) ? lastRunAt : Number.NaN,
    lastResponseMs: last?.responseTime ?? undefined,
  };
  decorated.set(row, { items, row: shown });
  return shown;
}

/** The check under the checks cursor. */
export function cursorCheck(s: ConsoleState): CheckRow | undefined {
  const rows = visibleCheckRows(s);
  return rows[Math.min(s.ui.cursor.checks ?? 0, rows.length - 1)];
}

/** The checks that `t` would trigger: the marked ones, else the one under the cursor. */
export function triggerTargets(s: ConsoleState): CheckSummary[] {
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
/**
 * Checks the analytics pane can show, in the checks list's order, narrowed by the pane's own `/` filter
 * only (the checks pane's filter is that pane's business).
 */
export function analyticsChecks(s: ConsoleState): CheckRow[] {
  return analyticsFiltered(rowsOfTypes(sortedCheckRows(s), hasAnalytics), s.ui.filter.analytics ?? "");
}
const heartbeatRowsMemo = memo((rows: CheckRow[]) =>
  rows.filter((r) => isHeartbeat(String(r.check.checkType))),
);
/** Heartbeat checks, in the checks list's order (whatever the checks pane's filter). */
export function heartbeatChecks(s: ConsoleState): CheckRow[] {
  return heartbeatRowsMemo(sortedCheckRows(s));
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
      // the statuses are what changes (every 10 s); the list itself is read every few minutes, so its
      // age alone would call fresh statuses stale
      return s.checks.loadedAt === undefined ? undefined : (s.statuses.loadedAt ?? s.checks.loadedAt);
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
