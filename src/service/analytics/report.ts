/**
 * Builds an analytics report (seed §2.7, api-notes §2.1, §8.3) from stored FINAL results.
 *
 * Shape choices: `series` items are `{data: [row...]}`; grouped, each item also carries its group key
 * (`{runLocation: "eu-west-1", data: [...]}`) and so does each row. A row is
 * `{timestamp: <ISO bucket start>, <metric>: value, ...}`. Buckets are `aggregationInterval` minutes wide
 * and aligned on multiples of the interval since the epoch (UTC), so timestamps are round and stay put as
 * the window slides; when the interval spans the whole window there is one bucket starting at `from` (the
 * default 24 h / 1440 min report is one summary row). Only buckets holding results are listed (oldest
 * first), and a metric with no value in a bucket is null. `limit`/`page` page over series items (groups), default 10 / 1.
 * `from`/`to` in the response are ISO date-times.
 */
import type { AnalyticsKind } from "../../contract/analytics-metrics.ts";
import type { AnalyticsQuery } from "../../contract/schemas/analytics.ts";
import type { CheckDef } from "../engine/checks.ts";
import { badRequest } from "../errors.ts";
import { num, numOrNull } from "../repo/rows.ts";
import type { Repo } from "../repo/store.ts";
import { metricMetadata, type ResolvedMetric, resolveMetric } from "./metrics.ts";
import { aggregateMany, type Suffix } from "./stats.ts";
import { reportWindow } from "./window.ts";

/** What a report says of its check: fields of the one check model. */
export type ReportCheck = Pick<
  CheckDef,
  "id" | "name" | "checkType" | "activated" | "muted" | "frequency" | "tags"
>;

export type SeriesRow = Record<string, string | number | null>;
export type SeriesItem = { data: SeriesRow[]; [group: string]: unknown };

export type Report = {
  checkId: string;
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  frequency: number;
  from: string;
  to: string;
  tags: string[];
  series: SeriesItem[];
  pagination: { page: number; limit: number };
  metadata: Record<string, { unit: string; label: string; aggregation: string }>;
};

const GROUP_COLUMNS: Record<string, string> = {
  runLocation: "run_location",
  statusCode: "status_code",
  pageIndex: "page_index",
};

/** Accumulates one (group, bucket) cell. */
type Cell = { total: number; passed: number; retries: number; values: Map<string, number[]> };

export function buildReport(
  repo: Repo,
  kind: AnalyticsKind,
  check: ReportCheck,
  q: AnalyticsQuery,
  now: number,
): Report {
  const metrics: ResolvedMetric[] = q.metrics.map((name, i) => {
    const m = resolveMetric(kind, name);
    if (!m) throw badRequest(`"metrics[${i}]" must be one of the ${kind} metrics`, "query", ["metrics"]);
    return m;
  });
  const { from, to } = reportWindow(q, now);
  const intervalMs = (q.aggregationInterval ?? 1440) * 60_000;
  const groupBy = q.groupBy;
  const single = intervalMs >= to - from;
  const columns = [...new Set(metrics.flatMap((m) => (m.source ? [m.source.column] : [])))];
  const groupCol = groupBy ? GROUP_COLUMNS[groupBy] : undefined;
  const rows =
    kind === "heartbeat"
      ? repo.heartbeatRows(check.id, from, to, q.filterByStatus)
      : repo.resultRows(check.id, from, to, q.filterByStatus, [...(groupCol ? [groupCol] : []), ...columns]);

  const groups = new Map<string | number | null, Map<number, Cell>>();
  for (const r of rows) {
    const value = groupCol ? r[groupCol] : null;
    const key =
      typeof value === "string" || typeof value === "number" ? value : groupBy === "pageIndex" ? 0 : null;
    let buckets = groups.get(key);
    if (!buckets) {
      buckets = new Map();
      groups.set(key, buckets);
    }
    const bucket = single ? from : Math.floor(num(r, "started_at") / intervalMs) * intervalMs;
    let cell = buckets.get(bucket);
    if (!cell) {
      cell = { total: 0, passed: 0, retries: 0, values: new Map(columns.map((c) => [c, []])) };
      buckets.set(bucket, cell);
    }
    cell.total++;
    if (r.has_failures === 0 && r.has_errors === 0) cell.passed++;
    cell.retries += numOrNull(r, "retries") ?? 0;
    for (const c of columns) {
      const v = r[c];
      if (typeof v === "number") cell.values.get(c)!.push(v);
    }
  }

  const suffixesByColumn = new Map<string, Suffix[]>();
  for (const m of metrics)
    if (m.source)
      suffixesByColumn.set(m.source.column, [
        ...(suffixesByColumn.get(m.source.column) ?? []),
        m.aggregation,
      ]);

  const keys = [...groups.keys()].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a ?? "").localeCompare(String(b ?? "")),
  );
  const limit = q.limit ?? 10;
  const page = q.page ?? 1;
  const pageKeys = groupBy ? keys.slice((page - 1) * limit, page * limit) : page === 1 ? [null] : [];
  const series: SeriesItem[] = pageKeys.map((key) => {
    const buckets = groups.get(key) ?? new Map<number, Cell>();
    const data = [...buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bucket, cell]) => {
        const row: SeriesRow = { timestamp: new Date(bucket).toISOString() };
        if (groupBy) row[groupBy] = key;
        const computed = new Map<string, Map<Suffix, number | null>>();
        for (const [col, suffixes] of suffixesByColumn)
          computed.set(col, aggregateMany(cell.values.get(col)!, suffixes));
        for (const m of metrics) {
          if (m.special === "availability")
            row[m.name] = Math.round((cell.passed / cell.total) * 10000) / 100;
          else if (m.special === "retries") row[m.name] = cell.retries;
          else row[m.name] = computed.get(m.source!.column)!.get(m.aggregation) ?? null;
        }
        return row;
      });
    return groupBy ? { [groupBy]: key, data } : { data };
  });

  return {
    checkId: check.id,
    name: check.name,
    checkType: check.checkType,
    activated: check.activated,
    muted: check.muted,
    frequency: check.frequency,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    tags: check.tags,
    series,
    pagination: { page, limit },
    metadata: Object.fromEntries(metrics.map((m) => [m.name, metricMetadata(m)])),
  };
}
