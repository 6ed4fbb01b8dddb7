/**
 * One labelled sparkline: `label ▁▂▅█▃ min … max … last …`, values formatted by the unit the report's
 * metadata gives (milliseconds, percentage, count, score).
 */
import { Text } from "ink";
import { fitWidth, formatMs, sparkline } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import { useInfo } from "../context.tsx";

export function formatUnit(v: number | undefined, unit: string | null | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return "—";
  switch (unit) {
    case "milliseconds":
      return formatMs(v);
    case "percentage":
      return `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
    default:
      return Number.isInteger(v) ? String(v) : v.toFixed(2);
  }
}

/** min / max / last of a series, skipping gaps. */
export function seriesStats(values: readonly (number | null | undefined)[]) {
  const nums = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (nums.length === 0) return { min: undefined, max: undefined, last: undefined };
  return { min: Math.min(...nums), max: Math.max(...nums), last: nums[nums.length - 1] };
}

export function Sparkline(props: {
  label: string;
  values: readonly (number | null | undefined)[];
  unit: string | null | undefined;
  width: number;
  labelWidth?: number;
}) {
  const { theme } = useInfo();
  const labelW = props.labelWidth ?? 16;
  const st = seriesStats(props.values);
  const f = (v: number | undefined) => formatUnit(v, props.unit);
  const stats = ` min ${f(st.min)}  max ${f(st.max)}  last ${f(st.last)}`;
  const chartW = Math.max(4, props.width - labelW - stats.length - 2);
  const bars = props.values.length === 0 ? "(no data)" : sparkline(props.values, chartW);
  return (
    <Text wrap="truncate">
      <Text color={theme.dim}>{fitWidth(sanitizeLine(props.label), labelW)} </Text>
      <Text color={theme.chart}>{fitWidth(bars, chartW)}</Text>
      <Text>{stats}</Text>
    </Text>
  );
}
