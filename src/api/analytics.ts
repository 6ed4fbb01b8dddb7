/**
 * Analytics reports for URL monitors, TCP checks and browser checks (seed §4.2, api-notes §2.1).
 * The query is validated client-side (UsageError, nothing sent) and serialised as the hosted service
 * documents it: `metrics=a,b` and `filterByStatus=failure,success` comma-separated, `from`/`to` UNIX seconds.
 */
import { ANALYTICS_PATHS, type AnalyticsKind } from "./analytics-metrics.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";
import {
  type AnalyticsReport,
  analyticsQuerySchema,
  analyticsReportSchema,
  type QuickRange,
} from "./schemas/analytics.ts";

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
  filterByStatus?: ("success" | "failure")[];
  limit?: number;
  page?: number;
};

const SCHEMAS = {
  url: analyticsQuerySchema("url"),
  tcp: analyticsQuerySchema("tcp"),
  browser: analyticsQuerySchema("browser"),
};

export function analyticsApi(http: HttpClient) {
  async function report(
    kind: AnalyticsKind,
    id: string,
    q: AnalyticsQueryInput,
    signal?: AbortSignal,
  ): Promise<AnalyticsReport> {
    const seg = pathId(id, "check id");
    const v = validateInput(SCHEMAS[kind], q, `${kind} analytics query`);
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
