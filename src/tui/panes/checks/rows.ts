/** The checks pane's rows (the checks list sorted, after the pane's `/` filter) and its cursor's check. */
import type { ResultsEntry } from "../../../store/data/types.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import {
  type CheckRow,
  matchesCheckFilter,
  newCheckRowsFilter,
  sortedCheckIndex,
  sortedCheckRow,
  sortedCheckRows,
} from "../../../store/view/selectors.ts";

const PANE = "checks";
// over a long list, a keystroke answers the rows on screen first (filtered-rows.ts)
const filterRows = newCheckRowsFilter(true);

/** The checks list as shown: sorted, then narrowed by the checks pane's `/` filter. */
export function visibleCheckRows(s: ConsoleState): CheckRow[] {
  return filterRows(s, sortedCheckRows(s), s.ui.filter[PANE] ?? "");
}

const rowId = (r: CheckRow) => r.id;

/**
 * Whether check `id` has no row shown: none in the list, or its row does not pass the filter — told from
 * that one row, so the cursor does not scan every row a filter keystroke kept for a check it left out.
 */
export function checkRowAbsent(s: ConsoleState, id: string): boolean {
  const r = sortedCheckRow(s, id);
  const filter = s.ui.filter[PANE] ?? "";
  return r === undefined || (filter !== "" && !matchesCheckFilter(r, filter));
}

/**
 * Where check `id`'s row is in the rows shown, when told at once: unfiltered, by a binary search of the
 * sorted list; "absent" when it has no row shown; else undefined (the cursor scans the filter's rows).
 */
export function locateCheckRow(
  s: ConsoleState,
  rows: readonly CheckRow[],
  id: string,
): number | "absent" | undefined {
  const at = sortedCheckIndex(s, rows, id);
  if (at !== undefined) return at;
  return checkRowAbsent(s, id) ? "absent" : undefined;
}

/** The row of the checks cursor: the row of the check it follows (store/view/cursor.ts). */
export function checksCursor(s: ConsoleState): number {
  const rows = visibleCheckRows(s);
  return cursorIn(s, PANE, rows, rowId, (id) => locateCheckRow(s, rows, id));
}

/** The check under the checks cursor. */
export function cursorCheck(s: ConsoleState): CheckRow | undefined {
  return visibleCheckRows(s)[checksCursor(s)];
}

const needsLook = (r: CheckRow) =>
  r.check.activated !== false &&
  (r.health === "failing" || r.health === "degraded" || r.health === "cannot run");

const reasonsOf = new WeakMap<
  readonly CheckRow[],
  { byCheck: ReadonlyMap<string, ResultsEntry>; any: boolean }
>();
/**
 * Whether a row shown has a reason to show (the REASON column is there only then): an active check that
 * needs a look and whose results are held. Asked of the results held (a few hundred checks at most), each
 * found in the list and tested against the filter — not of every row shown (a pass over 100,000 rows in
 * every frame of a poll); remembered per rows array and results.
 */
export function anyReasonShown(s: ConsoleState): boolean {
  const rows = visibleCheckRows(s);
  const byCheck = s.results.byCheck;
  const hit = reasonsOf.get(rows);
  if (hit?.byCheck === byCheck) return hit.any;
  const filter = s.ui.filter[PANE] ?? "";
  let any = false;
  for (const [id, entry] of byCheck) {
    if (entry.items.length === 0) continue;
    const r = sortedCheckRow(s, id);
    if (r && needsLook(r) && (filter === "" || matchesCheckFilter(r, filter))) {
      any = true;
      break;
    }
  }
  reasonsOf.set(rows, { byCheck, any });
  return any;
}
