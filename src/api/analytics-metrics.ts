/**
 * Analytics metric names per check type (seed §2.7): every base name, plus each base name with every
 * aggregation suffix, except `availability` and `retries`, which have no suffixed forms. The hosted
 * OpenAPI lists exactly this set (bare base names included), which test/api/contract-a.test.ts verifies.
 */

export type AnalyticsKind = "url" | "tcp" | "browser";

/** Path segment of each report: GET /v1/analytics/<segment>/{id}. */
export const ANALYTICS_PATHS: Record<AnalyticsKind, string> = {
  url: "url-monitors",
  tcp: "tcp-checks",
  browser: "browser-checks",
};

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

export const BASE_METRICS: Record<AnalyticsKind, readonly string[]> = {
  url: ["responseTime", "wait", "dns", "tcp", "firstByte", "download", "availability", "retries"],
  tcp: ["total", "dns", "connection", "data", "availability", "retries"],
  browser: [
    "responseTime",
    "TTFB",
    "FCP",
    "LCP",
    "CLS",
    "TBT",
    "consoleErrors",
    "networkErrors",
    "userScriptErrors",
    "documentErrors",
    "availability",
    "retries",
  ],
};

/** Grouping keys each report accepts (api-notes §2.1). */
export const GROUP_BY: Record<AnalyticsKind, readonly [string, ...string[]]> = {
  url: ["runLocation", "statusCode"],
  tcp: ["runLocation"],
  browser: ["runLocation", "pageIndex"],
};

function expand(bases: readonly string[]): readonly string[] {
  const out: string[] = [];
  for (const b of bases) {
    out.push(b);
    if (!(UNSUFFIXED_METRICS as readonly string[]).includes(b))
      for (const s of METRIC_SUFFIXES) out.push(`${b}_${s}`);
  }
  return out;
}

/** Every valid metric name per type, base names first, then each base's suffixed forms. */
export const METRICS: Record<AnalyticsKind, readonly string[]> = {
  url: expand(BASE_METRICS.url),
  tcp: expand(BASE_METRICS.tcp),
  browser: expand(BASE_METRICS.browser),
};

const SETS: Record<AnalyticsKind, ReadonlySet<string>> = {
  url: new Set(METRICS.url),
  tcp: new Set(METRICS.tcp),
  browser: new Set(METRICS.browser),
};

export function isValidMetric(kind: AnalyticsKind, name: string): boolean {
  return SETS[kind].has(name);
}

/** Split a metric name into base and aggregation (`responseTime_p95` → {base: responseTime, agg: p95}). */
export function splitMetric(name: string): { base: string; aggregation: MetricAggregation | undefined } {
  const i = name.lastIndexOf("_");
  const suffix = i > 0 ? name.slice(i + 1) : "";
  if ((METRIC_SUFFIXES as readonly string[]).includes(suffix))
    return { base: name.slice(0, i), aggregation: suffix as MetricAggregation };
  return { base: name, aggregation: undefined };
}
