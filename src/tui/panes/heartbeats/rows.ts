/**
 * The heartbeats pane's checks (the heartbeat checks, in the checks list's order, whatever the checks
 * pane's filter), the one it shows, and that check's events after the pane's `/` filter.
 */

import { isPassive } from "../../../contract/check-types.ts";
import type { HeartbeatEvent } from "../../../contract/schemas/heartbeats.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { memo, viewMemo } from "../../../store/view/memo.ts";
import { type CheckRow, sortedCheckRows } from "../../../store/view/selectors.ts";
import { filterByText } from "../../../store/view/text-filter.ts";

const isHeartbeat = (t: string) => isPassive(t);

const heartbeatRowsMemo = memo((rows: CheckRow[]) =>
  rows.filter((r) => isHeartbeat(String(r.check.checkType))),
);
/** Heartbeat checks, in the checks list's order (whatever the checks pane's filter). */
export function heartbeatChecks(s: ConsoleState): CheckRow[] {
  return heartbeatRowsMemo(sortedCheckRows(s));
}

/** The check the pane shows: the selected one if it is a heartbeat, else the first. */
export function heartbeatCheck(s: ConsoleState): CheckRow | undefined {
  const rows = heartbeatChecks(s);
  return rows.find((r) => r.id === s.ui.selectedCheckId) ?? rows[0];
}

const eventsFiltered = viewMemo((items: readonly HeartbeatEvent[], f: string) =>
  filterByText(items, f, (e) => `${e.state ?? ""} ${e.source ?? ""} ${e.userAgent ?? ""}`),
);
const NO_EVENTS: readonly HeartbeatEvent[] = [];
export function heartbeatEventRows(s: ConsoleState): readonly HeartbeatEvent[] {
  const row = heartbeatCheck(s);
  const events = row ? (s.heartbeats.byCheck.get(row.id)?.events ?? NO_EVENTS) : NO_EVENTS;
  return eventsFiltered(s, events, s.ui.filter.heartbeats ?? "");
}
