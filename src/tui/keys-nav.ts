/**
 * Cursor and pane navigation of the key handler: moving the cursor of the current pane (arrows, j/k,
 * PgUp/PgDn, g/G), keeping the selected check in step with a cursor on checks, switching panes (which
 * carries the selected check over to a pane that shows one check) and cycling the check such a pane shows (the heartbeats pane's ← → [ ]).
 * Which panes do what is their specs' (`selectsCheck`, `showsCheck`: src/tui/panes/spec.ts).
 */
import { apply, type ConsoleState, type ConsoleStore } from "../store/state.ts";
import type { Pane } from "../store/view/types.ts";
import * as ui from "../store/view/ui.ts";
import { cursorCheck } from "./panes/checks/rows.ts";
import { paneSpec } from "./panes/lookup.ts";
import { RESULTS_PANE, resultsShown } from "./panes/results/drill.ts";
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
    const moved = ui.moveCursor(s, pane, len, to, {
      from: cursorRow(s, spec),
      idAt: (i) => spec.rows.id(s, i),
    });
    // the cursor and the check it selects in one change of the store: each change runs every selector of
    // every component on screen (a held `j` at 10,000 checks)
    set({ ...moved, ...selected(pane, { ...s, ...moved }) });
  }

  /** The check a cursor on checks selects in `s`: the check of its row (what the panes showing one check open on). */
  function selected(pane: Pane, s: ConsoleState): Partial<ConsoleState> {
    const spec = paneSpec(pane);
    return spec.selectsCheck ? ui.selectCheck(s, spec.rows.id(s, cursorRow(s, spec))) : {};
  }

  /** A cursor on checks selects the check of its row (what the panes showing one check open on). */
  function afterMove(pane: Pane): void {
    set(selected(pane, get()));
  }

  /** Open `pane`; one that shows one check shows the selected one (its cursor on it when its rows are checks). */
  function goPane(pane: Pane) {
    const s = get();
    const spec = paneSpec(pane);
    const list = spec.showsCheck?.(s);
    if (list) {
      const want = cursorCheck(s)?.id ?? s.ui.selectedCheckId;
      const at = list.findIndex((r) => r.id === want);
      if (spec.selectsCheck) {
        const i = Math.max(0, at);
        set(ui.setCursor(s, pane, i, list[i]?.id));
        set(ui.selectCheck(get(), list[i]?.id ?? s.ui.selectedCheckId));
      } else if (at >= 0) set(ui.selectCheck(s, want));
    }
    set(ui.setPane(get(), pane));
    // the results drill-down shown again (`:results`) lists what is read from now on, as when opened
    if (pane === RESULTS_PANE && get().drill.checkId !== undefined) set(resultsShown(get(), Date.now()));
  }

  /** The shown pane shows the previous / next of its checks (`showsCheck`); its cursor back on the first row. */
  function switchCheck(delta: number) {
    const s = get();
    const pane = s.ui.pane;
    const list = paneSpec(pane).showsCheck?.(s) ?? [];
    if (list.length === 0) return;
    const i = Math.max(
      0,
      list.findIndex((r) => r.id === s.ui.selectedCheckId),
    );
    const next = list[(i + delta + list.length) % list.length];
    set(ui.selectCheck(s, next?.id));
    set(ui.setCursor(get(), pane, 0, undefined));
  }

  return { move, afterMove, goPane, switchCheck };
}
