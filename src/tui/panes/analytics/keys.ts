/**
 * Keys of the analytics pane: switch checks, the metric set (`v`: the type's own views — a browser check's
 * web vitals and errors, a TCP check's phases, ...), range (24 h / 7 d / 30 d / custom), aggregation
 * interval, grouping (location; status code for URL and API checks), result filter; the chart's cursor
 * (←/→ along the buckets, Enter lists the bucket's runs, Esc closes the list, then drops the cursor).
 */

import { GROUP_BY, REPORTS } from "../../../contract/analytics-metrics.ts";
import { stepCursor } from "../../../store/analytics/bucket.ts";
import { reportView } from "../../../store/analytics/query.ts";
import { apply, type ConsoleStore } from "../../../store/state.ts";
import type { AnalyticsOptions } from "../../../store/view/types.ts";
import * as ui from "../../../store/view/ui.ts";
import { paneCheck } from "../check-panes.ts";
import { type Binding, byAction } from "../spec.ts";
import { analyticsKind, shownGrid } from "./rows.ts";

/** Minutes per bucket the `i` key cycles through (undefined = automatic, ~48 points). */
export const INTERVALS: (number | undefined)[] = [undefined, 5, 15, 60, 360, 1440];
const FILTERS = ["all", "success", "failure"] as const;

const setOptions = (store: ConsoleStore, p: (a: AnalyticsOptions) => Partial<AnalyticsOptions>) => {
  const s = store.getState();
  apply(store, ui.setAnalytics(s, p(s.ui.analytics)));
};
const shownKind = (store: ConsoleStore) =>
  analyticsKind(String(paneCheck(store.getState(), "analytics")?.check.checkType));
const RANGE = { "range-24h": "24h", "range-7d": "7d", "range-30d": "30d" } as const;

/** The open bucket list's marker in `ui.detail.analytics`. */
export const BUCKET_LIST = "bucket";

const moveCursor = (store: ConsoleStore, delta: number) => {
  const s = store.getState();
  const grid = shownGrid(s, Date.now());
  if (!grid) return;
  setOptions(store, (a) => ({ cursorAt: stepCursor(grid, a.cursorAt, delta) }));
};

export const ANALYTICS_KEYS: readonly Binding[] = [
  byAction(
    { "cursor-left": ["left"], "cursor-right": ["right"] },
    {
      help: "move the chart's cursor along the buckets: its time range, every metric's value there, its runs",
      run: ({ store, action }) => moveCursor(store, action === "cursor-left" ? -1 : 1),
    },
  ),
  {
    action: "bucket-runs",
    keys: ["enter"],
    help: "list the runs of the cursor's bucket (buckets up to 6 h; Esc closes)",
    scope: "list",
    run: ({ store }) => {
      if (store.getState().ui.analytics.cursorAt === undefined) moveCursor(store, 0);
      const s = store.getState();
      if (s.ui.analytics.cursorAt !== undefined) apply(store, ui.openDetail(s, "analytics", BUCKET_LIST));
    },
  },
  {
    action: "drop-cursor",
    keys: ["esc"],
    help: "close the bucket's runs, then drop the chart's cursor",
    scope: "list",
    when: (s) => s.ui.analytics.cursorAt !== undefined,
    run: ({ store }) => setOptions(store, () => ({ cursorAt: undefined })),
  },
  byAction(
    { "previous-check": ["["], "next-check": ["]"] },
    {
      help: "previous / next check (as j/k; closes a bucket's runs)",
      run: ({ move, action, store }) => {
        if (store.getState().ui.detail.analytics !== undefined) apply(store, ui.back(store.getState()));
        move(action === "previous-check" ? -1 : 1);
      },
    },
  ),
  {
    action: "metric-set",
    keys: ["v"],
    help: "next metric set of the check's type (e.g. browser: web vitals, errors)",
    run: ({ store }) => {
      const kind = shownKind(store);
      if (!kind) return;
      const views = REPORTS[kind].views;
      setOptions(store, (a) => ({
        view: views[(views.indexOf(reportView(kind, a)) + 1) % views.length]!.name,
      }));
    },
  },
  byAction(
    { "range-24h": ["d"], "range-7d": ["w"], "range-30d": ["m"] },
    {
      help: "range: 24 h, 7 d, 30 d",
      run: ({ store, action }) => setOptions(store, () => ({ range: RANGE[action as keyof typeof RANGE] })),
    },
  ),
  {
    action: "custom-range",
    keys: ["c"],
    help: "custom range (FROM TO or 6h, 3d)",
    run: ({ actions }) => actions.askRange(),
  },
  {
    action: "interval",
    keys: ["i"],
    help: "aggregation interval: auto, 5 min, 15 min, 1 h, 6 h, 1 d",
    run: ({ store }) =>
      setOptions(store, (a) => ({
        interval: INTERVALS[(INTERVALS.indexOf(a.interval) + 1) % INTERVALS.length],
      })),
  },
  {
    action: "group-by-location",
    keys: ["l"],
    help: "group by location (one line per location, one scale)",
    run: ({ store }) =>
      setOptions(store, (a) => ({ groupBy: a.groupBy === "runLocation" ? "none" : "runLocation" })),
  },
  {
    action: "group-by-status",
    keys: ["s"],
    help: "group by status code (URL and API checks)",
    run: ({ store }) => {
      const kind = shownKind(store);
      if (!kind || !GROUP_BY[kind].includes("statusCode"))
        apply(store, ui.setNotice(store.getState(), "group by status code: URL and API checks only"));
      else setOptions(store, (a) => ({ groupBy: a.groupBy === "statusCode" ? "none" : "statusCode" }));
    },
  },
  {
    action: "result-filter",
    keys: ["f"],
    help: "results: all, success only, failure only",
    run: ({ store }) =>
      setOptions(store, (a) => ({ filter: FILTERS[(FILTERS.indexOf(a.filter) + 1) % FILTERS.length]! })),
  },
];
