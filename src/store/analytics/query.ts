/**
 * The analytics pane's query maths: the concrete window and bucket size a report is asked for, the time
 * grid its answer is drawn on (src/shared/time-grid.ts), and the key its answer is cached under. Pure
 * functions of the pane's options (and the clock), shared by the loaders, the planner and the analytics
 * pane.
 *
 * A quick range is asked in whole buckets ending with the one in progress (`recentWindow`), so "24 h ·
 * 30 min buckets" is exactly 48 columns; the automatic bucket width is the smallest nice one that draws the
 * range in at most 60 columns (24 h → 30 min, 7 d → 3 h, 30 d → 12 h).
 */

import { type AnalyticsKind, REPORTS, type ReportView } from "../../contract/analytics-metrics.ts";
import type { AnalyticsReport } from "../../contract/schemas/analytics.ts";
import { autoBucketMinutes, MINUTE, recentWindow, type TimeGrid, timeGrid } from "../../shared/time-grid.ts";
import type { AnalyticsOptions } from "../view/types.ts";

/** The metric set the pane shows for a report: the chosen view when the report has it, else its first. */
export function reportView(kind: AnalyticsKind, opts: AnalyticsOptions): ReportView {
  const views = REPORTS[kind].views;
  return views.find((v) => v.name === opts.view) ?? views[0]!;
}

const RANGE_SECONDS = { "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;

/** At most this many buckets across the window when the interval is automatic. */
export const AUTO_COLUMNS = 60;

/**
 * The concrete analytics query for a check: window in unix seconds and the bucket size in minutes. A quick
 * range is whole buckets ending with the one in progress; a custom window is asked as given.
 */
export function analyticsQuery(opts: AnalyticsOptions, nowMs: number, kind?: AnalyticsKind) {
  const custom = opts.range === "custom" && opts.from !== undefined && opts.to !== undefined;
  const spanS = custom
    ? Math.max(1, opts.to! - opts.from!)
    : RANGE_SECONDS[opts.range === "custom" ? "24h" : opts.range];
  const interval = Math.min(
    43_200,
    Math.max(1, opts.interval ?? autoBucketMinutes(spanS * 1000, AUTO_COLUMNS)),
  );
  if (custom) return { from: opts.from!, to: opts.to!, interval, quickRange: opts.range };
  const nowS = Math.floor(nowMs / 1000);
  // a report without intervals (heartbeats) has the service's day buckets: 24 h is one plain window,
  // 7 d seven days (the last in progress)
  const bucketMin = kind && !REPORTS[kind].interval ? 1440 : interval;
  const w = recentWindow(spanS * 1000, bucketMin * MINUTE, nowS * 1000);
  return { from: Math.floor(w.from / 1000), to: nowS, interval, quickRange: opts.range };
}

/**
 * The grid a report is drawn on: its window as the report states it (else as it was asked at `askedAt`),
 * in the query's buckets — a report without intervals (heartbeats) has day buckets, as the service makes.
 */
export function reportGrid(
  kind: AnalyticsKind,
  opts: AnalyticsOptions,
  report: AnalyticsReport | undefined,
  askedAt: number,
): TimeGrid {
  const q = analyticsQuery(opts, askedAt, kind);
  const from = Date.parse(report?.from ?? "");
  const to = Date.parse(report?.to ?? "");
  const ok = Number.isFinite(from) && Number.isFinite(to) && from <= to;
  return timeGrid({
    from: ok ? from : q.from * 1000,
    to: ok ? to : q.to * 1000,
    bucketMs: (REPORTS[kind].interval ? q.interval : 1440) * MINUTE,
  });
}

/**
 * Cache key of a report. Quick ranges are keyed by the range, not the moving clock, so returning to a check
 * is instant; custom windows by their bounds.
 */
export function analyticsKey(checkId: string, opts: AnalyticsOptions): string {
  const win = opts.range === "custom" ? `${opts.from}-${opts.to}` : opts.range;
  return [checkId, win, opts.interval ?? "auto", opts.groupBy, opts.filter, opts.view ?? ""].join("|");
}
