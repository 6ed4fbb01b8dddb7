/** Which incident `u`, `e` and `s` act on, and an incident's updates in display order. */
import type { Incident } from "../contract/schemas/incidents.ts";
import { cursorIn } from "./cursor.ts";
import type { Draft } from "./drafts.ts";
import { cursorRowId, incidentRows } from "./lists.ts";
import { overviewItemKey, overviewItems } from "./triage/overview-state.ts";
import type { ConsoleState } from "./types.ts";

const isOpen = (i: Incident) => i.lastUpdateStatus !== "RESOLVED";

/**
 * The incident `u` / `s` act on: the open detail, else the cursor row of pane 5 — or the incident line
 * under the overview's cursor — else the latest open one.
 */
export function targetIncident(s: ConsoleState): Incident | undefined {
  const byId = (id: string | undefined) =>
    id ? (s.details.incidents.get(id) ?? s.incidents.items.find((i) => i.id === id)) : undefined;
  if (s.ui.pane === "overview") {
    const items = overviewItems(s);
    const it = items[cursorIn(s, "overview", items, overviewItemKey)];
    const picked = it?.section === "incidents" ? byId(it.id) : undefined;
    if (picked) return picked;
  }
  if (s.ui.pane === "incidents") {
    const d = byId(s.ui.detail.incidents);
    if (d) return d;
    const row = byId(cursorRowId(s, "incidents", incidentRows(s)));
    if (row) return row;
  }
  return latestOpenIncident(s);
}

export function latestOpenIncident(s: ConsoleState): Incident | undefined {
  return openIncidentsNewestFirst(s)[0];
}

/** The incidents not resolved, newest first (whatever the incidents pane's filter). */
export function openIncidentsNewestFirst(s: ConsoleState): Incident[] {
  return incidentRows({ ...s, ui: { ...s.ui, filter: { ...s.ui.filter, incidents: "" } } }).filter(isOpen);
}

/** The update selected in the incident detail (oldest first, as the detail lists them). */
export function selectedUpdate(s: ConsoleState, inc: Incident) {
  const ups = sortedUpdates(inc);
  return ups[Math.min(s.work.detailRow.incidents ?? ups.length - 1, ups.length - 1)];
}

export function sortedUpdates(inc: Incident) {
  const t = (u: { publicIncidentUpdateDate?: unknown; created_at?: unknown }) =>
    Date.parse(String(u.publicIncidentUpdateDate ?? u.created_at ?? "")) || 0;
  return [...(inc.incidentUpdates ?? [])].sort((a, b) => t(a) - t(b));
}

/** A stand-in for an incident not loaded (a draft restored before the list arrived). */
export const stub = (d: Draft): Incident =>
  ({
    id: d.target.incidentId ?? "",
    name: d.target.label ?? "incident",
    severity: "MAJOR",
    services: [],
    incidentUpdates: [],
    lastUpdateStatus: "INVESTIGATING",
    created_at: "",
  }) as Incident;
