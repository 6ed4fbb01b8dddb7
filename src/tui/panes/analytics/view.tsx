/**
 * Pane 3: analytics of one check by its type's own report (src/api/analytics-metrics.ts), drawn on one time
 * grid (src/shared/time-grid.ts): every metric of the view shown — response time avg/p50/p95/p99 and
 * availability for URL and API checks, web vitals (TTFB, FCP, LCP, TBT, CLS) and error counts for browser
 * checks, connection and data time for TCP, ... — one cell per bucket, at its time, a bucket without runs a
 * dim `·`. Scales mean something (src/shared/chart-scale.ts): availability on 0–100 % with a failure colour
 * below 100 %, durations from 0 to the window's max, a browser metric toned by its bands. With room, each
 * metric is a column chart several rows high with a y-axis; else one sparkline each. Under the charts a
 * time axis (local time, or UTC with --utc / a profile's `utc`), then the cursor's line (←/→): the bucket's
 * time range, each metric's value there and its run count; Enter lists the bucket's runs. Grouped by
 * location (or status code) it draws one line per group for the view's first metric, groups by name.
 * The mouse's wheel over the pane moves the chart's cursor (src/tui/mouse/).
 */
import { Box, type DOMElement, Text } from "ink";
import { useRef } from "react";
import { REPORTS } from "../../../contract/analytics-metrics.ts";
import { shownResponseTime } from "../../../contract/check-types.ts";
import {
  bandsText,
  chartCells,
  scaleFor,
  scaleText,
  sparkCells,
  yAxis,
} from "../../../shared/chart-scale.ts";
import { checkMarkWords, formatMs, statusSymbol, wrapParts } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import {
  axisLine,
  bucketRange,
  formatClock,
  formatRange,
  gridLabel,
  type TimeGrid,
  visibleColumns,
  zoneName,
} from "../../../shared/time-grid.ts";
import { bucketCounts, bucketKey, bucketQuery, cursorColumn } from "../../../store/analytics/bucket.ts";
import {
  type ChartSeries,
  drawnValues,
  NO_DATA,
  reportSeries,
  seriesScale,
  seriesStatsText,
  seriesTone,
  shortLabel,
  valueText,
} from "../../../store/analytics/chart.ts";
import { analyticsKey, reportGrid, reportView } from "../../../store/analytics/query.ts";
import type { ResultSummary } from "../../../store/data/summary.ts";
import type { AnalyticsBucket } from "../../../store/data/types.ts";
import type { AnalyticsOptions } from "../../../store/view/types.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { useMouseChart } from "../../mouse/context.tsx";
import { ColumnChart, Sparkline } from "../../widgets/Sparkline.tsx";
import { paneCheck } from "../check-panes.ts";
import { BUCKET_LIST } from "./keys.ts";
import { cursorAndLegend, cursorAndLegendLines, fitsWhole } from "./lines.ts";
import { analyticsChecks, analyticsKind } from "./rows.ts";

/** A column chart is drawn when each metric gets at least this many rows. */
const MIN_CHART_ROWS = 3;
const MAX_CHART_ROWS = 8;

function settings(
  o: AnalyticsOptions,
  grid: TimeGrid,
  shown: number,
  interval: boolean,
  utc: boolean,
): string[] {
  const what = gridLabel(grid, shown);
  const range = o.range === "custom" ? `${formatRange(grid.from, grid.to, { utc })} (${what})` : what;
  const every = !interval ? "" : o.interval === undefined ? " (auto)" : "";
  const group = o.groupBy === "none" ? "none" : o.groupBy === "runLocation" ? "location" : "status code";
  return [`${range}${every}`, `group ${group}`, `results ${o.filter}`];
}

/** The legend under the axis: what a full bar, a gap and the colours mean for the series shown (its parts). */
function legend(series: readonly ChartSeries[]): string[] {
  const parts: string[] = [];
  if (series.some((s) => s.unit === "percentage")) parts.push("% on 0–100 (▁ 0 %, █ 100 %, red below 100 %)");
  if (series.some((s) => s.unit !== "percentage")) parts.push("from 0 to the max shown");
  if (series.some((s) => s.bands)) parts.push("green good", "yellow needs improvement", "red poor");
  parts.push("· no data");
  return parts;
}

/** A browser check's bands in one line, for sparklines (column charts name them in their titles). */
function bandsLine(series: readonly ChartSeries[]): string | undefined {
  const banded = series.filter((s) => s.bands);
  if (banded.length === 0) return undefined;
  return `bands: ${banded.map((s) => `${s.metric.replace(/_[a-z0-9]+$/, "")} ${bandsText(s.bands!, s.unit)}`).join(" · ")}`;
}

const secondClock = (ms: number, utc: boolean) => {
  const d = new Date(ms);
  const s = String(utc ? d.getUTCSeconds() : d.getSeconds()).padStart(2, "0");
  return `${formatClock(ms, { utc })}:${s}`;
};

/** A bucket's run: a ping's response time is "—" (shownResponseTime), as in every other table. */
export function runLine(r: ResultSummary, checkType: string, utc: boolean): string {
  const failed = r.hasFailures || r.hasErrors;
  const sym = statusSymbol(
    r.isCancelled ? "cancelled" : failed ? "failed" : r.isDegraded ? "degraded" : "passed",
  );
  const at = Date.parse(r.startedAt ?? r.created_at ?? "");
  const when = Number.isFinite(at) ? secondClock(at, utc) : "time not recorded";
  const loc = sanitizeLine(r.runLocation ?? "location not recorded");
  const why = r.reason ?? r.errorMessage;
  return `${sym.symbol} ${when}  ${loc.padEnd(14)} ${formatMs(shownResponseTime(checkType, r.responseTime)).padStart(8)}${why ? `  ${sanitizeLine(why)}` : ""}`;
}

/** The runs of the cursor's bucket in words, for the cursor line. */
function runsText(
  bucket: AnalyticsBucket | undefined,
  q: ReturnType<typeof bucketQuery>,
  anyValue: boolean,
): string {
  if (!anyValue) return "0 runs";
  if ("tooWide" in q) return "runs: not listed for buckets over 6 h";
  if (!bucket) return "runs: reading…";
  if (bucket.error && bucket.loadedAt === undefined) return "runs: could not be read";
  return bucketCounts(bucket).text;
}

export function AnalyticsPane({ width, height }: { width: number; height: number }) {
  const { theme, utc: utcInfo } = useInfo();
  const box = useRef<DOMElement>(null);
  useMouseChart(box);
  const utc = utcInfo === true;
  const row = useConsole((s) => paneCheck(s, "analytics"));
  const count = useConsole((s) => analyticsChecks(s).length);
  const index = useConsole((s) =>
    analyticsChecks(s).findIndex((r) => r.id === paneCheck(s, "analytics")?.id),
  );
  const opts = useConsole((s) => s.ui.analytics);
  const listOpen = useConsole((s) => s.ui.detail.analytics === BUCKET_LIST);
  const entry = useConsole((s) =>
    row ? s.analytics.cache.get(analyticsKey(row.id, s.ui.analytics)) : undefined,
  );
  const heldB = useConsole((s) => s.analytics.bucket);
  const loaded = useConsole((s) => s.checks.loadedAt !== undefined);
  if (!row)
    return <Text color={theme.dim}>{loaded ? "no check to show analytics for" : "loading checks…"}</Text>;
  const type = sanitizeLine(String(row.check.checkType));
  const kind = analyticsKind(String(row.check.checkType));
  const marks = checkMarkWords(row.check);
  const name = sanitizeLine(row.check.name);
  const where = `  ${type} · check ${index + 1} of ${count}`;
  // the key hint gives way whole before the name, the type or the count is cut
  const hint = " ([ ] or j/k to switch)";
  const withHint = fitsWhole(`${name}${marks ? `  ${marks}` : ""}${where}${hint}`, width);
  const title = (
    <Text wrap="truncate">
      <Text bold>{name}</Text>
      {marks ? <Text color={theme.dim}>{`  ${marks}`}</Text> : null}
      <Text color={theme.dim}>{`${where}${withHint ? hint : ""}`}</Text>
    </Text>
  );
  if (!kind) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        {title}
        <Text color={theme.dim}>{`${type} checks have no analytics report.`}</Text>
      </Box>
    );
  }
  const spec = REPORTS[kind];
  const view = reportView(kind, opts);
  const report = entry?.report;
  const grid = reportGrid(kind, opts, report, entry?.loadedAt ?? Date.now());
  const others = spec.views.filter((v) => v !== view).map((v) => v.name);
  const { series } = report ? reportSeries(report, view.metrics, grid, opts.groupBy) : { series: [] };

  // room first: a column chart per metric when each gets MIN_CHART_ROWS rows, else one line each
  const bands = bandsLine(series);
  // at a narrow width the settings wrap between their parts (the results filter never cut), and the
  // cursor's line and the legend take their lines: the charts get the rest
  const settingsText = (shown: number) =>
    wrapParts(
      [
        `${view.name}${others.length ? ` (v: ${others.join(", ")})` : ""}`,
        ...settings(opts, grid, shown, spec.interval, utc),
      ],
      width,
      " · ",
      "  ",
    );
  // its lines counted before the columns drawn are known: the longer of "24 h · …" and "last 20 h of 24 h · …"
  const settingsRoom = Math.max(settingsText(grid.columns).length, settingsText(grid.columns - 1).length);
  const legendParts = legend(series);
  const fixed =
    1 +
    settingsRoom +
    (entry?.error ? 1 : 0) +
    1 +
    cursorAndLegendLines(legendParts, width) +
    (opts.groupBy === "none" ? 0 : 1) +
    (bands ? 1 : 0);
  const listRows =
    listOpen && opts.cursorAt !== undefined ? Math.min(8, Math.max(3, Math.floor((height - fixed) / 3))) : 0;
  const chartRoom = Math.max(0, height - fixed - listRows);
  const perMetric = series.length ? Math.floor(chartRoom / series.length) - 1 : 0;
  const tall = opts.groupBy === "none" && perMetric >= MIN_CHART_ROWS;

  // one layout for every line: the label column (a column chart's y-axis), the chart's cells, the stats
  // after a sparkline (a column chart has them in its title)
  const labelWidth = tall
    ? 10
    : Math.min(
        Math.max(16, Math.floor(width / 3)),
        Math.max(12, ...series.map((s) => s.label.length), ...view.metrics.map((m) => m.length)),
      );
  // every column if the stats after the lines let them, else the short stats (the max or min alone) and
  // as many of the newest columns as fit
  const all = visibleColumns(grid, grid.columns);
  const statsWidth = (short: boolean) =>
    tall ? -1 : Math.max(0, ...series.map((s) => seriesStatsText(s, all.first, all.count, short).length));
  const free = width - labelWidth - 1;
  const short = free - statsWidth(false) - 1 < grid.columns;
  const room = free - statsWidth(short) - 1;
  const drawn = visibleColumns(grid, room);
  const cursor = cursorColumn(grid, opts.cursorAt, drawn);
  const cur = cursor === undefined ? undefined : cursor - drawn.first;

  const lines: React.ReactNode[] = [];
  const groupScale =
    opts.groupBy === "none" || series.length === 0
      ? undefined
      : scaleFor(
          series[0]!.unit,
          series.flatMap((s) => drawnValues(s, drawn.first, drawn.count)),
        );
  if (report) {
    if (opts.groupBy !== "none") {
      const m = view.metrics[0]!;
      const meta = report.metadata?.[m];
      lines.push(
        <Text key="legend" color={theme.dim} wrap="truncate">
          {`${meta?.label ?? m} per ${opts.groupBy === "runLocation" ? "location" : "status code"}${groupScale ? `, one scale: ${scaleText(groupScale)}` : ""}`}
        </Text>,
      );
    }
    for (const [i, s] of series.entries()) {
      // grouped, every group is the same metric: one scale for all, so the groups compare
      const scale = groupScale ?? seriesScale(s, drawn.first, drawn.count);
      const values = drawnValues(s, drawn.first, drawn.count);
      const stats = seriesStatsText(s, drawn.first, drawn.count, short);
      if (tall) {
        const rows = Math.min(MAX_CHART_ROWS, perMetric);
        lines.push(
          <ColumnChart
            key={`c${i}`}
            label={s.label}
            labelWidth={labelWidth}
            rows={chartCells(values, scale, rows, seriesTone(s))}
            yLabels={yAxis(scale, rows)}
            cursor={cur}
            after={[
              // a series without data has no scale to name
              ...(stats === NO_DATA ? [] : [scaleText(scale)]),
              seriesStatsText(s, drawn.first, drawn.count),
              ...(s.bands ? [bandsText(s.bands, s.unit)] : []),
            ].join(" · ")}
          />,
        );
      } else {
        lines.push(
          <Sparkline
            key={`s${i}`}
            label={s.label}
            labelWidth={labelWidth}
            cells={sparkCells(values, scale, seriesTone(s))}
            cursor={cur}
            after={stats}
          />,
        );
      }
    }
    if (series.length === 0)
      lines.push(
        <Text key="none" color={theme.dim}>
          {" no results in this window"}
        </Text>,
      );
  }

  let cursorParts = ["←/→: read one bucket (its time, values, runs)", "Enter: list its runs"];
  let bucket: AnalyticsBucket | undefined;
  if (cursor !== undefined) {
    const r = bucketRange(grid, cursor);
    const q = bucketQuery(grid, cursor);
    const key = "tooWide" in q ? undefined : bucketKey(row.id, q.start, q.end, opts);
    bucket = heldB !== undefined && heldB.key === key ? heldB : undefined;
    const anyValue = series.some((s) => s.values[cursor] !== null);
    const vals = series.map((s) => `${shortLabel(s, series)} ${valueText(s, cursor)}`);
    cursorParts = [
      `▲ ${formatRange(r.start, r.end, { utc })}${r.partial ? " (so far)" : ""}`,
      runsText(bucket, q, anyValue),
      ...vals,
    ];
  }
  const under = cursorAndLegend(cursorParts, legendParts, width);
  const zone = zoneName(grid.to, { utc });
  const axisCells = Math.max(drawn.count, width - labelWidth - 3 - zone.length);
  const axis = `${" ".repeat(labelWidth + 1)}${axisLine(grid, axisCells, { utc, first: drawn.first, count: drawn.count }).trimEnd()} ${zone}`;
  const list: React.ReactNode[] = [];
  if (listRows > 0 && cursor !== undefined) {
    const q = bucketQuery(grid, cursor);
    if ("tooWide" in q) list.push(<Text key="lw" color={theme.dim} wrap="truncate">{`  ${q.tooWide}`}</Text>);
    else if (!bucket)
      list.push(
        <Text key="lr" color={theme.dim}>
          {"  reading this bucket's runs…"}
        </Text>,
      );
    else {
      if (bucket.error)
        list.push(
          <Text key="le" color={theme.error} wrap="truncate">{`  ✖ ${sanitizeLine(bucket.error)}`}</Text>,
        );
      if (bucket.results.length === 0 && !bucket.error)
        list.push(
          <Text key="l0" color={theme.dim}>
            {"  no runs in this bucket"}
          </Text>,
        );
      const shown = bucket.results.slice(0, listRows - 1);
      for (const r of shown)
        list.push(
          <Text key={r.id} wrap="truncate">
            {`  ${runLine(r, String(row.check.checkType), utc)}`}
          </Text>,
        );
      const rest = bucket.results.length - shown.length;
      if (rest > 0 || bucket.more)
        list.push(
          <Text key="lm" color={theme.dim} wrap="truncate">
            {`  … ${rest > 0 ? `${rest} more` : "more"}${bucket.more ? " (the first 100 read)" : ""} · r on the check's detail lists every run`}
          </Text>,
        );
    }
  }
  return (
    <Box ref={box} flexDirection="column" width={width} height={height}>
      {title}
      {settingsText(drawn.count).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the settings' lines, in order
        <Text key={i} color={theme.dim} wrap="truncate">
          {l}
        </Text>
      ))}
      {entry?.error ? (
        <Text color={theme.error} wrap="truncate">{`✖ ${sanitizeLine(entry.error)}`}</Text>
      ) : null}
      {!report && !entry?.error ? <Text color={theme.dim}>loading report…</Text> : null}
      {tall ? lines : lines.slice(0, chartRoom)}
      {report ? (
        <>
          <Text color={theme.dim} wrap="truncate">
            {axis}
          </Text>
          {under.cursor.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cursor's lines, in order
            <Text key={`c${i}`} wrap="truncate">
              {l}
            </Text>
          ))}
          {under.legend.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the legend's lines, in order
            <Text key={`l${i}`} color={theme.dim} wrap="truncate">
              {l}
            </Text>
          ))}
          {bands && !tall ? (
            <Text color={theme.dim} wrap="truncate">
              {bands}
            </Text>
          ) : null}
        </>
      ) : null}
      {list.slice(0, listRows)}
    </Box>
  );
}
