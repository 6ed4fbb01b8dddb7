/**
 * Enter on an overview line opens what it names, where it lives: a check → the checks pane with its
 * detail open; a heartbeat → the heartbeats pane on that check; an incident → its detail; a channel →
 * the alert channels pane on it (detail open); a private location → its detail. The target pane's cursor
 * is put on the row (its `/` filter is cleared when it hides the row), so Esc lands on it in the list;
 * the overview's own cursor is pinned to the line, so `0` comes back to it after a re-sort.
 */

import { apply, type ConsoleState } from "../../../store/state.ts";
import { type OverviewItem, overviewItemKey, overviewItems } from "../../../store/triage/overview-state.ts";
import * as ui from "../../../store/view/ui.ts";
import * as work from "../../../store/view/work.ts";
import { alertChannelRows } from "../alerts/rows.ts";
import { visibleCheckRows } from "../checks/rows.ts";
import { incidentRows } from "../incidents/rows.ts";
import { privateLocationRows } from "../locations/rows.ts";
import type { PaneId } from "../registry.ts";
import type { KeyContext } from "../spec.ts";

type Target = { pane: PaneId; rows: (s: ConsoleState) => readonly unknown[]; id: (row: never) => string };

const TARGETS: Record<OverviewItem["section"], Target> = {
  checks: { pane: "checks", rows: visibleCheckRows, id: (r: { id: string }) => r.id },
  heartbeats: { pane: "heartbeats", rows: () => [], id: (r: { id: string }) => r.id },
  incidents: { pane: "incidents", rows: incidentRows, id: (i: { id: string }) => i.id },
  deliveries: { pane: "alerts", rows: alertChannelRows, id: (c: { id: number }) => String(c.id) },
  locations: { pane: "locations", rows: privateLocationRows, id: (l: { id: string }) => l.id },
};

/** The row of `id` in `pane`'s list, clearing the pane's filter when the filter hides it; -1: not there. */
function rowOf(ctx: KeyContext, t: Target, id: string): number {
  const find = () => t.rows(ctx.store.getState()).findIndex((r) => t.id(r as never) === id);
  let i = find();
  const s = ctx.store.getState();
  if (i < 0 && s.ui.filter[t.pane]) {
    apply(ctx.store, ui.setFilter(s, t.pane, ""));
    i = find();
  }
  return i;
}

/**
 * Enter puts the overview's own cursor on the line it opens (cursor.ts): Esc and `0` come back to that
 * line even after a re-sort moved it, also when no j/k put the cursor anywhere before.
 */
function pinOverviewCursor(ctx: KeyContext, item: OverviewItem): void {
  const key = overviewItemKey(item);
  const s = ctx.store.getState();
  if (s.ui.cursorId.overview === key) return;
  const row = overviewItems(s).findIndex((i) => overviewItemKey(i) === key);
  apply(ctx.store, ui.setCursor(s, "overview", Math.max(0, row), key));
}

export function openOverviewItem(ctx: KeyContext, item: OverviewItem | undefined): void {
  if (!item) return;
  pinOverviewCursor(ctx, item);
  const t = TARGETS[item.section];
  if (item.section === "heartbeats") {
    // the heartbeats pane shows the selected heartbeat check, from its newest event
    ctx.goPane(t.pane);
    const s = ctx.store.getState();
    apply(ctx.store, ui.selectCheck(s, item.id));
    apply(ctx.store, ui.setCursor(ctx.store.getState(), t.pane, 0, undefined));
    if (ctx.store.getState().ui.detail[t.pane] !== undefined) apply(ctx.store, ui.back(ctx.store.getState()));
    return;
  }
  const row = rowOf(ctx, t, item.id);
  let s = ctx.store.getState();
  if (row >= 0) apply(ctx.store, ui.setCursor(s, t.pane, row, item.id));
  if (item.section === "checks") apply(ctx.store, ui.selectCheck(ctx.store.getState(), item.id));
  s = ctx.store.getState();
  apply(ctx.store, ui.openDetail(s, t.pane, item.id));
  apply(ctx.store, work.clearDetailRow(ctx.store.getState(), t.pane));
  ctx.goPane(t.pane);
}
