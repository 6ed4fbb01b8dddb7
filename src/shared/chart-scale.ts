/**
 * Scales that mean something, for every chart (the analytics pane, a check's result strip, the CLI's
 * analytics table). Pure: values in, block characters and tones out.
 *
 * - Percentages (availability, success ratio) sit on a fixed 0–100 % scale. The lowest bar is reserved for
 *   0 % and the full bar for 100 %: 99 % is a near-full bar, never a full one, and any bucket below 100 %
 *   takes the failure tone. A series is never stretched to its own min and max.
 * - Durations, counts and scores run from 0 (or a stated floor) to the window's max, which the chart
 *   prints. A flat series is drawn flat at its level: all equal to the max is full bars, all 0 the
 *   lowest bar.
 * - Every value, however small, draws at least the lowest bar: only a gap (no data) is a `·`.
 * - A browser check's metrics (web vitals, error counts) carry their own bands — good, needs improvement,
 *   poor (the web-vitals thresholds) — which tone each bucket.
 */
import { formatMs } from "./format.ts";

/** One to eight eighths of a cell, lowest to full. */
export const BLOCKS = "▁▂▃▄▅▆▇█";
/** A bucket without data. */
export const GAP = "·";

export type Scale =
  | { kind: "percent"; min: 0; max: 100 }
  | { kind: "linear"; min: number; max: number; unit: string | null | undefined };

type Num = number | null | undefined;
const isNum = (v: Num): v is number => typeof v === "number" && Number.isFinite(v);

/** The values of a series that are values (gaps skipped). */
export function present(values: readonly Num[]): number[] {
  return values.filter(isNum);
}

/**
 * The scale of a metric over a window: fixed 0–100 for a percentage, else from `floor` (default 0) to the
 * window's max. A window whose values all sit at or below the floor keeps the floor as its max.
 */
export function scaleFor(unit: string | null | undefined, values: readonly Num[], floor = 0): Scale {
  if (unit === "percentage") return { kind: "percent", min: 0, max: 100 };
  const nums = present(values);
  const max = nums.length ? Math.max(floor, ...nums) : floor;
  return { kind: "linear", min: floor, max, unit };
}

/**
 * How many eighths of a `rows`-high column a value fills, in proportion (rounded) and never empty: gaps are
 * the caller's. Percent: 0 % → 1 and 100 % → full, reserved — anything between is 2 … full − 1, so 99 % is
 * a near-full bar and 0.1 % more than the 0 % one. Linear: the floor or below → 1, the max → full.
 */
export function eighths(scale: Scale, v: number, rows = 1): number {
  const total = Math.max(1, Math.floor(rows)) * 8;
  const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
  if (scale.kind === "percent") {
    if (v >= 100) return total;
    if (v <= 0) return 1;
    return clamp(Math.round((v / 100) * total), 2, total - 1);
  }
  const span = scale.max - scale.min;
  if (v <= scale.min) return 1;
  if (span <= 0 || v >= scale.max) return total;
  return clamp(Math.round(((v - scale.min) / span) * total), 1, total);
}

/** The one-row bar of a value. */
export function bar(scale: Scale, v: number): string {
  return BLOCKS[eighths(scale, v, 1) - 1]!;
}

/** How a cell is coloured: the chart's colour, or a band / failure tone. */
export type CellTone = "plain" | "ok" | "warn" | "bad" | "gap";

/** A quality band: good up to `good`, poor above `poor`, needs improvement between. */
export type Bands = { good: number; poor: number };
export type Band = "good" | "needs improvement" | "poor";

/**
 * The bands of the metrics that have them, by base name: the web-vitals thresholds (TTFB, FCP, LCP, TBT in
 * ms; CLS a score) and a browser run's error counts (any error is poor).
 */
export const METRIC_BANDS: Readonly<Record<string, Bands>> = {
  TTFB: { good: 800, poor: 1800 },
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  TBT: { good: 200, poor: 600 },
  CLS: { good: 0.1, poor: 0.25 },
  consoleErrors: { good: 0, poor: 0 },
  networkErrors: { good: 0, poor: 0 },
  userScriptErrors: { good: 0, poor: 0 },
  documentErrors: { good: 0, poor: 0 },
};

/** `LCP_p95` → LCP's bands; undefined for a metric without them. */
export function bandsOf(metric: string): Bands | undefined {
  const base = metric.replace(/_(avg|max|median|min|p50|p90|p95|p99|stddev|sum)$/, "");
  return Object.hasOwn(METRIC_BANDS, base) ? METRIC_BANDS[base] : undefined;
}

export function bandOf(bands: Bands, v: number): Band {
  if (v <= bands.good) return "good";
  if (v > bands.poor) return "poor";
  return "needs improvement";
}

/** The tone of one value of a metric: failure below 100 %, its band where it has one, else plain. */
export function toneOf(metric: string, unit: string | null | undefined, v: Num): CellTone {
  if (!isNum(v)) return "gap";
  if (unit === "percentage") return v < 100 ? "bad" : "plain";
  const bands = bandsOf(metric);
  if (!bands) return "plain";
  const b = bandOf(bands, v);
  return b === "good" ? "ok" : b === "poor" ? "bad" : "warn";
}

/** A band's thresholds in words: "good ≤ 2.50 s · poor > 4.00 s", "good 0 · poor > 0". */
export function bandsText(bands: Bands, unit: string | null | undefined): string {
  const f = (v: number) => formatValue(v, unit);
  if (bands.good === bands.poor) return `good ${f(bands.good)} · poor > ${f(bands.poor)}`;
  return `good ≤ ${f(bands.good)} · poor > ${f(bands.poor)}`;
}

/** A value in its unit: "87 ms", "1.24 s", "99.5%", "0.12" (score), "3" (count); "—" for none. */
export function formatValue(v: Num, unit: string | null | undefined): string {
  if (!isNum(v)) return "—";
  switch (unit) {
    case "milliseconds":
      return formatMs(v);
    case "percentage":
      return `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
    case "count":
      return Number.isInteger(v) ? String(v) : v.toFixed(1);
    default:
      return Number.isInteger(v) ? String(v) : v.toFixed(2);
  }
}

/** The scale in words, for the chart's side: "0–100%", "0–1.24 s". */
export function scaleText(scale: Scale): string {
  if (scale.kind === "percent") return "0–100%";
  return `${formatValue(scale.min, scale.unit)}–${formatValue(scale.max, scale.unit)}`;
}

export type Cell = { ch: string; tone: CellTone };

/** One row of cells: a bar per value on the scale, `·` per gap, toned by `tone`. */
export function sparkCells(
  values: readonly Num[],
  scale: Scale,
  tone: (v: number) => CellTone = () => "plain",
): Cell[] {
  return values.map((v) => (isNum(v) ? { ch: bar(scale, v), tone: tone(v) } : { ch: GAP, tone: "gap" }));
}

/** The one-row bars as text (no tones). */
export function sparkText(values: readonly Num[], scale: Scale): string {
  return sparkCells(values, scale)
    .map((c) => c.ch)
    .join("");
}

/**
 * A column chart `rows` high in eighth blocks, top row first: each value fills its eighths from the
 * bottom; a gap is a `·` on the bottom row.
 */
export function chartCells(
  values: readonly Num[],
  scale: Scale,
  rows: number,
  tone: (v: number) => CellTone = () => "plain",
): Cell[][] {
  const h = Math.max(1, Math.floor(rows));
  const fills = values.map((v) => (isNum(v) ? eighths(scale, v, h) : undefined));
  const tones = values.map((v) => (isNum(v) ? tone(v) : ("gap" as const)));
  const out: Cell[][] = [];
  for (let r = h - 1; r >= 0; r--) {
    out.push(
      fills.map((e, i) => {
        if (e === undefined) return { ch: r === 0 ? GAP : " ", tone: "gap" };
        const inRow = e - r * 8;
        const ch = inRow >= 8 ? BLOCKS[7]! : inRow <= 0 ? " " : BLOCKS[inRow - 1]!;
        return { ch, tone: tones[i]! };
      }),
    );
  }
  return out;
}

/**
 * The y-axis of a `rows`-high chart, one label per row (top first): the scale's max on the top row, its
 * min on the bottom one, and on the middle row of a chart of 3 rows or more the value its top edge stands
 * for; blank elsewhere.
 */
export function yAxis(scale: Scale, rows: number): string[] {
  const h = Math.max(1, Math.floor(rows));
  const f = (v: number) => (scale.kind === "percent" ? `${v}%` : formatValue(v, scale.unit));
  const out = new Array<string>(h).fill("");
  if (scale.max <= scale.min) {
    // a scale without span (all values at the floor): one label, where the values are drawn
    out[h - 1] = f(scale.min);
    return out;
  }
  out[0] = f(scale.max);
  if (h >= 2) out[h - 1] = f(scale.min);
  if (h >= 3) {
    const i = Math.floor((h - 1) / 2);
    const top = scale.min + ((scale.max - scale.min) * (h - i)) / h;
    // a count is whole: a middle label between two counts ("0.6" errors) is left out
    const count = scale.kind === "linear" && scale.unit === "count";
    if (!count || Number.isInteger(top)) out[i] = f(scale.kind === "percent" ? Math.round(top) : top);
  }
  return out;
}

/** min / max / last / count of a series, gaps skipped. */
export function seriesStats(values: readonly Num[]) {
  const nums = present(values);
  if (nums.length === 0) return { min: undefined, max: undefined, last: undefined, count: 0 };
  return {
    min: Math.min(...nums),
    max: Math.max(...nums),
    last: nums[nums.length - 1],
    count: nums.length,
  };
}
