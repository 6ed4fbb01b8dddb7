/**
 * The results drill-down (no number key: opened from a check — `r` or Enter on its detail — or from a
 * session's location row): one check's results, newest first, FINAL and ATTEMPT, read page by page along
 * the service's cursor (the next page when the cursor reaches the last row: PgDn); Enter opens one result
 * (request, response, assertions, timing waterfall — or a script's error, a ping's source); `e` expands
 * its body; Esc goes back: result → list → the pane the drill-down came from.
 */

import { checksTarget, NONE } from "../../../store/actions/targets.ts";
import type { ResultSummary } from "../../../store/data/summary.ts";
import { apply, type ConsoleState } from "../../../store/state.ts";
import { heldBehindStatus } from "../../../store/sync/plan.ts";
import type { Job } from "../../../store/sync/poller.ts";
import { clockTime, runAt } from "../../../store/triage/timeline.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import * as work from "../../../store/view/work.ts";
import { ACT_KEYS } from "../act-keys.ts";
import { DETAIL_MOVE_KEYS, DETAIL_STEP } from "../detail-keys.ts";
import { byAction, cursorRow, listRows, type PaneSpec } from "../spec.ts";
import { RESULTS_PANE, resultsBack, toggleExpanded } from "./drill.ts";
import { drillCheck, drillPages, openResult, openResultLines, resultRows } from "./rows.ts";
import { ResultsPane } from "./view.tsx";

const resultOpen = (s: ConsoleState) => s.ui.detail[RESULTS_PANE] !== undefined;

/** An open result scrolls as any detail does, and by a page with PgDn / PgUp (by action). */
const SCROLL: Record<string, number | "first" | "last" | "page" | "-page"> = {
  ...DETAIL_STEP,
  "page-down": "page",
  "page-up": "-page",
};

export const results: PaneSpec<typeof RESULTS_PANE> = {
  id: RESULTS_PANE,
  title: "Results",
  palette: "results",
  rows: listRows(resultRows, (r) => r.id),
  selects: {
    // the drilled check, and the result open (or under the list's cursor)
    checks(s) {
      const id = s.drill.checkId;
      if (id === undefined) return NONE("no check drilled into");
      const open = s.ui.detail[RESULTS_PANE];
      const rows = resultRows(s);
      const result = open
        ? (rows.find((r) => r.id === open) ??
          s.history.pages.get(id)?.items.find((r) => r.id === open) ??
          ({ id: open } as ResultSummary))
        : rows[cursorIn(s, RESULTS_PANE, rows, (r) => r.id)];
      return checksTarget(s, [id], result);
    },
  },
  detail: "the result: request, response, assertions, timing (a script's error, a ping)",
  jobs(s, k) {
    const id = s.drill.checkId;
    if (id === undefined) return [];
    const jobs: Job[] = [
      k.checks,
      // the check's status says when a run ended (what makes the newest page due again, below)
      k.statuses,
      // the newest page: read when the drill-down opens (never an older read shown as the latest), every
      // minute while shown, and at once when the check's status says a run ended since (as the checks
      // pane's results: a status poll, 10 s)
      {
        key: `history:${id}`,
        intervalMs: k.intervals.results,
        readSince: s.drill.openedAt,
        stale: (st) => heldBehindStatus(st, id, st.history.pages.get(id)),
        run: (sig) => k.loaders.history.resultPage(id, sig),
      },
      // the full check: its thresholds, a browser check's script lines (the checks detail reads the same)
      { key: `check:${id}`, intervalMs: k.intervals.lists, run: (sig) => k.loaders.check(id, sig) },
    ];
    const open = s.ui.detail[RESULTS_PANE];
    const next = drillPages(s)?.nextId;
    if (open)
      jobs.push({
        key: `result:${open}`,
        intervalMs: Number.POSITIVE_INFINITY,
        run: (sig) => k.loaders.history.fullResult(id, open, sig),
      });
    else if (next && cursorRow(s, results) >= resultRows(s).length - 1)
      jobs.push({
        key: `history-more:${id}:${next}`,
        intervalMs: Number.POSITIVE_INFINITY,
        run: (sig) => k.loaders.history.moreResults(id, sig),
      });
    return jobs;
  },
  loadedAt: (s) => drillPages(s)?.loadedAt,
  crumbs: (s) => {
    const id = s.drill.checkId;
    if (id === undefined) return [];
    const name = drillCheck(s)?.name ?? id;
    const open = s.ui.detail[RESULTS_PANE];
    if (!open) return [name];
    // the run's time whichever way the result was opened: from the list (its page holds it) or from a
    // session (opened by its id, maybe before a page holds it): the result read whole has it too
    const r = drillPages(s)?.items.find((x) => x.id === open) ?? openResult(s)?.result;
    const at = r ? runAt(r) : Number.NaN;
    return [name, Number.isFinite(at) ? `result ${clockTime(at, Date.now(), true)}` : "result"];
  },
  bindings: [
    {
      action: "back",
      keys: ["esc"],
      help: "back: close the result, clear the filter, then return to where the results were opened",
      run: ({ store }) => apply(store, resultsBack(store.getState())),
    },
    byAction(
      { ...DETAIL_MOVE_KEYS, "page-up": ["pgup"], "page-down": ["pgdn"] },
      {
        help: "in a result: scroll",
        hint: "scroll",
        scope: "detail",
        run: ({ store, action, pageSize }) => {
          const s = store.getState();
          const len = Math.max(1, openResultLines(s).length - pageSize() + 1);
          const step = SCROLL[action] ?? 0;
          const delta = step === "page" ? pageSize() : step === "-page" ? -pageSize() : step;
          apply(store, work.moveDetailRow(s, RESULTS_PANE, len, delta));
        },
      },
    ),
    {
      action: "trigger",
      hint: "re-run",
      keys: ["t"],
      help: "re-run the check, then follow it live",
      mutating: true,
      what: "triggering",
      run: ({ actions, store }) => {
        const id = store.getState().drill.checkId;
        if (id !== undefined) actions.askTrigger([id]);
      },
    },
    // m i y o: mute the check, open an incident for it, copy (the result id too), open the link
    ...ACT_KEYS,
    {
      action: "expand",
      hint: "expands the body",
      keys: ["e"],
      help: "in a result: expand / cut the response body and the error message",
      scope: "detail",
      run: ({ store }) => apply(store, toggleExpanded(store.getState())),
    },
    {
      action: "screenshot",
      hint: "screenshot",
      keys: ["s"],
      help: "in a result: show its screenshot (drawn on kitty, iTerm2 or sixel terminals, else saved and named)",
      when: resultOpen,
      run: ({ actions }) => actions.screenshot(),
    },
  ],
  hints: [
    { actions: ["trigger", "mute", "incident-for-check"], mutating: true },
    { actions: ["copy", "open-link", "page-down"] },
    { prefix: "in a result:", actions: ["down", "expand", "screenshot"] },
  ],
  view: ResultsPane,
};
