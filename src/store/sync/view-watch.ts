/**
 * The one rule of what in a view makes the poller look again (the console's view, and each viewer's of
 * `vigil share`): a pane switch, an opened or closed detail, or new analytics options tick at once; a
 * cursor move, a new selected check or new rows on screen wait for the cursor to rest (`poller.moved()`),
 * so holding j neither fetches for every row passed nor redraws mid-move. Anything else (a typed filter, a
 * notice, an overlay) waits for the poller's own tick.
 */
import type { ConsoleStore } from "../state.ts";
import type { UiSlice } from "../view/types.ts";
import type { Poller } from "./poller.ts";

/** What a change of the view's UI asks of the poller. */
export function viewChange(ui: UiSlice, prev: UiSlice): "tick" | "moved" | undefined {
  if (ui === prev) return undefined;
  if (ui.pane !== prev.pane || ui.detail !== prev.detail || ui.analytics !== prev.analytics) return "tick";
  if (
    ui.selectedCheckId !== prev.selectedCheckId ||
    ui.cursor !== prev.cursor ||
    ui.checksWindow !== prev.checksWindow
  )
    return "moved";
  return undefined;
}

/** Watch `view` for the poller until the returned function is called. */
export function watchView(view: ConsoleStore, poller: Poller): () => void {
  let last = view.getState().ui;
  return view.subscribe((s) => {
    const prev = last;
    last = s.ui;
    const change = viewChange(s.ui, prev);
    if (change === "tick") void poller.tick();
    else if (change === "moved") poller.moved();
  });
}
