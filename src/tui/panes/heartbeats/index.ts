/**
 * Pane 4: a heartbeat check as a timeline of expectations (period, grace, the ping URL, when the next
 * ping is due); ← → [ ] switch the check, y copies its ping URL.
 */
import { heartbeatsBehind } from "../../../store/data/heartbeat-events.ts";
import { apply } from "../../../store/state.ts";
import type { JobKit } from "../../../store/sync/plan.ts";
import type { Job } from "../../../store/sync/poller.ts";
import { pingUrlOf } from "../../../store/triage/heartbeat-timeline.ts";
import { setNotice } from "../../../store/view/ui.ts";
import { paneCheck } from "../check-panes.ts";
import { byAction, listRows, type PaneSpec } from "../spec.ts";
import { heartbeatChecks, heartbeatEventRows } from "./rows.ts";
import { HeartbeatsPane } from "./view.tsx";

/** The job reading a heartbeat check's events: this pane's, and a heartbeat's check detail. */
export function heartbeatEventsJob(k: JobKit, id: string): Job {
  return {
    key: `heartbeats:${id}`,
    intervalMs: k.intervals.heartbeats,
    afterRest: true,
    // a status newer than the events held (a ping or a miss since): read them again now
    stale: (st) => heartbeatsBehind(st, id),
    run: (sig) => k.loaders.heartbeats(id, sig),
  };
}

export const heartbeats: PaneSpec<"heartbeats"> = {
  id: "heartbeats",
  title: "Heartbeats",
  palette: "heartbeats",
  rows: listRows(heartbeatEventRows, (e) => e.id),
  showsCheck: heartbeatChecks,
  detail: "event detail: state against the expected time, pings, source, user agent",
  jobs(s, k) {
    const row = paneCheck(s, "heartbeats");
    if (!row) return [k.checks];
    return [
      k.checks,
      // the statuses too: a recovery ping turns the check green in the lists within one poll
      k.statuses,
      heartbeatEventsJob(k, row.id),
      // the full check: its ping URL (the list entries are slim)
      { key: `check:${row.id}`, intervalMs: k.intervals.lists, run: (sig) => k.loaders.check(row.id, sig) },
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
    byAction(
      { "previous-check": ["[", "left"], "next-check": ["]", "right"] },
      {
        help: "previous / next heartbeat check",
        run: (c) => c.switchCheck(c.action === "previous-check" ? -1 : 1),
      },
    ),
    {
      action: "copy",
      keys: ["y"],
      help: "copy the heartbeat's ping URL to the clipboard (OSC 52)",
      run: ({ store, actions }) => {
        const s = store.getState();
        const row = paneCheck(s, "heartbeats");
        const held = row ? s.details.checks.get(row.id) : undefined;
        // the URL as shown: none from before a move of the local service (pingUrlOf)
        const ping = pingUrlOf(held, s.activity);
        if (ping.url) actions.copyText("ping URL", ping.url);
        else
          apply(
            store,
            setNotice(
              s,
              held && !held.heartbeat?.pingUrl
                ? "nothing to copy: the check has no ping URL"
                : "the check is being read — try again",
            ),
          );
      },
    },
  ],
  view: HeartbeatsPane,
};
