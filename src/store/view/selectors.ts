/**
 * Memoised selectors of the checks list (view/memo.ts; the per-pane ones are in their pane's folder). Each remembers its
 * last inputs (by identity) and returns the SAME array/object when they did not change, so a keystroke
 * that only moves the cursor re-renders the two rows that changed and recomputes nothing (filtering and
 * sorting 10,000 checks happens only when the checks, the statuses, the filter or the sort change — never
 * because results arrived for the rows on screen).
 */

import { checkHealth, type Health, toEpochMs } from "../../shared/format.ts";
import type { CheckSummary, ResultSummary, StatusSummary } from "../data/summary.ts";
import type { ResultsEntry, ResultsSlice, StatusesSlice } from "../data/types.ts";
import type { ConsoleState } from "../state.ts";
import { newestRun, statusRunAt } from "../triage/last-run.ts";
import { runReason } from "../triage/reason.ts";
import { atLocations, runState, type Since, stateSince } from "../triage/timeline.ts";
import { checkIndexOf } from "./check-index.ts";
import { CheckRowsView } from "./check-rows.ts";
import { FilteredRows, rehearseFilteredRows } from "./filtered-rows.ts";
import { memo, viewMemo } from "./memo.ts";

export type CheckRow = {
  id: string;
  check: CheckSummary;
  status: StatusSummary | undefined;
  health: Health;
  /**
   * Epoch ms of the status's last run, NaN when unknown — or when it is a heartbeat's FAILING result, which
   * is not a ping (triage/last-run.ts) — what the "last run" sort uses.
   */
  statusAt: number;
};

/** A row on screen, decorated with its latest result (only the visible rows are). */
export type ShownCheckRow = CheckRow & {
  /** Epoch ms of the last run (status or newest result), NaN when unknown. */
  lastRunAt: number;
  lastResponseMs: number | undefined;
  /** Since when the check is in its state, from the results held (triage/timeline.ts); undefined: unknown. */
  since: Since | undefined;
  /** Why it fails or is degraded, from its newest result (triage/reason.ts); undefined when it passes. */
  reason: string | undefined;
};

// the `/` filter language of the checks lists lives in check-filter.ts (it reads the row's state)
export { matchesCheckFilter } from "./check-filter.ts";

/** A check joined with its status: one row (the full join below and each view's CheckRowsView make them so). */
export function makeCheckRow(check: CheckSummary, status: StatusSummary | undefined): CheckRow {
  return {
    id: check.id,
    check,
    status,
    health: checkHealth(status),
    // a failing heartbeat's status is the FAILING result, not a ping: no run (triage/last-run.ts)
    statusAt: statusRunAt(check, status),
  };
}

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
      const row = old && old.check === check && old.status === status ? old : makeCheckRow(check, status);
      next.set(check.id, row);
      return row;
    });
    rowCache = next;
    return rows;
  },
);

/** A list of this many rows has its filter's first keystroke rehearsed (`rehearseFirstKey`). */
export const REHEARSE_FROM = 2000;
/** …once its rows, the whole list with its statuses, have not changed for this long. */
export const REHEARSE_AFTER_MS = 250;

/** The rehearsal waiting for the rows to rest (undefined: none), and whether one was made (once a process). */
const rehearsal = {
  timer: undefined as NodeJS.Timeout | undefined,
  run: undefined as (() => Promise<unknown>) | undefined,
  done: false,
  /** Resolves when the rehearsal made is done (what a test waits for). */
  made: undefined as Promise<unknown> | undefined,
};

/**
 * The filter's first keystroke run ahead over the view's own rows (filtered-rows.ts
 * `rehearseFilteredRows`), once a process, when the first whole list of REHEARSE_FROM rows or more, with its
 * statuses, has rested REHEARSE_AFTER_MS (each newer rows array waits again): the first `/` keystroke of a
 * console then runs compiled code, as later ones do. Nothing shown changes; the timer keeps no process
 * alive.
 */
function rehearseFirstKey(view: ConsoleState, run: () => Promise<unknown>): void {
  if (rehearsal.done || view.checks.loadedAt === undefined || view.statuses.loadedAt === undefined) return;
  rehearsal.run = run;
  if (rehearsal.timer) {
    rehearsal.timer.refresh();
    return;
  }
  rehearsal.timer = setTimeout(() => {
    rehearsal.done = true;
    rehearsal.timer = undefined;
    rehearsal.made = rehearsal.run?.();
    rehearsal.run = undefined;
  }, REHEARSE_AFTER_MS).unref();
}

/** Resolves once the rehearsal of the first keystroke has been made (undefined: not yet started). */
export const firstKeyRehearsed = (): Promise<unknown> | undefined => rehearsal.made;

/**
 * A checks list's `/` filter (check-filter.ts) over the view's sorted rows (`sortedCheckRows`), one
 * FilteredRows per view and list that has its own filter (the checks pane's, the analytics pane's): the
 * checks' search index answers the words (check-index.ts), the view's rows give the order. `progressive`:
 * over a long list, the top is answered first and the rest in slices that yield to input. A long list's
 * first keystroke is rehearsed ahead (`rehearseFirstKey`).
 */
export const newCheckRowsFilter = (progressive = false) => {
  const filterOf = viewMemo(() => new FilteredRows<CheckRow>());
  return (view: ConsoleState, rows: readonly CheckRow[], filter: string): CheckRow[] => {
    const held = checkRowsOf(view);
    const index = () => checkIndexOf(held.view.checks ?? view.checks.items);
    const positions = () => {
      // the rows the view keeps carry their positions; other rows (none today) are looked up
      const { positionOf } = index();
      return held.view.current === rows
        ? held.view.positions(positionOf)
        : rows.map((r) => positionOf(r.id) ?? -1);
    };
    // a long list's filter may answer the top first, the rest in slices (filtered-rows.ts)
    const wake = progressive ? view.memo?.wake : undefined;
    if (filter === "" && rows.length >= REHEARSE_FROM)
      rehearseFirstKey(view, () =>
        rehearseFilteredRows(
          rows,
          index,
          positions,
          wake ? {} : { progressiveFrom: Number.POSITIVE_INFINITY },
        ),
      );
    return filterOf(view).rows(rows, filter, index, positions, wake) as CheckRow[];
  };
};

/**
 * Each view's checks list, joined and sorted incrementally (check-rows.ts): a status poll moves the rows
 * it touched instead of re-sorting every row. One per view (its own sort), in the view's memo cache.
 */
const checkRowsOf = viewMemo(() => ({
  view: new CheckRowsView<CheckSummary, StatusSummary, CheckRow>(makeCheckRow),
  /** The statuses this view last sorted by (the poll's changed ids are against one byId). */
  statuses: undefined as ReadonlyMap<string, StatusSummary> | undefined,
}));

/** Last response time per check from the results held (only for the response-time sort). */
function responseOf(results: ResultsSlice | undefined, id: string): number | undefined {
  return results?.byCheck.get(id)?.items[0]?.responseTime ?? undefined;
}

/** Every check, sorted as the checks list is (default: failing and degraded first, then by name). */
export function sortedCheckRows(s: ConsoleState): CheckRow[] {
  const held = checkRowsOf(s);
  const byResponse = s.ui.sort.column === "responseTime";
  const results = s.results;
  const { byId, changed } = s.statuses;
  const rows = held.view.rows(
    s.checks.items,
    byId,
    s.ui.sort,
    byResponse ? { value: results, responseOf: (id) => responseOf(results, id) } : undefined,
    // the poll's changed ids, when this view last read the statuses they are against (else it scans)
    changed && held.statuses !== undefined && changed.since === held.statuses ? changed.ids : undefined,
    // a new sort of a long list is found in slices, the view woken when it is there (check-rows.ts)
    s.memo?.wake,
  ) as CheckRow[];
  held.statuses = byId;
  return rows;
}

/**
 * Make the view's checks list ready for a status poll not yet in the data (`next`, the statuses slice it
 * will put in): the rows it moves found and the new list built in slices that yield to input (check-rows.ts
 * `prepare`), so the poll's frame puts them in place in one step. Nothing when the view's list was not
 * last made from the statuses the poll changes (it is not being shown: made when next asked).
 */
export async function prepareCheckRows(s: ConsoleState, next: StatusesSlice): Promise<void> {
  const held = checkRowsOf(s);
  const changed = next.changed;
  if (changed === undefined || held.statuses !== s.statuses.byId || changed.since !== held.statuses) return;
  await held.view.prepare(s.checks.items, next.byId, s.ui.sort, changed.ids);
}

/**
 * Where check `id`'s row is in `rows` when they are the view's sorted list (a binary search), "absent"
 * when the list holds none, undefined when `rows` are other rows (not known).
 */
export function sortedCheckIndex(
  s: ConsoleState,
  rows: readonly CheckRow[],
  id: string,
): number | "absent" | undefined {
  if (sortedCheckRows(s) !== rows) return undefined;
  return checkRowsOf(s).view.indexOf(id) ?? "absent";
}

/** Whether the view's new sort is still being found (its rows are in the order before meanwhile). */
export function checkSortPending(s: ConsoleState): boolean {
  sortedCheckRows(s);
  return checkRowsOf(s).view.sorting;
}

/** The row of check `id` in the view's sorted list (`sortedCheckRows`), undefined when the list has none. */
export function sortedCheckRow(s: ConsoleState, id: string): CheckRow | undefined {
  sortedCheckRows(s);
  return checkRowsOf(s).view.row(id) as CheckRow | undefined;
}

/**
 * A check's last run as every screen says it: the later of its status's run (`statusAt`, epoch ms, NaN when
 * unknown) and its newest result held, with where it ran. Either may be behind the other — statuses come
 * every 10 s and a check's results when it is shown, so the list and the detail would otherwise name two
 * different last runs of one check.
 */
export function lastRunOf(
  statusAt: number,
  statusLocation: string | null | undefined,
  newest: ResultSummary | undefined,
): { at: number; location: string | undefined } {
  const resultAt = toEpochMs(newest?.stoppedAt ?? newest?.startedAt);
  // on a tie the result's: its time and location are one run's, where a status's may not be (vigil's
  // service times it by the newest run and places it where its state was decided: run-queries.ts)
  if (Number.isFinite(resultAt) && !(resultAt < statusAt))
    return { at: resultAt, location: newest?.runLocation ?? undefined };
  return { at: statusAt, location: statusLocation ?? undefined };
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
  const shown: ShownCheckRow = {
    ...row,
    // a heartbeat's last run is its last ping: its newest passing result, never the FAILING one
    lastRunAt: lastRunOf(row.statusAt, undefined, newestRun(row.check, items)).at,
    lastResponseMs: last?.responseTime ?? undefined,
    since:
      items && row.health !== "pending" ? stateSince(atLocations(items, row.check), row.health) : undefined,
    reason: reasonOf(row, items),
  };
  decorated.set(row, { items, row: shown });
  return shown;
}

/**
 * The reason of the newest FINAL result in the row's state (a multi-location check failing in one place
 * may have passed more recently in another; an ATTEMPT that a retry overturned explains nothing).
 */
function reasonOf(row: CheckRow, items: ResultsEntry["items"] | undefined): string | undefined {
  if (!items || !(row.health === "failing" || row.health === "degraded" || row.health === "cannot run"))
    return undefined;
  const hit = items.find((r) => r.resultType !== "ATTEMPT" && runState(r) === row.health);
  return hit ? runReason(hit, row.check) : undefined;
}

/** Below this, a time ahead of the local clock is the network's and the service's own delay. */
export const CLOCK_AHEAD_MIN_MS = 5000;

let newestHeld: { byId: StatusesSlice["byId"]; newest: number } | undefined;
/**
 * The newest run end among the statuses, kept across polls: a poll that changed nothing keeps it, one that
 * names its changes (statuses.changed) looks at those only — not 100,000 dates parsed every 10 s.
 */
function newestRunEnd(st: StatusesSlice): number {
  const { byId, changed } = st;
  if (newestHeld?.byId === byId) return newestHeld.newest;
  let newest = Number.NEGATIVE_INFINITY;
  if (newestHeld && changed && changed.since === newestHeld.byId) {
    newest = newestHeld.newest;
    for (const id of changed.ids) {
      const t = toEpochMs(byId.get(id)?.updated_at);
      if (t > newest) newest = t;
    }
  } else
    for (const s of byId.values()) {
      const t = toEpochMs(s.updated_at);
      if (t > newest) newest = t;
    }
  newestHeld = { byId, newest };
  return newest;
}

/**
 * How far the service's clock is at least ahead of this one (ms), when by more than a few seconds: the
 * newest run's end in the statuses against the local time they arrived. Undefined when not (or unknown).
 * Times shown as "ago" are clamped to now (format.ts clampToNow); the status line says this once.
 */
export function serviceClockAhead(s: ConsoleState): number | undefined {
  const loadedAt = s.statuses.loadedAt;
  if (loadedAt === undefined) return undefined;
  const ahead = newestRunEnd(s.statuses) - loadedAt;
  return ahead > CLOCK_AHEAD_MIN_MS ? ahead : undefined;
}
