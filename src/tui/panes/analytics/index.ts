/**
 * Pane 3: the shown check's analytics report on one time grid, over a range, grouped and filtered; a
 * cursor on the buckets (←/→) whose runs are read for the cursor line and the list Enter opens.
 */
import { bucketKey, bucketQuery, cursorColumn } from "../../../store/analytics/bucket.ts";
import { analyticsKey } from "../../../store/analytics/query.ts";
import type { Job } from "../../../store/sync/poller.ts";
import { paneCheck } from "../check-panes.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { ANALYTICS_KEYS } from "./keys.ts";
import { analyticsChecks, analyticsKind, shownGrid } from "./rows.ts";
import { AnalyticsPane } from "./view.tsx";

export const analytics: PaneSpec<"analytics"> = {
  id: "analytics",
  title: "Analytics",
  palette: "analytics",
  // the cursor walks the checks; the shown check follows it
  rows: listRows(analyticsChecks, (r) => r.id),
  selectsCheck: true,
  showsCheck: analyticsChecks,
  jobs(s, k) {
    const row = paneCheck(s, "analytics");
    const kind = analyticsKind(row?.check.checkType);
    if (!row || !kind) return [k.checks, k.statuses];
    const o = s.ui.analytics;
    const jobs: Job[] = [
      k.checks,
      k.statuses,
      {
        key: `analytics:${analyticsKey(row.id, o)}`,
        // A custom window does not move: load it once.
        intervalMs: o.range === "custom" ? Number.POSITIVE_INFINITY : k.intervals.analytics,
        afterRest: true,
        run: (sig) => k.loaders.analytics(row.id, kind, o, sig),
      },
    ];
    // the runs of the cursor's bucket (its run count; the list Enter opens), where the endpoint serves them
    const grid = shownGrid(s, Date.now());
    const col = grid ? cursorColumn(grid, o.cursorAt) : undefined;
    if (grid && col !== undefined) {
      const q = bucketQuery(grid, col);
      if (!("tooWide" in q)) {
        const key = bucketKey(row.id, q.start, q.end, o);
        const open = q.end >= grid.to; // the bucket in progress gains runs
        jobs.push({
          key: `analytics-bucket:${key}`,
          intervalMs: open ? k.intervals.analytics : Number.POSITIVE_INFINITY,
          afterRest: true,
          run: (sig) => k.loaders.analyticsBucket({ checkId: row.id, key, ...q, o }, sig),
        });
      }
    }
    return jobs;
  },
  loadedAt: (s) => {
    const row = paneCheck(s, "analytics");
    return row ? s.analytics.cache.get(analyticsKey(row.id, s.ui.analytics))?.loadedAt : undefined;
  },
  crumbs: (s) => {
    const name = paneCheck(s, "analytics")?.check.name;
    return name ? [name] : [];
  },
  bindings: ANALYTICS_KEYS,
  view: AnalyticsPane,
};
