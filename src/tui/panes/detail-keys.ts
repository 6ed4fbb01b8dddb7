/**
 * Bindings several panes share: moving inside an open detail (an incident's updates; scrolling
 * elsewhere) and Enter with the pane's own words for what it opens.
 */
import { apply, type ConsoleState } from "../../store/state.ts";
import * as ui from "../../store/view/ui.ts";
import * as work from "../../store/view/work.ts";
import type { PaneId } from "./registry.ts";
import { type Binding, byAction, type KeyContext } from "./spec.ts";

/** j/k g/G and the arrows, Home, End inside an open detail: a step, or the first / last row, by action. */
export const DETAIL_STEP: Record<string, number | "first" | "last"> = {
  down: 1,
  up: -1,
  first: "first",
  last: "last",
};

/** The detail's moves and their default keys (the same actions as the list's global ones). */
export const DETAIL_MOVE_KEYS: Record<string, readonly string[]> = {
  down: ["j", "down"],
  up: ["k", "up"],
  first: ["g", "home"],
  last: ["G", "end"],
};

/** The detail of `pane` is open. */
export const detailOpen = (pane: PaneId) => (s: ConsoleState) => s.ui.detail[pane] !== undefined;

/**
 * j/k g/G (and the arrows, Home, End) inside the open detail of `pane`: the row moves over `length` rows
 * (scrolling: a generous bound the detail clamps to what it has); `startAt` is the row a freshly opened
 * detail starts on (an incident: its latest update).
 */
export function detailMoves(
  pane: PaneId,
  help: string,
  length: (s: ConsoleState, id: string) => number = () => 200,
  startAt?: (len: number) => number,
): Binding {
  return byAction(DETAIL_MOVE_KEYS, {
    help,
    scope: "detail",
    run: ({ store, action }) => {
      const s = store.getState();
      const len = length(s, s.ui.detail[pane] ?? "");
      if (startAt && s.work.detailRow[pane] === undefined)
        apply(store, work.resetDetailRow(s, pane, startAt(len)));
      apply(store, work.moveDetailRow(store.getState(), pane, len, DETAIL_STEP[action] ?? 0));
    },
  });
}

/** Enter: open the cursor row's detail (the row of a fresh detail starts over). */
export function openCursorRow(ctx: KeyContext, id: string | undefined): void {
  const s = ctx.store.getState();
  const pane = s.ui.pane;
  if (id === undefined || s.ui.detail[pane] !== undefined) return;
  apply(ctx.store, ui.openDetail(s, pane, id));
  apply(ctx.store, work.clearDetailRow(ctx.store.getState(), pane));
}
