/** Pane 4: a heartbeat check's timeline of pings and misses; ← → [ ] switch the check. */
import { heartbeatEventRows } from "../../../store/lists.ts";
import { paneCheck } from "../../../store/pane-selectors.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { HeartbeatsPane } from "./view.tsx";

export const heartbeats: PaneSpec = {
  id: "heartbeats",
  title: "Heartbeats",
  palette: "heartbeats",
  rows: listRows(heartbeatEventRows, (e) => e.id),
  detail: "event detail: state, time, source, user agent",
  jobs(s, k) {
    const row = paneCheck(s, "heartbeats");
    if (!row) return [k.checks];
    return [
      k.checks,
      {
        key: `heartbeats:${row.id}`,
        intervalMs: k.intervals.heartbeats,
        afterRest: true,
        run: (sig) => k.loaders.heartbeats(row.id, sig),
      },
    ];
  },
  loadedAt: (s) => {
    const row = paneCheck(s, "heartbeats");
    return row ? s.heartbeats.byCheck.get(row.id)?.loadedAt : undefined;
  },
  crumbs: (s) => {
    const name = paneCheck(s, "heartbeats")?.check.name ?? "";
    return s.ui.detail.heartbeats ? [name, "event"] : name ? [name] : [];
  },
  bindings: [
    {
      keys: ["[", "left"],
      label: "[ ←",
      help: "previous heartbeat check",
      run: (c) => c.switchHeartbeat(-1),
    },
    { keys: ["]", "right"], label: "] →", help: "next heartbeat check", run: (c) => c.switchHeartbeat(1) },
  ],
  view: HeartbeatsPane,
};
