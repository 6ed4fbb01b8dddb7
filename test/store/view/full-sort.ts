/**
 * The checks list joined and sorted whole, every call: the oracle the incremental list (src/store/view/
 * check-rows.ts) must equal in the property tests. Written apart from the product's sort on purpose, so
 * the tests compare two ways of getting one order.
 */
import type { Health } from "../../../src/shared/format.ts";
import type { CheckSummary } from "../../../src/store/data/summary.ts";
import type { ResultsSlice } from "../../../src/store/data/types.ts";
import type { ConsoleState } from "../../../src/store/state.ts";
import { memo } from "../../../src/store/view/memo.ts";
import { allCheckRows, type CheckRow } from "../../../src/store/view/selectors.ts";
import type { Sort } from "../../../src/store/view/types.ts";

const RANK: Record<Health, number> = { failing: 0, degraded: 1, "cannot run": 2, pending: 3, passing: 5 };
/** A deactivated check does not run: after the ones that need a look, before the passing ones. */
const DEACTIVATED_RANK = 4;
const rankOf = (r: CheckRow) => (r.check.activated === false ? DEACTIVATED_RANK : RANK[r.health]);

/**
 * Name order: case-insensitive, then by code point. Not Intl.Collator: loading ICU's collation data costs
 * the console ~2 MB of memory (design.md §4 budgets RSS), for an order that only has to be stable and
 * readable.
 */
function collate(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Each check's place in name order (ties by id), computed once per checks list: every sort then compares
 * integers instead of collating 10,000 names again.
 */
const nameRanks = memo((checks: readonly CheckSummary[]): ReadonlyMap<string, number> => {
  const order = [...checks].sort((a, b) => collate(a.name, b.name) || collate(a.id, b.id));
  return new Map(order.map((c, i) => [c.id, i]));
});

/** Last response time per check from the results held (only for the response-time sort). */
function responseOf(results: ResultsSlice | undefined, id: string): number | undefined {
  return results?.byCheck.get(id)?.items[0]?.responseTime ?? undefined;
}

function primaryKey(sort: Sort, results: ResultsSlice | undefined): (r: CheckRow) => number | string {
  switch (sort.column) {
    case "status":
      return rankOf;
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
const sortRows = (
  rows: CheckRow[],
  sort: Sort,
  ranks: ReadonlyMap<string, number>,
  results?: ResultsSlice,
) => {
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
};

/**
 * The same rows joined and sorted whole, every call: the reference the incremental list must equal
 * (test/store/view/sorted-rows.test.ts, test/store/view/wired-rows.test.ts).
 */
export function sortCheckRowsWhole(s: ConsoleState): CheckRow[] {
  return sortRows(
    allCheckRows(s.checks.items, s.statuses.byId),
    s.ui.sort,
    nameRanks(s.checks.items),
    s.ui.sort.column === "responseTime" ? s.results : undefined,
  );
}
