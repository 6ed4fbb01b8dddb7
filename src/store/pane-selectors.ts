/**
 * Per-pane selectors: which checks the analytics and heartbeats panes can show and which one they show,
 * the sessions list as shown, and the generic text filter of the simple list panes. Built on the
 * checks-list selectors (selectors.ts) and memoised the same way.
 */
import { type AnalyticsKind, analyticsKindOf } from "../contract/analytics-metrics.ts";
import { type CheckRow, matchesCheckFilter, memo, sortedCheckRows } from "./selectors.ts";
import type { ConsoleState, TrackedSession } from "./types.ts";

/** Which analytics report a check type has (analytics-metrics.ts); undefined for a type without one. */
export function analyticsKind(checkType: string | undefined): AnalyticsKind | undefined {
  return analyticsKindOf(checkType);
}

const isHeartbeat = (t: string) => t === "HEARTBEAT";

const analyticsFiltered = memo((rows: CheckRow[], f: string) =>
  f ? rows.filter((r) => matchesCheckFilter(r, f)) : rows,
);
/**
 * Checks the analytics pane shows, in the checks list's order, narrowed by the pane's own `/` filter only
 * (the checks pane's filter is that pane's business). Every check: one whose type has no report is shown
 * with a line saying so.
 */
export function analyticsChecks(s: ConsoleState): CheckRow[] {
  return analyticsFiltered(sortedCheckRows(s), s.ui.filter.analytics ?? "");
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
