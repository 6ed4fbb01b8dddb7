/**
 * How each analytics base metric is computed from stored FINAL results: which column it reads, its unit
 * and label (api-notes §8.3: CLS is a score, error counts are counts) — one table by metric name, whatever
 * report names it (which a report has: its check type's file, src/contract/check-types/). `availability` is
 * the percentage of passing results in the bucket (aggregation avg); `retries` is the sum of retries
 * (aggregation sum). A bare base name (no suffix) is aggregated as `avg`.
 */
import {
  type AnalyticsKind,
  byKind,
  type REPORTS,
  splitMetric,
  type UNSUFFIXED_METRICS,
} from "../../contract/analytics-metrics.ts";
import { METRIC_COLUMNS } from "../repo/runs.ts";
import type { Suffix } from "./stats.ts";

export type MetricSource = { column: string; unit: string; label: string };

const ms = (column: string, label: string): MetricSource => ({ column, unit: "milliseconds", label });
const count = (column: string, label: string): MetricSource => ({ column, unit: "count", label });

/** The base metrics the reports name that read a column (not availability or retries). */
type ColumnMetric = Exclude<
  (typeof REPORTS)[AnalyticsKind]["base"][number],
  (typeof UNSUFFIXED_METRICS)[number]
>;

/** Every report's column metrics; a report naming one not here does not compile. */
const SOURCES = {
  responseTime: ms("response_time", "Response time"),
  wait: ms(METRIC_COLUMNS.wait, "Wait"),
  dns: ms(METRIC_COLUMNS.dns, "DNS"),
  tcp: ms(METRIC_COLUMNS.tcp, "TCP connect"),
  firstByte: ms(METRIC_COLUMNS.firstByte, "First byte"),
  download: ms(METRIC_COLUMNS.download, "Download"),
  total: ms(METRIC_COLUMNS.total, "Total"),
  connection: ms(METRIC_COLUMNS.connection, "Connection"),
  data: ms(METRIC_COLUMNS.data, "Data"),
  TTFB: ms(METRIC_COLUMNS.TTFB, "Time to first byte"),
  FCP: ms(METRIC_COLUMNS.FCP, "First contentful paint"),
  LCP: ms(METRIC_COLUMNS.LCP, "Largest contentful paint"),
  CLS: { column: METRIC_COLUMNS.CLS, unit: "score", label: "Cumulative layout shift" },
  TBT: ms(METRIC_COLUMNS.TBT, "Total blocking time"),
  consoleErrors: count(METRIC_COLUMNS.consoleErrors, "Console errors"),
  networkErrors: count(METRIC_COLUMNS.networkErrors, "Network errors"),
  userScriptErrors: count(METRIC_COLUMNS.userScriptErrors, "User script errors"),
  documentErrors: count(METRIC_COLUMNS.documentErrors, "Document errors"),
} as const satisfies Record<ColumnMetric, MetricSource>;

const isColumnMetric = (b: string): b is ColumnMetric => Object.hasOwn(SOURCES, b);

/** The column metrics of each report (a heartbeat's has none: computed from events, heartbeat-report.ts). */
const SOURCES_OF = byKind(
  (_k, r) =>
    new Map(r.base.flatMap((b): [string, MetricSource][] => (isColumnMetric(b) ? [[b, SOURCES[b]]] : []))),
);

/** A requested metric, resolved. `special` metrics read pass/fail and retries, not a metric column. */
export type ResolvedMetric = {
  name: string;
  base: string;
  aggregation: Suffix;
  special: "availability" | "retries" | null;
  source: MetricSource | null;
};

export function resolveMetric(kind: AnalyticsKind, name: string): ResolvedMetric | undefined {
  if (name === "availability")
    return { name, base: name, aggregation: "avg", special: "availability", source: null };
  if (name === "retries") return { name, base: name, aggregation: "sum", special: "retries", source: null };
  const { base, aggregation } = splitMetric(name);
  const source = SOURCES_OF[kind].get(base);
  if (!source) return undefined;
  return { name, base, aggregation: aggregation ?? "avg", special: null, source };
}

export function metricMetadata(m: ResolvedMetric): { unit: string; label: string; aggregation: string } {
  if (m.special === "availability") return { unit: "percentage", label: "Availability", aggregation: "avg" };
  if (m.special === "retries") return { unit: "count", label: "Retries", aggregation: "sum" };
  const src = m.source!;
  return { unit: src.unit, label: `${src.label} (${m.aggregation})`, aggregation: m.aggregation };
}
