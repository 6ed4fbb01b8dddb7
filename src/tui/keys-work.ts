/**
 * Pane keys of the incident workflow and the configuration panes (5–8): `n` new incident (pane 8: new
 * private location), `u` post an update (selected or latest open incident, from any pane), `e` edit the
 * selected update / the status page, `s` severity, name and services of the incident, `v` reveal a
 * channel's secrets, `a` the webhook preview's alert type, and j/k inside an open detail (the selected
 * update of an incident; scrolling elsewhere). Returns whether the key was taken.
 */
import type { Actions } from "../store/actions.ts";
import { sortedUpdates } from "../store/incident-targets.ts";
import * as work from "../store/slices/work.ts";
import { apply, type ConsoleStore } from "../store/store.ts";
import type { Pane } from "../store/types.ts";
import type { KeyInfo } from "./key-input.ts";

/** Rows of the open detail of `pane` the j/k keys move over (incident: its updates; others: scroll). */
function detailLength(store: ConsoleStore, pane: Pane, id: string): number {
  const s = store.getState();
  if (pane === "incidents") {
    const inc = s.details.incidents.get(id) ?? s.incidents.items.find((i) => i.id === id);
    return inc ? sortedUpdates(inc).length : 0;
  }
  // scroll offset: the detail clamps it to what it has
  return 200;
}

export function workPaneKey(
  ch: string,
  key: KeyInfo,
  ctx: { store: ConsoleStore; actions: Actions },
): boolean {
  const { store, actions } = ctx;
  const s = store.getState();
  const pane = s.ui.pane;
  const detail = s.ui.detail[pane];
  const inWork = pane === "incidents" || pane === "alerts" || pane === "pages" || pane === "locations";
  if (inWork && detail !== undefined) {
    const len = detailLength(store, pane, detail);
    const move = (d: number | "first" | "last") => {
      // an incident detail starts on its latest update
      if (pane === "incidents" && s.work.detailRow.incidents === undefined)
        apply(store, work.resetDetailRow(store.getState(), pane, Math.max(0, len - 1)));
      apply(store, work.moveDetailRow(store.getState(), pane, len, d));
      return true;
    };
    if (key.downArrow || ch === "j") return move(1);
    if (key.upArrow || ch === "k") return move(-1);
    if (ch === "g" || key.home) return move("first");
    if (ch === "G" || key.end) return move("last");
  }
  switch (ch) {
    case "n":
      if (pane === "locations") actions.openNewLocation();
      else actions.openNewIncident();
      return true;
    case "u":
      actions.openUpdate();
      return true;
  }
  if (pane === "incidents") {
    if (ch === "e") {
      actions.openEditUpdate();
      return true;
    }
    if (ch === "s") {
      actions.openEditIncident();
      return true;
    }
  }
  if (pane === "pages" && ch === "e") {
    actions.openPageEdit();
    return true;
  }
  if (pane === "alerts" && detail !== undefined) {
    if (ch === "v") {
      actions.toggleReveal(detail);
      return true;
    }
    if (ch === "a") {
      actions.nextAlertType();
      return true;
    }
  }
  return false;
}
