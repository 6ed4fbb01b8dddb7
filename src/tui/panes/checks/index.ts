/** Pane 1: every check with its state, last run and response time; Enter opens its detail. */

import { specOf } from "../../../contract/check-types.ts";
import { checksTarget, NONE } from "../../../store/actions/targets.ts";
import { apply } from "../../../store/state.ts";
import type { Job } from "../../../store/sync/poller.ts";
import type { SortColumn } from "../../../store/view/types.ts";
import * as ui from "../../../store/view/ui.ts";
import { ACT_KEYS, EDIT_KEY } from "../act-keys.ts";
import { heartbeatEventsJob } from "../heartbeats/index.ts";
import { openResults } from "../results/drill.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { cursorCheck, visibleCheckRows } from "./rows.ts";
import { ChecksPane } from "./view.tsx";

const SORT_ORDER: SortColumn[] = ["status", "name", "type", "frequency", "lastRun", "responseTime"];

export const checks: PaneSpec<"checks"> = {
  id: "checks",
  title: "Checks",
  palette: "checks",
  rows: listRows(visibleCheckRows, (r) => r.id),
  selects: {
    // in a detail, its check; in the list, the marked checks, else the one under the cursor (the cursor
    // follows the check's id, so a re-sort never changes what is acted on)
    checks(s, single) {
      const detail = s.ui.detail.checks;
      if (detail !== undefined) return checksTarget(s, [detail]);
      if (!single && s.ui.marked.size > 0)
        return {
          checks: s.checks.items.filter((c) => s.ui.marked.has(c.id)),
          result: undefined,
          none: undefined,
        };
      const row = cursorCheck(s);
      return row ? { checks: [row.check], result: undefined, none: undefined } : NONE("no check selected");
    },
  },
  selectsCheck: true,
  detail: "check detail: configuration, recent runs by location, subscriptions",
  jobs(s, k) {
    const jobs: Job[] = [k.checks, k.statuses];
    const detail = s.ui.detail.checks;
    if (detail) {
      jobs.push(
        { key: `check:${detail}`, intervalMs: k.intervals.lists, run: (sig) => k.loaders.check(detail, sig) },
        k.results(detail),
        k.list("alertChannels"),
        // the alerts its state changes raised, and what each channel was told (the detail's History)
        {
          key: `check-alerts:${detail}`,
          intervalMs: k.intervals.lists,
          run: (sig) => k.loaders.history.checkAlerts(detail, sig),
        },
      );
      // a heartbeat's detail says when it was last pinged and when the next ping is due
      const c = s.checks.byId.get(detail);
      if (c && specOf(c.checkType)?.runs === "passive") jobs.push(heartbeatEventsJob(k, detail));
    } else if (s.checks.loadedAt !== undefined) {
      // the results of the rows on screen: their last response time, and what SINCE and REASON say — a
      // heartbeat's too (no response time, but "no ping received within period + grace" and since when)
      const { first, count } = s.ui.checksWindow;
      for (const r of visibleCheckRows(s).slice(first, first + Math.min(count, k.maxResultRows)))
        jobs.push(k.results(r.id));
    }
    return jobs;
  },
  // the statuses are what changes (every 10 s); the list itself is read every few minutes, so its age
  // alone would call fresh statuses stale
  loadedAt: (s) => (s.checks.loadedAt === undefined ? undefined : (s.statuses.loadedAt ?? s.checks.loadedAt)),
  crumbs: (s) => {
    const id = s.ui.detail.checks;
    return id ? [s.checks.byId.get(id)?.name ?? id] : [];
  },
  bindings: [
    {
      // r is refresh everywhere else: in a check's detail it drills into the results (the poller keeps
      // the detail fresh)
      action: "results",
      keys: ["r", "enter"],
      help: "in the detail: the check's results, newest first (Enter opens one)",
      scope: "detail",
      run: ({ store }) => {
        const s = store.getState();
        const id = s.ui.detail.checks;
        if (id) apply(store, openResults(s, id, "checks", undefined, Date.now()));
      },
    },
    {
      action: "trigger",
      hint: "trigger",
      keys: ["t"],
      help: "trigger the selected (or marked) checks — in a detail, its check — then follow them live",
      mutating: true,
      what: "triggering",
      run: ({ actions, store }) => {
        const detail = store.getState().ui.detail.checks;
        actions.askTrigger(detail === undefined ? undefined : [detail]);
      },
    },
    // m i y o: mute, incident, copy, open — on the selected (or marked) checks, or the detail's check
    ...ACT_KEYS,
    EDIT_KEY,
    {
      action: "trigger-by-tag",
      hint: "by tag",
      keys: ["T"],
      help: "trigger by tag expression (prod,api !flaky | staging)",
      mutating: true,
      what: "triggering",
      scope: "list",
      run: ({ actions }) => actions.askTagTrigger(),
    },
    {
      action: "mark",
      hint: "mark",
      keys: ["space"],
      help: "mark / unmark the check",
      scope: "list",
      run: ({ store, move }) => {
        const s = store.getState();
        const row = cursorCheck(s);
        if (row) apply(store, ui.toggleMark(s, row.id));
        move(1);
      },
    },
    {
      action: "sort",
      keys: ["s"],
      help: "sort by the next column",
      scope: "list",
      run: ({ store }) => {
        const s = store.getState();
        const i = SORT_ORDER.indexOf(s.ui.sort.column);
        apply(store, ui.sortBy(s, SORT_ORDER[(i + 1) % SORT_ORDER.length]!));
      },
    },
    {
      action: "reverse-sort",
      keys: ["S"],
      help: "reverse the order",
      scope: "list",
      run: ({ store }) => apply(store, ui.sortBy(store.getState(), store.getState().ui.sort.column)),
    },
    {
      action: "filter",
      hint: "filter",
      keys: ["/"],
      help:
        "filter, all words match: text tag:prod type:api loc:eu-west-1 " +
        "status:failing|degraded|passing|deactivated|muted|… !x excludes",
      scope: "list",
      run: ({ store }) => apply(store, ui.startFilter(store.getState())),
    },
  ],
  hints: [
    { actions: ["trigger", "trigger-by-tag", "mark", "mute", "incident-for-check"], mutating: true },
    { actions: ["copy", "open-link"] },
    { actions: ["activate", "edit-check"], mutating: true },
  ],
  view: ChecksPane,
};
