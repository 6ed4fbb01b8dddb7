/**
 * The results drill-down (no number key: opened from a check — `r` or Enter on its detail — or from a
 * session's location row): one check's results, newest first, FINAL and ATTEMPT, read page by page along
 * the service's cursor (the next page when the cursor reaches the last row: PgDn); Enter opens one result
 * (request, response, assertions, timing waterfall — or a script's error, a ping's source); `e` expands
 * its body; Esc goes back: result → list → the pane the drill-down came from.
 */
import type { Job } from "../../../store/poller.ts";
import { drillCheck, drillPages, openResultLines, resultRows } from "../../../store/results/selectors.ts";
import { RESULTS_PANE, resultsBack, toggleExpanded } from "../../../store/results/slice.ts";
import * as work from "../../../store/slices/work.ts";
import { apply } from "../../../store/store.ts";
import { clockTime, runAt } from "../../../store/triage/timeline.ts";
import type { ConsoleState } from "../../../store/types.ts";
import { ACT_KEYS } from "../act-keys.ts";
import { DETAIL_STEP } from "../detail-keys.ts";
import { cursorRow, listRows, type PaneSpec } from "../spec.ts";
import { ResultsPane } from "./view.tsx";

const resultOpen = (s: ConsoleState) => s.ui.detail[RESULTS_PANE] !== undefined;

/** An open result scrolls as any detail does, and by a page with PgDn / PgUp. */
const SCROLL: Record<string, number | "first" | "last" | "page" | "-page"> = {
  ...DETAIL_STEP,
  pgdn: "page",
  pgup: "-page",
};

export const results: PaneSpec = {
  id: RESULTS_PANE,
  title: "Results",
  palette: "results",
  rows: listRows(resultRows, (r) => r.id),
  detail: "the result: request, response, assertions, timing (a script's error, a ping)",
  jobs(s, k) {
    const id = s.drill.checkId;
    if (id === undefined) return [];
    const jobs: Job[] = [
      k.checks,
      {
        key: `history:${id}`,
        intervalMs: k.intervals.results,
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
    const r = drillPages(s)?.items.find((x) => x.id === open);
    const at = r ? runAt(r) : Number.NaN;
    return [name, Number.isFinite(at) ? `result ${clockTime(at, Date.now(), true)}` : "result"];
  },
  bindings: [
    {
      keys: ["esc"],
      label: "Esc",
      help: "back: close the result, clear the filter, then return to where the results were opened",
      run: ({ store }) => apply(store, resultsBack(store.getState())),
    },
    {
      keys: Object.keys(SCROLL),
      label: "j/k g/G PgUp/PgDn",
      help: "in a result: scroll",
      when: resultOpen,
      run: ({ store, key, pageSize }) => {
        const s = store.getState();
        const len = Math.max(1, openResultLines(s).length - pageSize() + 1);
        const step = SCROLL[key] ?? 0;
        const delta = step === "page" ? pageSize() : step === "-page" ? -pageSize() : step;
        apply(store, work.moveDetailRow(s, RESULTS_PANE, len, delta));
      },
    },
    {
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
      keys: ["e"],
      help: "in a result: expand / cut the response body and the error message",
      when: resultOpen,
      run: ({ store }) => apply(store, toggleExpanded(store.getState())),
    },
    {
      keys: ["s"],
      help: "in a result: show its screenshot (drawn on kitty, iTerm2 or sixel terminals, else saved and named)",
      when: resultOpen,
      run: ({ actions }) => actions.screenshot(),
    },
  ],
  hints: [
    { text: "t re-run · m mute · i incident", mutating: true },
    { text: "y copy · o open · PgDn more · in a result: j/k scroll, e expands the body, s screenshot" },
  ],
  view: ResultsPane,
};
