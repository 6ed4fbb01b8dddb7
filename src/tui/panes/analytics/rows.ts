/**
 * The analytics pane's checks and the one it shows: every check, in the checks list's order, narrowed by
 * the pane's own `/` filter only (the checks pane's filter is that pane's business) — one whose type has
 * no report is shown with a line saying so — and the grid the shown check's report is drawn on.
 */
import { type AnalyticsKind, analyticsKindOf } from "../../../contract/analytics-metrics.ts";
import type { TimeGrid } from "../../../shared/time-grid.ts";
import { analyticsKey, reportGrid } from "../../../store/analytics/query.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { type CheckRow, newCheckRowsFilter, sortedCheckRows } from "../../../store/view/selectors.ts";

/** Which analytics report a check type has (analytics-metrics.ts); undefined for a type without one. */
export function analyticsKind(checkType: string | undefined): AnalyticsKind | undefined {
  return analyticsKindOf(checkType);
}

const analyticsFiltered = newCheckRowsFilter();
/** Checks the analytics pane shows, in the checks list's order, narrowed by the pane's `/` filter. */
export function analyticsChecks(s: ConsoleState): CheckRow[] {
  return analyticsFiltered(s, sortedCheckRows(s), s.ui.filter.analytics ?? "");
}

/** The check the pane shows: the selected one if it is listed, else the first. */
export function analyticsCheck(s: ConsoleState): CheckRow | undefined {
  const rows = analyticsChecks(s);
  return rows.find((r) => r.id === s.ui.selectedCheckId) ?? rows[0];
}

/** The grid the shown check's report is drawn on, or undefined without a report kind. */
export function shownGrid(s: ConsoleState, now: number): TimeGrid | undefined {
  const row = analyticsCheck(s);
  const kind = analyticsKind(row?.check.checkType);
  if (!row || !kind) return undefined;
  const entry = s.analytics.cache.get(analyticsKey(row.id, s.ui.analytics));
  return reportGrid(kind, s.ui.analytics, entry?.report, entry?.loadedAt ?? now);
}
