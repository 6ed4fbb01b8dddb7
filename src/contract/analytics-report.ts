/**
 * What an analytics report is, and the pieces the check types' reports are built from (each type's report
 * is in its file under src/contract/check-types/; src/contract/analytics-metrics.ts gathers them). Every base
 * metric name also exists with each aggregation suffix, except `availability` and `retries`, which have none.
 */

export const METRIC_SUFFIXES = [
  "avg",
  "max",
  "median",
  "min",
  "p50",
  "p90",
  "p95",
  "p99",
  "stddev",
  "sum",
] as const;
export type MetricAggregation = (typeof METRIC_SUFFIXES)[number];

/** Base names that never take a suffix. */
export const UNSUFFIXED_METRICS = ["availability", "retries"] as const;

export type ReportSpec = {
  /** GET /v1/analytics/<path>/{id} */
  path: string;
  /** "a URL monitor", for messages. */
  label: string;
  /** Check types this report covers (the first is the type it is named after). */
  checkTypes: readonly string[];
  base: readonly string[];
  groupBy: readonly string[];
  /** Values of `filterByStatus`. */
  statusFilter: readonly [string, ...string[]];
  /** Whether `aggregationInterval` applies. */
  interval: boolean;
  /**
   * The report's metric sets, as the console shows them (one at a time, `v` switches) — the type's own:
   * a browser check's web vitals and error counts, a TCP check's connection and data time, ... The first
   * is what `vigil analytics` asks for when not told (`defaultMetrics`).
   */
  views: readonly ReportView[];
};

export type ReportView = { name: string; metrics: readonly string[] };

/** A report as its check type declares it: the type it covers is the type's own. */
export type ReportDef = Omit<ReportSpec, "checkTypes">;

export const SUCCESS_FAILURE = ["success", "failure"] as const;

/** A metric's timing view: its average and percentiles, with availability. */
export const timing = (m: string, name = "response time"): ReportView => ({
  name,
  metrics: [`${m}_avg`, `${m}_p50`, `${m}_p95`, `${m}_p99`, "availability"],
});
export const RELIABILITY: ReportView = { name: "reliability", metrics: ["availability", "retries"] };

/** The report of an HTTP check (URL monitors and API checks) without its path and label. */
export const HTTP_REPORT = {
  base: ["responseTime", "wait", "dns", "tcp", "firstByte", "download", "availability", "retries"],
  groupBy: ["runLocation", "statusCode"],
  statusFilter: SUCCESS_FAILURE,
  interval: true,
  views: [
    timing("responseTime"),
    { name: "phases", metrics: ["dns_avg", "tcp_avg", "firstByte_avg", "download_avg", "wait_avg"] },
    RELIABILITY,
  ],
} as const satisfies Omit<ReportDef, "path" | "label">;
