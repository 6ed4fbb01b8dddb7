/**
 * The analytics reports, one entry per report of the hosted description (seed §2.7, api-notes §2.1, §3.5):
 * path, which check types it reports on, its base metrics, groupings and result filter, and the metrics a
 * console or CLI asks for by default. Every base name also exists with each aggregation suffix, except
 * `availability` and `retries`, which have none. test/api/contract-a.test.ts checks these sets against the
 * hosted OpenAPI.
 *
 * Beyond the seed's three (URL, TCP, browser): API checks (the URL metric set), DNS (`total`), multi-step
 * and Playwright checks (`responseTime`), and heartbeats (`availability`, `retries` only; no interval or
 * grouping; filtered by heartbeat event state instead of success/failure).
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

const SUCCESS_FAILURE = ["success", "failure"] as const;
const HTTP_METRICS = [
  "responseTime",
  "wait",
  "dns",
  "tcp",
  "firstByte",
  "download",
  "availability",
  "retries",
];

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

const timing = (m: string, name = "response time"): ReportView => ({
  name,
  metrics: [`${m}_avg`, `${m}_p50`, `${m}_p95`, `${m}_p99`, "availability"],
});
const RELIABILITY: ReportView = { name: "reliability", metrics: ["availability", "retries"] };
const HTTP_VIEWS = [
  timing("responseTime"),
  { name: "phases", metrics: ["dns_avg", "tcp_avg", "firstByte_avg", "download_avg", "wait_avg"] },
  RELIABILITY,
];

export const REPORTS = {
  url: {
    path: "url-monitors",
    label: "a URL monitor",
    checkTypes: ["URL"],
    base: HTTP_METRICS,
    groupBy: ["runLocation", "statusCode"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: HTTP_VIEWS,
  },
  api: {
    path: "api-checks",
    label: "an API check",
    checkTypes: ["API"],
    base: HTTP_METRICS,
    groupBy: ["runLocation", "statusCode"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: HTTP_VIEWS,
  },
  tcp: {
    path: "tcp-checks",
    label: "a TCP check",
    checkTypes: ["TCP"],
    base: ["total", "dns", "connection", "data", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [
      timing("total", "total time"),
      { name: "phases", metrics: ["dns_avg", "connection_avg", "data_avg"] },
      RELIABILITY,
    ],
  },
  dns: {
    path: "dns",
    label: "a DNS check",
    checkTypes: ["DNS"],
    base: ["total", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("total", "total time"), RELIABILITY],
  },
  browser: {
    path: "browser-checks",
    label: "a browser check",
    checkTypes: ["BROWSER"],
    base: [
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
    groupBy: ["runLocation", "pageIndex"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [
      { name: "web vitals", metrics: ["TTFB_avg", "FCP_avg", "LCP_avg", "TBT_avg", "CLS_avg"] },
      {
        name: "errors",
        metrics: ["consoleErrors_sum", "networkErrors_sum", "userScriptErrors_sum", "documentErrors_sum"],
      },
      timing("responseTime"),
    ],
  },
  multistep: {
    path: "multistep-checks",
    label: "a multi-step check",
    checkTypes: ["MULTI_STEP"],
    base: ["responseTime", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("responseTime"), RELIABILITY],
  },
  playwright: {
    path: "playwright-checks",
    label: "a Playwright check",
    checkTypes: ["PLAYWRIGHT"],
    base: ["responseTime", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("responseTime"), RELIABILITY],
  },
  heartbeat: {
    path: "heartbeat-checks",
    label: "a heartbeat check",
    checkTypes: ["HEARTBEAT"],
    base: ["availability", "retries"],
    groupBy: [],
    statusFilter: ["FAILING", "EARLY", "RECEIVED", "GRACE", "LATE"],
    interval: false,
    views: [RELIABILITY],
  },
} as const satisfies Record<string, ReportSpec>;

export type AnalyticsKind = keyof typeof REPORTS;
export const ANALYTICS_KINDS = Object.keys(REPORTS) as AnalyticsKind[];

/** A value per report kind. */
export function byKind<T>(f: (kind: AnalyticsKind, spec: ReportSpec) => T): Record<AnalyticsKind, T> {
  return Object.fromEntries(ANALYTICS_KINDS.map((k) => [k, f(k, REPORTS[k])])) as Record<AnalyticsKind, T>;
}

/** Path segment of each report: GET /v1/analytics/<segment>/{id}. */
export const ANALYTICS_PATHS = byKind((_k, r) => r.path);

export const BASE_METRICS = byKind((_k, r) => r.base);

/** Grouping keys each report accepts (api-notes §2.1); none for heartbeats. */
export const GROUP_BY = byKind((_k, r) => r.groupBy);

/** What `vigil analytics` asks for when not told: the report's first view. */
export const DEFAULT_METRICS = byKind((_k, r) => r.views[0]!.metrics);

/** The report of a check type, if it has one. */
export function analyticsKindOf(checkType: string | undefined): AnalyticsKind | undefined {
  return ANALYTICS_KINDS.find((k) => (REPORTS[k].checkTypes as readonly string[]).includes(checkType ?? ""));
}

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
export const METRICS = byKind((_k, r) => expand(r.base));

const SETS = byKind((k): ReadonlySet<string> => new Set(METRICS[k]));

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
