/**
 * An analytics report as series on its time grid (pure; the console's analytics pane and `vigil analytics`
 * draw from it): each metric — or, grouped, each group's first metric — is one value per grid column (null
 * where the report has no row: a gap), with its unit, its scale over the drawn columns
 * (src/shared/chart-scale.ts) and how a value is toned (failure below 100 %, a browser metric's bands).
 * Groups are ordered by their key, and every series sits on the same columns, so one location's newest
 * bucket is drawn under another's newest.
 */
import { type AnalyticsReport, type SeriesRow, seriesRows } from "../../contract/schemas/analytics.ts";
import {
  type Bands,
  bandOf,
  bandsOf,
  type CellTone,
  formatValue,
  type Scale,
  scaleFor,
  seriesStats,
  toneOf,
} from "../../shared/chart-scale.ts";
import { placeOnGrid, type TimeGrid } from "../../shared/time-grid.ts";

export type ChartSeries = {
  /** What the row is called: the metric's label, or the group's key. */
  label: string;
  /** The metric drawn. */
  metric: string;
  unit: string | null | undefined;
  /** One per grid column; null = no row in that bucket (or no value). */
  values: (number | null)[];
  bands: Bands | undefined;
};

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function rowTime(r: SeriesRow): number | undefined {
  const t = r.timestamp ?? r.time ?? r.bucket;
  const ms = typeof t === "string" ? Date.parse(t) : typeof t === "number" ? t : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** A group's key as shown (a location, a status code, a page index); "not recorded" for none. */
function groupName(item: Record<string, unknown>, key: string, rows: SeriesRow[]): string {
  const v = item[key] ?? rows[0]?.[key];
  return v === null || v === undefined || v === "" ? "not recorded" : String(v);
}

/**
 * The report's series on the grid: one per metric, or (`groupBy` other than none) one per group for the
 * first metric, groups in the order of their keys. `outside` counts rows the grid has no column for.
 */
export function reportSeries(
  report: AnalyticsReport,
  metrics: readonly string[],
  grid: TimeGrid,
  groupBy: string,
): { series: ChartSeries[]; outside: number } {
  const meta = report.metadata ?? {};
  const unitOf = (m: string) => meta[m]?.unit ?? (m === "availability" ? "percentage" : undefined);
  const labelOf = (m: string) => meta[m]?.label ?? m;
  let outside = 0;
  const on = (rows: SeriesRow[]) => {
    const placed = placeOnGrid(grid, rows, rowTime);
    outside += placed.outside;
    return placed.cells;
  };
  if (groupBy === "none") {
    const cells = on(report.series.flatMap(seriesRows));
    return {
      series: metrics.map((m) => ({
        label: labelOf(m),
        metric: m,
        unit: unitOf(m),
        values: cells.map((r) => (r ? num(r[m]) : null)),
        bands: bandsOf(m),
      })),
      outside,
    };
  }
  const m = metrics[0];
  if (m === undefined) return { series: [], outside };
  const groups = report.series.map((item) => {
    const rows = seriesRows(item);
    const cells = on(rows);
    return {
      label: groupName(item as Record<string, unknown>, groupBy, rows),
      metric: m,
      unit: unitOf(m),
      values: cells.map((r) => (r ? num(r[m]) : null)),
      bands: bandsOf(m),
    };
  });
  groups.sort((a, b) => a.label.localeCompare(b.label, "en", { numeric: true }));
  return { series: groups, outside };
}

/** The drawn part of a series. */
export function drawnValues(s: ChartSeries, first: number, count: number): (number | null)[] {
  return s.values.slice(first, first + count);
}

/** A series' scale over the drawn columns: 0–100 % for a percentage, else 0 to the drawn max. */
export function seriesScale(s: ChartSeries, first: number, count: number): Scale {
  return scaleFor(s.unit, drawnValues(s, first, count));
}

export function seriesTone(s: ChartSeries): (v: number) => CellTone {
  return (v) => toneOf(s.metric, s.unit, v);
}

/**
 * What follows a sparkline: a percentage's lowest and last value ("min 97.5%  last 100%"), anything
 * else's max — the top of its scale — and last ("max 1.24 s  last 87 ms"); `short` leaves out the last
 * value; "no data" when no drawn bucket has a value (a window of failed runs without a response time has runs,
 * and no value to draw).
 */
export function seriesStatsText(s: ChartSeries, first: number, count: number, short = false): string {
  const st = seriesStats(drawnValues(s, first, count));
  if (st.count === 0) return NO_DATA;
  const f = (v: number | undefined) => formatValue(v, s.unit);
  const head = s.unit === "percentage" ? `min ${f(st.min)}` : `max ${f(st.max)}`;
  return short ? head : `${head}  last ${f(st.last)}`;
}

/**
 * A series' name in the cursor line, short: a metric's aggregation when the other series share its base
 * ("avg", "p95" of the response time), else its label (or group).
 */
export function shortLabel(s: ChartSeries, all: readonly ChartSeries[]): string {
  const m = /^(.+)_([a-z0-9]+)$/.exec(s.metric);
  if (!m || all.some((o) => o.label !== s.label && o.metric === s.metric)) return s.label;
  const sameBase = all.filter((o) => o.metric.startsWith(`${m[1]}_`)).length;
  return sameBase > 1 ? m[2]! : s.label;
}

/** What a series without a value in the drawn buckets says in place of its max or min. */
export const NO_DATA = "no data";

/**
 * A value at the cursor in words: "87 ms", "99.5%", "3.10 s (needs improvement)"; "—" for none (the bucket
 * may have runs, none with this metric: a failed connection has no response time — the cursor line gives
 * the bucket's runs).
 */
export function valueText(s: ChartSeries, col: number): string {
  const v = s.values[col];
  if (v === null || v === undefined) return "—";
  const text = formatValue(v, s.unit);
  return s.bands ? `${text} (${bandOf(s.bands, v)})` : text;
}
