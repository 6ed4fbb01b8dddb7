/**
 * Analytics reports (seed §2.7, api-notes §2.1): the tolerant report and the strict query.
 *
 * The query schema accepts both the client's typed object and the raw query-string form (the embedded
 * service parses `req.query` with it): lists may be arrays or comma-separated strings, numbers may be
 * strings. Output is always normalised: `metrics: string[]`, numbers as numbers.
 */
import { z } from "zod";
import {
  type AnalyticsKind,
  isValidMetric,
  METRIC_SUFFIXES,
  REPORTS,
  type ReportSpec,
} from "../analytics-metrics.ts";
import { checkTypeSchema } from "./check-sessions.ts";
import { openEnum } from "./common.ts";
import { csvPreprocess, queryInt } from "./query-params.ts";

export const QUICK_RANGES = [
  "last24Hours",
  "last7Days",
  "last30Days",
  "thisWeek",
  "thisMonth",
  "lastWeek",
  "lastMonth",
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const METRIC_UNITS = ["milliseconds", "score", "count", "percentage"] as const;
/** Aggregations a metric descriptor may name: the metric suffixes. */
export const AGGREGATIONS = METRIC_SUFFIXES;

export const metricDescriptorSchema = z.looseObject({
  unit: openEnum(METRIC_UNITS).nullish(),
  label: z.string().nullish(),
  aggregation: openEnum(AGGREGATIONS).nullish(),
});
export type MetricDescriptor = z.infer<typeof metricDescriptorSchema>;

/** A row of a series: metric name → value, plus the bucket/group keys (open). */
export const seriesRowSchema = z.record(z.string(), z.unknown());
export type SeriesRow = z.infer<typeof seriesRowSchema>;

/** A series item: an open object whose `data` is an array of rows or a single row. */
export const seriesItemSchema = z.looseObject({
  data: z.union([z.array(seriesRowSchema), seriesRowSchema]),
});
export type SeriesItem = z.infer<typeof seriesItemSchema>;

/** The report envelope; every member optional because the hosted description requires none. */
export const analyticsReportSchema = z.looseObject({
  checkId: z.string().nullish(),
  name: z.string().nullish(),
  checkType: checkTypeSchema.nullish(),
  activated: z.boolean().nullish(),
  muted: z.boolean().nullish(),
  frequency: z.number().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  series: z.array(seriesItemSchema).default([]),
  pagination: z.looseObject({ page: z.number().nullish(), limit: z.number().nullish() }).nullish(),
  metadata: z.record(z.string(), metricDescriptorSchema).nullish(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/** The rows of a series item, whichever form `data` took. */
export function seriesRows(item: SeriesItem): SeriesRow[] {
  return Array.isArray(item.data) ? item.data : [item.data];
}

/** The query of one report type: strict, with the seed's limits and the type's metric list and groupings. */
export function analyticsQuerySchema(kind: AnalyticsKind): z.ZodType<AnalyticsQuery> {
  const spec: ReportSpec = REPORTS[kind];
  const [g0, ...gs] = spec.groupBy;
  return z
    .strictObject({
      metrics: z.preprocess(
        csvPreprocess,
        z
          .array(
            z.string().refine((m) => isValidMetric(kind, m), {
              error: (i) => `unknown metric "${String(i.input)}" for ${kind} analytics`,
            }),
          )
          .min(1, "at least one metric is required"),
      ),
      quickRange: z.enum(QUICK_RANGES).optional(),
      from: queryInt(0).optional(),
      to: queryInt(0).optional(),
      // a report without intervals (heartbeats) or groupings refuses them as unknown parameters
      ...(spec.interval ? { aggregationInterval: queryInt(1, 43200).optional() } : {}),
      ...(g0 ? { groupBy: z.enum([g0, ...gs]).optional() } : {}),
      filterByStatus: z.preprocess(csvPreprocess, z.array(z.enum(spec.statusFilter)).min(1)).optional(),
      limit: queryInt(1, 100).optional(),
      page: queryInt(1).optional(),
    })
    .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
      message: "from must not be after to",
      path: ["from"],
    }) as z.ZodType<AnalyticsQuery>;
}
/** A parsed query (of any report: `aggregationInterval`/`groupBy` absent where the report has none). */
export type AnalyticsQuery = {
  metrics: string[];
  quickRange?: QuickRange | undefined;
  from?: number | undefined;
  to?: number | undefined;
  aggregationInterval?: number | undefined;
  groupBy?: string | undefined;
  filterByStatus?: string[] | undefined;
  limit?: number | undefined;
  page?: number | undefined;
};
