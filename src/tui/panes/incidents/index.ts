/** Pane 5: incidents, open first; the detail is every update; u posts one, n opens a new incident. */

import { sortedUpdates } from "../../../store/data/incidents.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { detailReadAt, heldIncident } from "../../../store/view/work.ts";
import { detailMoves } from "../detail-keys.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { incidentRows, selectedIncident, selectedUpdate } from "./rows.ts";
import { IncidentsPane } from "./view.tsx";

const incidentOf = (s: ConsoleState, id: string) => heldIncident(s, id);

export const incidents: PaneSpec<"incidents"> = {
  id: "incidents",
  title: "Incidents",
  palette: "incidents",
  rows: listRows(incidentRows, (i) => i.id),
  selects: {
    incident: selectedIncident,
    // its detail open: chosen, not left under the cursor (u posts there even when it is resolved)
    incidentOpened: (s) => s.ui.detail.incidents !== undefined,
    // the detail's selected update; in the list, none (the latest is edited)
    update: (s, inc) => (s.ui.detail.incidents !== undefined ? selectedUpdate(s, inc) : undefined),
  },
  detail: "incident detail: every update, services",
  jobs(s, k) {
    const id = s.ui.detail.incidents;
    const jobs = [k.list("incidents"), k.list("services")];
    if (id) jobs.push(k.one(`incident:${id}`, () => k.loaders.incident(id)));
    return jobs;
  },
  // a detail shown is as old as its own read (a post re-reads it), the list as the list
  loadedAt: (s) => {
    const id = s.ui.detail.incidents;
    return (id === undefined ? undefined : detailReadAt(s, "incidents", id)) ?? s.incidents.loadedAt;
  },
  crumbs: (s) => {
    const id = s.ui.detail.incidents;
    return id ? [incidentOf(s, id)?.name ?? id] : [];
  },
  bindings: [
    // an incident detail starts on its latest update
    detailMoves(
      "incidents",
      "in the detail: select an update",
      (s, id) => {
        const inc = incidentOf(s, id);
        return inc ? sortedUpdates(inc).length : 0;
      },
      (len) => Math.max(0, len - 1),
    ),
    {
      action: "update-incident",
      keys: ["u"],
      help: "post an update (fast path: 5 u, type, Enter, y)",
      mutating: true,
      what: "posting updates",
      run: ({ actions }) => actions.openUpdate(),
    },
    {
      action: "new-incident",
      keys: ["n"],
      help: "new incident: name, severity, services, first update, notify",
      mutating: true,
      what: "opening incidents",
      run: ({ actions }) => actions.openNewIncident(),
    },
    {
      action: "edit-update",
      keys: ["e"],
      help: "edit the selected update (detail: j/k selects)",
      mutating: true,
      what: "editing updates",
      run: ({ actions }) => actions.openEditUpdate(),
    },
    {
      action: "edit-incident",
      keys: ["s"],
      help: "change severity, name, services",
      mutating: true,
      what: "editing incidents",
      run: ({ actions }) => actions.openEditIncident(),
    },
  ],
  view: IncidentsPane,
};
