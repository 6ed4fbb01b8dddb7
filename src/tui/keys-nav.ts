/**
 * Cursor and pane navigation of the key handler: moving the cursor of the current pane (arrows, j/k,
 * PgUp/PgDn, g/G), keeping the check shown by analytics/heartbeats in step with it, switching panes (which
 * carries the selected check over to analytics/heartbeats) and cycling the heartbeat check (← → [ ]).
 */
import { analyticsChecks, heartbeatChecks, paneCheck } from "../store/pane-selectors.ts";
import { cursorCheck } from "../store/selectors.ts";
import * as ui from "../store/slices/ui.ts";
import { apply, type ConsoleStore } from "../store/store.ts";
import type { ConsoleState, Pane } from "../store/types.ts";
import { paneSpec } from "./panes/lookup.ts";

export function createNavigation(store: ConsoleStore) {
  const get = (): ConsoleState => store.getState();
  const set = (p: Partial<ConsoleState>) => apply(store, p);

  function move(delta: number | "first" | "last") {
    const s = get();
    const pane = s.ui.pane;
    // no cursor moves while a detail is open (its keys move inside it)
    const len = s.ui.detail[pane] !== undefined ? 0 : paneSpec(pane).rows.length(s);
    const to = delta === "first" ? { row: 0 } : delta === "last" ? { row: len - 1 } : { delta };
    set(ui.moveCursor(s, pane, len, to));
    afterMove(pane);
  }

  /** Keep the check shown by analytics/heartbeats in step with the cursor. */
  function afterMove(pane: Pane): void {
    const s = get();
    if (pane === "checks") set(ui.selectCheck(s, cursorCheck(s)?.id));
    if (pane === "analytics") set(ui.selectCheck(s, analyticsChecks(s)[s.ui.cursor.analytics ?? 0]?.id));
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
      set({
        ui: {
          ...s.ui,
          cursor: { ...s.ui.cursor, analytics: i },
          selectedCheckId: list[i]?.id ?? s.ui.selectedCheckId,
        },
      });
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
    set({ ui: { ...get().ui, cursor: { ...get().ui.cursor, heartbeats: 0 } } });
  }

  return { move, afterMove, goPane, switchHeartbeat };
}
