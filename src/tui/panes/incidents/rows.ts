/**
 * The incidents pane's rows after its `/` filter (memoised per view) and what it selects — shared by its
 * view (what is shown) and its spec (how far the cursor may move, what Enter opens, which incident `u`,
 * `e` and `s` act on).
 */
import type { Incident } from "../../../contract/schemas/incidents.ts";
import { incidentsOpenFirst, sortedUpdates } from "../../../store/data/incidents.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { cursorRowId } from "../../../store/view/cursor.ts";
import { viewMemo } from "../../../store/view/memo.ts";
import { filterByText } from "../../../store/view/text-filter.ts";
import { heldIncident } from "../../../store/view/work.ts";

const PANE = "incidents";

const incidentsFiltered = viewMemo((items: readonly Incident[], f: string) =>
  filterByText(
    items,
    f,
    (i) => `${i.name} ${i.severity} ${i.lastUpdateStatus} ${i.services.map((s) => s.name).join(" ")}`,
  ),
);
export const incidentRows = (s: ConsoleState) =>
  incidentsFiltered(s, incidentsOpenFirst(s.incidents.items), s.ui.filter[PANE] ?? "");

const byId = (s: ConsoleState, id: string | undefined) => (id ? heldIncident(s, id) : undefined);

/** The incident the pane selects: its open detail, else the row under the cursor. */
export const selectedIncident = (s: ConsoleState): Incident | undefined =>
  byId(s, s.ui.detail[PANE]) ?? byId(s, cursorRowId(s, PANE, incidentRows(s)));

/** The update selected in the incident detail (oldest first, as the detail lists them). */
export function selectedUpdate(s: ConsoleState, inc: Incident) {
  const ups = sortedUpdates(inc);
  return ups[Math.min(s.work.detailRow[PANE] ?? ups.length - 1, ups.length - 1)];
}
