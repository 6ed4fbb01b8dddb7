/**
 * `vigil analytics <kind> CHECK_ID`: analytics reports (seed §4.2, api-notes §2.1, §3.5), one verb per
 * report of src/contract/analytics-metrics.ts (url, api, tcp, dns, browser, multistep, playwright, heartbeat).
 *
 * Choices left open by the design: `--metrics` defaults to the report's first view (its main timing
 * and availability), because the hosted service refuses a report without metrics; `--from/--to` accept
 * UNIX seconds, ISO dates or a span ago (`2h`, `7d`) and are sent as UNIX seconds. The table flattens
 * `series[]`: one row per data row, with the series' group key (e.g. runLocation) as the first column,
 * groups in the order of their keys. Under it, one chart line per metric (and group) on the report's time
 * grid with the console's scales (src/store/analytics/chart.ts): every bucket at its time, `·` where a
 * bucket has no value (no runs, or none with the metric), availability on 0–100 %, durations from 0 to the
 * max printed; the axis in UTC, as the table's times are.
 */
import type { AnalyticsQueryInput } from "../../api/analytics.ts";
import { UsageError } from "../../api/errors.ts";
import {
  ANALYTICS_KINDS,
  type AnalyticsKind,
  DEFAULT_METRICS,
  METRICS,
  REPORTS,
  type ReportSpec,
} from "../../contract/analytics-metrics.ts";
import { type AnalyticsReport, QUICK_RANGES, seriesRows } from "../../contract/schemas/analytics.ts";
import { sparkText } from "../../shared/chart-scale.ts";
import { fitWidth, formatTimestamp } from "../../shared/format.ts";
import { axisLine, gridLabel, MINUTE, timeGrid, visibleColumns } from "../../shared/time-grid.ts";
import { reportSeries, seriesScale, seriesStatsText } from "../../store/analytics/chart.ts";
import type { CommandContext, ResourceSpec, VerbSpec } from "../command.ts";
import { parseTime } from "../input.ts";
import type { Column } from "../output.ts";

type Row = Record<string, unknown>;

/**
 * Flatten series into rows; the group/bucket keys of the series item are merged into each data row. Groups
 * in the order of their keys (as the service pages them, whatever order an answer lists them in).
 */
export function reportRows(report: AnalyticsReport, groupBy?: string): Row[] {
  const rows: Row[] = [];
  const key = (item: Row) => String(item[groupBy ?? ""] ?? "");
  const items = groupBy
    ? [...report.series].sort((a, b) => key(a).localeCompare(key(b), "en", { numeric: true }))
    : report.series;
  for (const item of items) {
    const { data: _data, ...keys } = item as Row & { data: unknown };
    for (const r of seriesRows(item)) rows.push({ ...keys, ...r });
  }
  return rows;
}

function fmtValue(v: unknown, unit: string | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== "number") return typeof v === "string" ? v : JSON.stringify(v);
  const n = Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (unit === "milliseconds") return `${n} ms`;
  if (unit === "percentage") return `${n}%`;
  return n;
}

/**
 * The report's metrics as chart lines on its time grid, `width` cells wide, and the axis (UTC) under them;
 * none when the report states no window.
 */
export function chartLines(
  report: AnalyticsReport,
  metrics: readonly string[],
  o: { intervalMinutes: number; groupBy: string | undefined; width: number },
): string[] {
  const from = Date.parse(report.from ?? "");
  const to = Date.parse(report.to ?? "");
  if (!Number.isFinite(from) || !Number.isFinite(to) || from > to) return [];
  const grid = timeGrid({ from, to, bucketMs: o.intervalMinutes * MINUTE });
  const meta = report.metadata ?? {};
  const lines: { label: string; series: ReturnType<typeof reportSeries>["series"][number] }[] = [];
  for (const m of metrics)
    for (const s of reportSeries(report, [m], grid, o.groupBy ?? "none").series)
      lines.push({ label: o.groupBy ? `${s.label} ${meta[m]?.label ?? m}` : s.label, series: s });
  if (lines.length === 0) return [];
  const labelWidth = Math.min(32, Math.max(...lines.map((l) => l.label.length)));
  const all = visibleColumns(grid, grid.columns);
  const statsWidth = Math.max(...lines.map((l) => seriesStatsText(l.series, all.first, all.count).length));
  const drawn = visibleColumns(grid, Math.max(8, o.width - labelWidth - statsWidth - 2));
  const out = [`${gridLabel(grid, drawn.count)} · · = no data · % on 0–100, times from 0 to the max`];
  for (const l of lines) {
    const values = l.series.values.slice(drawn.first, drawn.first + drawn.count);
    const bars = sparkText(values, seriesScale(l.series, drawn.first, drawn.count));
    out.push(
      `${fitWidth(l.label, labelWidth)} ${bars} ${seriesStatsText(l.series, drawn.first, drawn.count)}`,
    );
  }
  const axis = axisLine(grid, drawn.count + 14, { utc: true, first: drawn.first, count: drawn.count });
  out.push(`${" ".repeat(labelWidth + 1)}${axis.trimEnd()} UTC`);
  return out;
}

function printReport(
  ctx: CommandContext,
  report: AnalyticsReport,
  q: { metrics: readonly string[]; intervalMinutes: number; groupBy: string | undefined },
): void {
  const rows = reportRows(report, q.groupBy);
  const meta = report.metadata ?? {};
  ctx.out.detail([
    ["Check", report.name ?? undefined],
    ["Check ID", report.checkId ?? undefined],
    ["Type", report.checkType ?? undefined],
    ["From", report.from ? formatTimestamp(report.from) : undefined],
    ["To", report.to ? formatTimestamp(report.to) : undefined],
    [
      "Page",
      report.pagination
        ? `${report.pagination.page ?? 1} (limit ${report.pagination.limit ?? "—"})`
        : undefined,
    ],
  ]);
  ctx.out.blank();
  const keys: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  // Time/group keys first, then metrics in the order the metadata lists them.
  const metricKeys = keys.filter((k) => k in meta);
  const otherKeys = keys.filter((k) => !(k in meta));
  const cols: Column<Row>[] = [...otherKeys, ...metricKeys].map((k) => {
    const unit = meta[k]?.unit;
    return {
      header: k,
      get: (r: Row) =>
        /^(timestamp|time|bucket|from|to|startedAt)$/i.test(k) && typeof r[k] === "string"
          ? formatTimestamp(r[k] as string)
          : fmtValue(r[k], unit),
      align: k in meta ? ("right" as const) : ("left" as const),
    };
  });
  if (cols.length === 0) ctx.out.line("(no data in this window)");
  else ctx.out.table(rows, cols);
  const chart = chartLines(report, q.metrics, {
    intervalMinutes: q.intervalMinutes,
    groupBy: q.groupBy,
    width: Math.max(60, process.stdout.columns ?? 100),
  });
  if (chart.length && rows.length) {
    ctx.out.blank();
    for (const l of chart) ctx.out.line(l);
  }
}

function verb(kind: AnalyticsKind): VerbSpec {
  const spec: ReportSpec = REPORTS[kind];
  const defaults = [...DEFAULT_METRICS[kind]];
  return {
    name: kind,
    summary: `report for ${spec.label}`,
    positionals: [{ name: "CHECK_ID" }],
    options: {
      metrics: {
        type: "string",
        multiple: true,
        value: "LIST",
        help: `comma-separated metric names (default ${defaults.join(",")})`,
      },
      range: { type: "string", value: "RANGE", help: `quick range: ${QUICK_RANGES.join(", ")}` },
      from: {
        type: "string",
        value: "TIME",
        help: "window start: UNIX seconds, ISO date/time, or a span ago (2h, 7d)",
      },
      to: {
        type: "string",
        value: "TIME",
        help: "window end (same forms; default now when --from is given)",
      },
      ...(spec.interval
        ? {
            interval: {
              type: "string" as const,
              value: "MINUTES",
              help: "aggregation interval, 1-43200 (server default 1440)",
            },
          }
        : {}),
      ...(spec.groupBy.length
        ? {
            "group-by": {
              type: "string" as const,
              value: "KEY",
              help: `group by ${spec.groupBy.join(" or ")}`,
            },
          }
        : {}),
      filter: {
        type: "string",
        multiple: true,
        value: "STATUS",
        help: `only results of this status: ${spec.statusFilter.join(", ")}`,
      },
      limit: { type: "string", value: "N", help: "series per page, 1-100" },
      page: { type: "string", value: "N", help: "page number" },
    },
    notes: [
      `Metrics: ${[...new Set(METRICS[kind].map((m) => m.replace(/_(avg|max|median|min|p50|p90|p95|p99|stddev|sum)$/, "")))].join(", ")}; each except availability and retries also with _avg, _max, _median, _min, _p50, _p90, _p95, _p99, _stddev or _sum.`,
    ],
    examples: [`vigil analytics ${kind} CHECK_ID --range last7Days --interval 60`],
    async run(ctx) {
      const a = ctx.args;
      const metrics = a.strings("metrics", true);
      const fromText = a.string("from");
      const toText = a.string("to");
      if (a.has("range") && (fromText || toText))
        throw new UsageError("give either --range or --from/--to, not both");
      if (toText && !fromText) throw new UsageError("--to needs --from");
      const now = Date.now();
      const q: AnalyticsQueryInput = { metrics: metrics.length ? metrics : defaults };
      const range = a.choice("range", QUICK_RANGES);
      if (range) q.quickRange = range;
      if (fromText) {
        q.from = Math.floor(parseTime(fromText, "from", now) / 1000);
        q.to = Math.floor((toText ? parseTime(toText, "to", now) : now) / 1000);
        if (q.from > q.to) throw new UsageError("--from must be before --to");
      }
      const interval = spec.interval ? a.int("interval", { min: 1, max: 43_200 }) : undefined;
      if (interval !== undefined) q.aggregationInterval = interval;
      const [g0, ...gs] = spec.groupBy;
      const groupBy = g0 ? a.choice("group-by", [g0, ...gs]) : undefined;
      if (groupBy) q.groupBy = groupBy;
      const filter = a.strings("filter", true).map((f) => {
        const v = spec.statusFilter.find((s) => s.toLowerCase() === f.toLowerCase());
        if (!v) throw new UsageError(`--filter must be one of ${spec.statusFilter.join(", ")}, got "${f}"`);
        return v;
      });
      if (filter.length) q.filterByStatus = [...new Set(filter)];
      const limit = a.int("limit", { min: 1, max: 100 });
      if (limit !== undefined) q.limit = limit;
      const page = a.int("page", { min: 1 });
      if (page !== undefined) q.page = page;
      const id = ctx.args.need("CHECK_ID");
      const report = await ctx.client.analytics.report(kind, id, q);
      if (ctx.out.json) return ctx.out.printJson(report);
      printReport(ctx, report, {
        metrics: q.metrics,
        // the service's default bucket is a day; a report without intervals (heartbeats) has day buckets
        intervalMinutes: (spec.interval ? q.aggregationInterval : undefined) ?? 1440,
        groupBy: q.groupBy,
      });
    },
  };
}

export const analyticsCommand: ResourceSpec = {
  name: "analytics",
  summary: "analytics reports: URL, API, TCP, DNS, browser, multi-step, Playwright and heartbeat checks",
  verbs: ANALYTICS_KINDS.map(verb),
};
