/**
 * Pane 3: analytics of one check by its type's own report (src/api/analytics-metrics.ts) — one sparkline per
 * metric of the view shown, with min / max / last in the report's units: response time avg/p50/p95/p99 and
 * availability for URL and API checks, web vitals (TTFB, FCP, LCP, TBT, CLS) and error counts for browser
 * checks, connection and data time for TCP, ...; `v` switches between the type's views. Grouped by location
 * (or status code) it shows one sparkline per group for the view's first metric. A check whose type has no
 * report says so. Reports are cached per query, so going back to a check shows the last report at once
 * while it refreshes.
 */
import { Box, Text } from "ink";
import { REPORTS } from "../../../api/analytics-metrics.ts";
import { seriesRows } from "../../../api/schemas/analytics.ts";
import { checkMarkWords, formatTimestamp } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { analyticsKey, analyticsQuery, reportView } from "../../../store/analytics-query.ts";
import { analyticsChecks, analyticsKind, paneCheck } from "../../../store/pane-selectors.ts";
import type { AnalyticsOptions } from "../../../store/types.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { Sparkline } from "../../widgets/Sparkline.tsx";

const RANGE_LABEL = { "24h": "24 h", "7d": "7 d", "30d": "30 d", custom: "custom" } as const;

function settings(o: AnalyticsOptions, interval: boolean): string {
  const q = analyticsQuery(o, Date.now());
  const range =
    o.range === "custom"
      ? `${formatTimestamp(q.from * 1000)} → ${formatTimestamp(q.to * 1000)}`
      : RANGE_LABEL[o.range];
  const every = !interval
    ? ""
    : ` · interval ${o.interval === undefined ? `auto (${q.interval} min)` : `${o.interval} min`}`;
  const group = o.groupBy === "none" ? "none" : o.groupBy === "runLocation" ? "location" : "status code";
  return `range ${range}${every} · group ${group} · results ${o.filter}`;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function AnalyticsPane({ width, height }: { width: number; height: number }) {
  const { theme } = useInfo();
  const row = useConsole((s) => paneCheck(s, "analytics"));
  const count = useConsole((s) => analyticsChecks(s).length);
  const index = useConsole((s) =>
    analyticsChecks(s).findIndex((r) => r.id === paneCheck(s, "analytics")?.id),
  );
  const opts = useConsole((s) => s.ui.analytics);
  const entry = useConsole((s) =>
    row ? s.analytics.cache.get(analyticsKey(row.id, s.ui.analytics)) : undefined,
  );
  const loaded = useConsole((s) => s.checks.loadedAt !== undefined);
  if (!row)
    return <Text color={theme.dim}>{loaded ? "no check to show analytics for" : "loading checks…"}</Text>;
  const type = sanitizeLine(String(row.check.checkType));
  const kind = analyticsKind(String(row.check.checkType));
  const marks = checkMarkWords(row.check);
  const title = (
    <Text wrap="truncate">
      <Text bold>{sanitizeLine(row.check.name)}</Text>
      {marks ? <Text color={theme.dim}>{`  ${marks}`}</Text> : null}
      <Text color={theme.dim}>{`  ${type} · check ${index + 1} of ${count} ([ ] or j/k to switch)`}</Text>
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
  const meta = report?.metadata ?? {};
  const metrics = view.metrics;
  const others = spec.views.filter((v) => v !== view).map((v) => v.name);
  // labels as wide as the longest of this view needs, up to a third of the pane
  const labelWidth = Math.min(
    Math.max(16, Math.floor(width / 3)),
    Math.max(12, ...metrics.map((m) => (meta[m]?.label ?? m).length)),
  );
  const lines: React.ReactNode[] = [];
  const room = Math.max(0, height - 4);
  if (report) {
    if (opts.groupBy === "none") {
      const rows = report.series.flatMap(seriesRows);
      for (const m of metrics) {
        const label = meta[m]?.label ?? m;
        lines.push(
          <Sparkline
            key={m}
            label={label}
            values={rows.map((r) => num(r[m]))}
            unit={meta[m]?.unit}
            width={width}
            labelWidth={labelWidth}
          />,
        );
      }
    } else {
      const m = metrics[0]!;
      const key = opts.groupBy;
      lines.push(
        <Text key="legend" color={theme.dim} wrap="truncate">
          {`${meta[m]?.label ?? m} per ${key === "runLocation" ? "location" : "status code"}`}
        </Text>,
      );
      for (const [i, item] of report.series.entries()) {
        const rows = seriesRows(item);
        const group = String((item as Record<string, unknown>)[key] ?? rows[0]?.[key] ?? `group ${i + 1}`);
        lines.push(
          <Sparkline
            key={`g${i}`}
            label={group}
            values={rows.map((r) => num(r[m]))}
            unit={meta[m]?.unit}
            width={width}
            labelWidth={labelWidth}
          />,
        );
      }
      if (report.series.length === 0)
        lines.push(
          <Text key="none" color={theme.dim}>
            {" "}
            no results in this window
          </Text>,
        );
    }
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {title}
      <Text color={theme.dim} wrap="truncate">
        {`${view.name}${others.length ? ` (v: ${others.join(", ")})` : ""} · ${settings(opts, spec.interval)}`}
      </Text>
      {entry?.error ? (
        <Text color={theme.error} wrap="truncate">{`✖ ${sanitizeLine(entry.error)}`}</Text>
      ) : null}
      {!report && !entry?.error ? <Text color={theme.dim}>loading report…</Text> : null}
      {lines.slice(0, room)}
    </Box>
  );
}
