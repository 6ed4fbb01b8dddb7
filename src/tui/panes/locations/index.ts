/** Pane 8: private locations with their live agents; n creates one (its key is shown once). */

import { detailReadAt } from "../../../store/view/work.ts";
import { detailMoves } from "../detail-keys.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { privateLocationRows } from "./rows.ts";
import { PrivateLocationsPane } from "./view.tsx";

export const locations: PaneSpec<"locations"> = {
  id: "locations",
  title: "Private locations",
  palette: "locations",
  rows: listRows(privateLocationRows, (l) => l.id),
  detail: "private location detail (keys and proxy credentials masked)",
  jobs(s, k) {
    // agents come and go within seconds: the list (agent count, last seen) is read at the status pace
    // (k.list's own pace for this list: src/store/sync/plan.ts)
    const jobs = [k.list("privateLocations")];
    const id = s.ui.detail.locations;
    if (id)
      jobs.push(
        { ...k.one(`location:${id}`, () => k.loaders.privateLocation(id)), intervalMs: k.intervals.statuses },
        k.checks,
      );
    return jobs;
  },
  // a detail shown is as old as its own read (a post re-reads it), the list as the list
  loadedAt: (s) => {
    const id = s.ui.detail.locations;
    return (id === undefined ? undefined : detailReadAt(s, "locations", id)) ?? s.privateLocations.loadedAt;
  },
  crumbs: (s) => {
    const id = s.ui.detail.locations;
    return id ? [s.privateLocations.items.find((l) => l.id === id)?.name ?? id] : [];
  },
  bindings: [
    detailMoves("locations", "in the detail: scroll"),
    {
      action: "new-location",
      keys: ["n"],
      help: "new private location (its key is shown once)",
      mutating: true,
      what: "creating locations",
      run: ({ actions }) => actions.openNewLocation(),
    },
  ],
  view: PrivateLocationsPane,
};
