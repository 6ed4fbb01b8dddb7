/**
 * Analytics reports (seed §4.2, api-notes §2.1, §3.5): one call for every report of analytics-metrics.ts.
 * The query is validated client-side (UsageError, nothing sent) and serialised as the hosted service
 * documents it: `metrics=a,b` and `filterByStatus=failure,success` comma-separated, `from`/`to` UNIX seconds.
 */
import type { z } from "zod";
import { ANALYTICS_PATHS, type AnalyticsKind } from "../contract/analytics-metrics.ts";
import {
  type AnalyticsQuery,
  type AnalyticsReport,
  analyticsQuerySchema,
  analyticsReportSchema,
  type QuickRange,
} from "../contract/schemas/analytics.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

export type AnalyticsQueryInput = {
  metrics: string[];
  quickRange?: QuickRange;
  /** UNIX seconds; overrides quickRange. */
  from?: number;
  /** UNIX seconds; overrides quickRange. */
  to?: number;
  /** Minutes, 1–43200 (server default 1440). */
  aggregationInterval?: number;
  groupBy?: string;
  /** success/failure; heartbeat reports: event states (FAILING, EARLY, RECEIVED, GRACE, LATE). */
  filterByStatus?: string[];
  limit?: number;
  page?: number;
};

/**
 * Each report's query schema, made at its first report: the eight of them, made when the client was,
 * held ~0.5 MB of zod's objects in every console (heap snapshots) and took ~2.4 ms of each start, for
 * reports most sessions never ask for; one is made in ~0.6 ms.
 */
const schemas: Partial<Record<AnalyticsKind, z.ZodType<AnalyticsQuery>>> = {};
function querySchema(kind: AnalyticsKind): z.ZodType<AnalyticsQuery> {
  let schema = schemas[kind];
  if (schema === undefined) {
    schema = analyticsQuerySchema(kind);
    schemas[kind] = schema;
  }
  return schema;
}

export function analyticsApi(http: HttpClient) {
  async function report(
    kind: AnalyticsKind,
    id: string,
    q: AnalyticsQueryInput,
    signal?: AbortSignal,
  ): Promise<AnalyticsReport> {
    const seg = pathId(id, "check id");
    const v: AnalyticsQuery = validateInput(querySchema(kind), q, `${kind} analytics query`);
    const res = await http.request({
      method: "GET",
      path: `/v1/analytics/${ANALYTICS_PATHS[kind]}/${seg}`,
      query: {
        metrics: v.metrics.join(","),
        quickRange: v.quickRange,
        from: v.from,
        to: v.to,
        aggregationInterval: v.aggregationInterval,
        groupBy: v.groupBy,
        filterByStatus: v.filterByStatus?.join(","),
        limit: v.limit,
        page: v.page,
      },
      schema: analyticsReportSchema,
      signal,
    });
    return res.data;
  }

  return {
    report,
    urlMonitor: (id: string, q: AnalyticsQueryInput, opts: { signal?: AbortSignal } = {}) =>
      report("url", id, q, opts.signal),
    tcpCheck: (id: string, q: AnalyticsQueryInput, opts: { signal?: AbortSignal } = {}) =>
      report("tcp", id, q, opts.signal),
    browserCheck: (id: string, q: AnalyticsQueryInput, opts: { signal?: AbortSignal } = {}) =>
      report("browser", id, q, opts.signal),
  };
}
