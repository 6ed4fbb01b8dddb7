/** The checks pane's rows (the checks list sorted, after the pane's `/` filter) and its cursor's check. */
import type { ConsoleState } from "../../../store/state.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import { type CheckRow, newCheckRowsFilter, sortedCheckRows } from "../../../store/view/selectors.ts";

const PANE = "checks";
const filterRows = newCheckRowsFilter();

/** The checks list as shown: sorted, then narrowed by the checks pane's `/` filter. */
export function visibleCheckRows(s: ConsoleState): CheckRow[] {
  return filterRows(s, sortedCheckRows(s), s.ui.filter[PANE] ?? "");
}

const rowId = (r: CheckRow) => r.id;

/** The row of the checks cursor: the row of the check it follows (store/view/cursor.ts). */
export function checksCursor(s: ConsoleState): number {
  return cursorIn(s, PANE, visibleCheckRows(s), rowId);
}

/** The check under the checks cursor. */
export function cursorCheck(s: ConsoleState): CheckRow | undefined {
  return visibleCheckRows(s)[checksCursor(s)];
}
