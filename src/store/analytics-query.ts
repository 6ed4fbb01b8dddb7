/**
 * The analytics pane's query maths: the concrete window and bucket size a report is asked for, and the key
 * its answer is cached under. Pure functions of the pane's options (and the clock), shared by the loaders,
 * the planner and the analytics pane.
 */
import { type AnalyticsKind, REPORTS, type ReportView } from "../api/analytics-metrics.ts";
import type { AnalyticsOptions } from "./types.ts";

/** The metric set the pane shows for a report: the chosen view when the report has it, else its first. */
export function reportView(kind: AnalyticsKind, opts: AnalyticsOptions): ReportView {
  const views = REPORTS[kind].views;
  return views.find((v) => v.name === opts.view) ?? views[0]!;
}

const RANGE_SECONDS = { "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;

/** The concrete analytics query for a check: window in unix seconds and the bucket size in minutes. */
export function analyticsQuery(opts: AnalyticsOptions, nowMs: number) {
  const to = opts.range === "custom" && opts.to !== undefined ? opts.to : Math.floor(nowMs / 1000);
  const from =
    opts.range === "custom" && opts.from !== undefined
      ? opts.from
      : to - RANGE_SECONDS[opts.range === "custom" ? "24h" : opts.range];
  const spanMin = Math.max(1, Math.round((to - from) / 60));
  const interval = Math.min(43_200, Math.max(1, opts.interval ?? Math.ceil(spanMin / 48)));
  return { from, to, interval, quickRange: opts.range };
}

/**
 * Cache key of a report. Quick ranges are keyed by the range, not the moving clock, so returning to a check
 * is instant; custom windows by their bounds.
 */
export function analyticsKey(checkId: string, opts: AnalyticsOptions): string {
  const win = opts.range === "custom" ? `${opts.from}-${opts.to}` : opts.range;
  return [checkId, win, opts.interval ?? "auto", opts.groupBy, opts.filter, opts.view ?? ""].join("|");
}
