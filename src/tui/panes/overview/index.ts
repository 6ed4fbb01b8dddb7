/**
 * Pane 0, the landing screen: what is broken, why, since when, and who knows (store/triage/overview.ts) —
 * counts, the checks that need a look with their reason and "failing for", overdue heartbeats, open
 * incidents, alert delivery trouble, private locations without an agent; one calm line when all is well.
 * Enter opens what a line names (open.ts); `t` re-runs the selected check and follows it; `m` `i` `y` `o`
 * mute it, open an incident for it, copy, open its link (act-keys.ts); `u` updates the incident selected.
 */

import { checksTarget, NONE } from "../../../store/actions/targets.ts";
import { lastPassHolds, lastPassKey } from "../../../store/data/last-pass.ts";
import { apply, type ConsoleState } from "../../../store/state.ts";
import type { Job } from "../../../store/sync/poller.ts";
import {
  attentionOf,
  checkTriageOf,
  OVERVIEW_SECTIONS,
  type OverviewItem,
  overdueOf,
  overviewItemKey,
  overviewItems,
  sectionStarts,
} from "../../../store/triage/overview-state.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import * as ui from "../../../store/view/ui.ts";
import { heldIncident } from "../../../store/view/work.ts";
import { ACT_KEYS, EDIT_KEY } from "../act-keys.ts";
import { byAction, listRows, type PaneSpec } from "../spec.ts";
import { openOverviewItem } from "./open.ts";
import { OverviewPane } from "./view.tsx";

const itemKey = overviewItemKey;

/** The item under the overview's cursor. */
export function overviewCursorItem(s: ConsoleState): OverviewItem | undefined {
  const items = overviewItems(s);
  return items[cursorIn(s, "overview", items, itemKey)];
}

/** Failing checks whose last pass before a streak older than their results is asked for: at most this many. */
const LAST_PASS_ROWS = 10;

/** Overdue heartbeats whose events (last ping) and results (since) are read: at most this many. */
const HEARTBEAT_ROWS = 10;

/** `count` rows of `length` around `at` (the window the pane shows, or near it). */
function around(at: number, length: number, count: number): [number, number] {
  const from = Math.max(0, Math.min(at - Math.floor(count / 2), length - count));
  return [from, from + count];
}

/** The line under the cursor. */
const cursorItem = (s: ConsoleState) => {
  const items = overviewItems(s);
  return items[cursorIn(s, "overview", items, itemKey)];
};

export const overview: PaneSpec<"overview"> = {
  id: "overview",
  title: "Overview",
  palette: "overview",
  rows: listRows(overviewItems, itemKey),
  selects: {
    // the check (or heartbeat) under the cursor — an incident, channel or location line names no check
    checks(s) {
      const it = cursorItem(s);
      if (!it) return NONE("nothing selected: all is well");
      if (it.section !== "checks" && it.section !== "heartbeats")
        return NONE("put the cursor on a check (this line names no check)");
      return checksTarget(s, [it.id]);
    },
    incident(s) {
      const it = cursorItem(s);
      if (it?.section !== "incidents") return undefined;
      return heldIncident(s, it.id);
    },
  },
  jobs(s, k) {
    const jobs: Job[] = [
      k.checks,
      k.statuses,
      k.list("incidents"),
      k.list("alertNotifications"),
      k.list("alertChannels"),
      k.list("privateLocations"),
    ];
    if (s.checks.loadedAt === undefined) return jobs;
    const cur = overviewCursorItem(s);
    // the results (reason, since, locations) of the checks on screen: the window the view reports
    // (ui.checksWindow: the shown pane's check rows), bounded for the check-results route family
    const attention = attentionOf(s);
    const { first, count } = s.ui.checksWindow;
    for (const r of attention.slice(first, first + Math.min(count, k.maxResultRows)))
      jobs.push(k.results(r.id));
    // a failing streak older than the results held: the last pass before it, once per streak, for the
    // first rows around the cursor only (a few requests each in the check-results family)
    const [p, q] = around(cur?.section === "checks" ? cur.index : 0, attention.length, LAST_PASS_ROWS);
    for (const r of attention.slice(p, q)) {
      for (const o of checkTriageOf(r, s.results.byCheck.get(r.id), s.lastPasses).openStreaks) {
        const held = s.lastPasses.get(lastPassKey(r.id, o.location));
        if (held && lastPassHolds(held, o.before)) continue;
        jobs.push({
          key: `lastpass:${r.id}:${o.location}:${o.before}`,
          intervalMs: k.intervals.results,
          afterRest: true,
          run: (sig) => k.loaders.lastPass(r.id, o.location, o.before, sig),
        });
      }
    }
    // overdue heartbeats: their events (the last real ping) and results (overdue since)
    const overdue = overdueOf(s);
    const [c, d] = around(cur?.section === "heartbeats" ? cur.index : 0, overdue.length, HEARTBEAT_ROWS);
    for (const r of overdue.slice(c, d))
      jobs.push(k.results(r.id), {
        key: `heartbeats:${r.id}`,
        intervalMs: k.intervals.heartbeats,
        afterRest: true,
        run: (sig) => k.loaders.heartbeats(r.id, sig),
      });
    return jobs;
  },
  // the oldest of what it shows that changes: the statuses (every 10 s, as on the checks pane), the open
  // incidents, the alert deliveries and the private locations (every 30 s / 10 s) — each once read (a
  // section not read yet says so itself); the checks list's names and settings are not "the data" here
  loadedAt: (s) => {
    if (s.checks.loadedAt === undefined) return undefined;
    const read = [
      s.statuses.loadedAt ?? s.checks.loadedAt,
      s.incidents.loadedAt,
      s.alertNotifications.loadedAt,
      s.privateLocations.loadedAt,
    ].filter((t) => t !== undefined);
    return Math.min(...read);
  },
  crumbs: () => [],
  bindings: [
    {
      action: "open",
      hint: "open",
      keys: ["enter"],
      help: "open what the line names: a check's detail, the heartbeat, incident, channel or location",
      run: (ctx) => openOverviewItem(ctx, overviewCursorItem(ctx.store.getState())),
    },
    {
      action: "trigger",
      hint: "re-run",
      keys: ["t"],
      help: "re-run the selected check, then follow it live",
      mutating: true,
      what: "triggering",
      run: ({ actions, store }) => {
        const s = store.getState();
        const it = overviewCursorItem(s);
        if (it?.section === "checks") actions.askTrigger([it.id]);
        else
          apply(
            store,
            ui.setNotice(
              s,
              it?.section === "heartbeats"
                ? "a heartbeat check is pinged, not run: nothing to re-run"
                : "t re-runs a check: put the cursor on one",
            ),
          );
      },
    },
    // m i y o: mute, incident, copy, open — on the check (or heartbeat) under the cursor
    ...ACT_KEYS,
    EDIT_KEY,
    byAction(
      { "previous-section": ["["], "next-section": ["]"] },
      {
        help: "previous / next section",
        hint: "section",
        run: ({ store, action }) => {
          const s = store.getState();
          const items = overviewItems(s);
          const starts = sectionStarts(items);
          const here = items[cursorIn(s, "overview", items, itemKey)]?.section ?? "checks";
          const order = OVERVIEW_SECTIONS.filter((x) => starts[x] >= 0);
          const i = order.indexOf(here);
          const next = order[(i + (action === "next-section" ? 1 : -1) + order.length) % order.length];
          if (next === undefined) return;
          const row = starts[next];
          apply(store, ui.setCursor(s, "overview", row, items[row]?.key));
        },
      },
    ),
  ],
  hints: [
    { actions: ["trigger", "mute", "incident-for-check"], mutating: true },
    { actions: ["copy", "open-link", "next-section"] },
    { actions: ["activate", "edit-check"], mutating: true },
  ],
  view: OverviewPane,
};
