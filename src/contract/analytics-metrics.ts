/**
 * The analytics reports, one per check type that has one (seed §2.7, api-notes §2.1, §3.5), gathered from
 * the types' files (src/contract/check-types/, what a report is: analytics-report.ts): path, which check
 * types it reports on, its base metrics, groupings and result filter, and the metrics a console or CLI
 * asks for by default. Every base name also exists with each aggregation suffix, except `availability` and
 * `retries`, which have none. test/api/contract-a.test.ts checks these sets against the hosted OpenAPI.
 *
 * Beyond the seed's three (URL, TCP, browser): API checks (the URL metric set), DNS (`total`), multi-step
 * and Playwright checks (`responseTime`), and heartbeats (`availability`, `retries` only; no interval or
 * grouping; filtered by heartbeat event state instead of success/failure).
 */
import {
  METRIC_SUFFIXES,
  type MetricAggregation,
  type ReportDef,
  type ReportSpec,
  UNSUFFIXED_METRICS,
} from "./analytics-report.ts";
import { CHECK_TYPE_DEFS } from "./check-types/registry.ts";

export {
  METRIC_SUFFIXES,
  type MetricAggregation,
  type ReportSpec,
  type ReportView,
  UNSUFFIXED_METRICS,
} from "./analytics-report.ts";

type WithReport = Extract<(typeof CHECK_TYPE_DEFS)[number], { report: ReportDef }>;

/** Each report by its kind (the check type's kind), covering that type. */
export const REPORTS = Object.fromEntries(
  CHECK_TYPE_DEFS.flatMap((d): [string, ReportSpec][] =>
    "report" in d ? [[d.kind, { ...d.report, checkTypes: [d.type] }]] : [],
  ),
) as { [D in WithReport as D["kind"]]: D["report"] & { checkTypes: readonly [D["type"]] } };

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
