/** Pane 3: the shown check's analytics report as sparklines, over a range, grouped and filtered. */
import { analyticsKey } from "../../../store/analytics-query.ts";
import { analyticsChecks, analyticsKind, paneCheck } from "../../../store/pane-selectors.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { ANALYTICS_KEYS } from "./keys.ts";
import { AnalyticsPane } from "./view.tsx";

export const analytics: PaneSpec = {
  id: "analytics",
  title: "Analytics",
  palette: "analytics",
  // the cursor walks the checks; the shown check follows it
  rows: listRows(analyticsChecks, (r) => r.id),
  jobs(s, k) {
    const row = paneCheck(s, "analytics");
    const kind = analyticsKind(row?.check.checkType);
    if (!row || !kind) return [k.checks, k.statuses];
    const o = s.ui.analytics;
    return [
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
