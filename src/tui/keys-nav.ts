/**
 * Cursor and pane navigation of the key handler: moving the cursor of the current pane (arrows, j/k,
 * PgUp/PgDn, g/G), keeping the check shown by analytics/heartbeats in step with it, switching panes (which
 * carries the selected check over to analytics/heartbeats) and cycling the heartbeat check (← → [ ]).
 */

import type { ConsoleState } from "../store/state.ts";
import { apply, type ConsoleStore } from "../store/state.ts";
import { cursorCheck } from "../store/view/selectors.ts";
import type { Pane } from "../store/view/types.ts";
import * as ui from "../store/view/ui.ts";
import { analyticsChecks } from "./panes/analytics/rows.ts";
import { paneCheck } from "./panes/check-panes.ts";
import { heartbeatChecks } from "./panes/heartbeats/rows.ts";
import { paneSpec } from "./panes/lookup.ts";
import { cursorRow } from "./panes/spec.ts";

export function createNavigation(store: ConsoleStore) {
  const get = (): ConsoleState => store.getState();
  const set = (p: Partial<ConsoleState>) => apply(store, p);

  /**
   * Move the list cursor from the row it shows (the row of the id it follows), then follow the new row's
   * id. Never while a detail is open: the list cursor stays on the row the detail was opened from (the
   * detail's own keys move inside it).
   */
  function move(delta: number | "first" | "last") {
    const s = get();
    const pane = s.ui.pane;
    if (s.ui.detail[pane] !== undefined) return;
    const spec = paneSpec(pane);
    const len = spec.rows.length(s);
    const to = delta === "first" ? { row: 0 } : delta === "last" ? { row: len - 1 } : { delta };
    set(ui.moveCursor(s, pane, len, to, { from: cursorRow(s, spec), idAt: (i) => spec.rows.id(s, i) }));
    afterMove(pane);
  }

  /** Keep the check shown by analytics/heartbeats in step with the cursor. */
  function afterMove(pane: Pane): void {
    const s = get();
    if (pane === "checks") set(ui.selectCheck(s, cursorCheck(s)?.id));
    if (pane === "analytics") set(ui.selectCheck(s, analyticsChecks(s)[cursorRow(s, paneSpec(pane))]?.id));
  }

  function goPane(pane: Pane) {
    const s = get();
    if (pane === "analytics") {
      const c = cursorCheck(s);
      const list = analyticsChecks(s);
      const want = c ? c.id : s.ui.selectedCheckId;
      const i = Math.max(
        0,
        list.findIndex((r) => r.id === want),
      );
      set(ui.setCursor(s, "analytics", i, list[i]?.id));
      set(ui.selectCheck(get(), list[i]?.id ?? s.ui.selectedCheckId));
    }
    if (pane === "heartbeats") {
      const c = cursorCheck(s);
      if (c && c.check.checkType === "HEARTBEAT") set(ui.selectCheck(get(), c.id));
    }
    set(ui.setPane(get(), pane));
  }

  function switchHeartbeat(delta: number) {
    const s = get();
    const list = heartbeatChecks(s);
    if (list.length === 0) return;
    const cur = paneCheck(s, "heartbeats");
    const i = Math.max(
      0,
      list.findIndex((r) => r.id === cur?.id),
    );
    const next = list[(i + delta + list.length) % list.length];
    set(ui.selectCheck(s, next?.id));
    set(ui.setCursor(get(), "heartbeats", 0, undefined));
  }

  return { move, afterMove, goPane, switchHeartbeat };
}
