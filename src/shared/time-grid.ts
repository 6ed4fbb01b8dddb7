/**
 * One time grid for every chart: a window (`from`, `to`, bucket width, all in epoch milliseconds) maps to
 * exactly N columns, column i being the bucket [start + i·width, start + (i+1)·width). Buckets are aligned
 * on multiples of their width since the epoch (UTC) — as the service aligns the analytics report's buckets
 * (src/service/analytics/report.ts) — so a bucket keeps its place as the window slides and a daylight-saving
 * change moves only the labels, never a column. When one bucket is as wide as the window, the grid is that
 * one column starting at `from` (the report does the same).
 *
 * A bucket without data stays a column (a gap, drawn dim by the charts), never collapsed: `placeOnGrid`
 * puts each item at its bucket's column. The first and last bucket may reach outside the window (partial);
 * `bucketRange` says so. Labels say what is drawn: "24 h · 30 min buckets", and the axis names the start,
 * middle and end of the drawn columns in local time or UTC.
 *
 * Pure: no terminal, no clock (callers pass `now`).
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type TimeGrid = {
  /** The window asked for (ms). */
  from: number;
  to: number;
  /** Bucket width (ms). */
  bucketMs: number;
  /** Start of column 0 (≤ from). */
  start: number;
  /** Number of columns, ≥ 1. */
  columns: number;
  /** One bucket spans the whole window (it starts at `from`, not aligned). */
  single: boolean;
};

/** The grid of a window: every bucket that holds any instant of [from, to] is a column. */
export function timeGrid(w: { from: number; to: number; bucketMs: number }): TimeGrid {
  const bucketMs = Math.max(1, Math.round(w.bucketMs));
  const from = Math.min(w.from, w.to);
  const to = Math.max(w.from, w.to);
  if (bucketMs >= to - from) return { from, to, bucketMs, start: from, columns: 1, single: true };
  const start = Math.floor(from / bucketMs) * bucketMs;
  // the bucket holding the window's last instant; `to` itself on a boundary opens no extra column
  const lastStart = Math.floor((to - 1) / bucketMs) * bucketMs;
  return { from, to, bucketMs, start, columns: (lastStart - start) / bucketMs + 1, single: false };
}

/**
 * A window of `span` ms ending at `now`, in whole buckets, the newest being the one in progress: exactly
 * span / bucket columns (at least one), so "24 h · 30 min buckets" draws 48. A bucket as wide as the span
 * or wider gives the plain window [now − span, now] as one column.
 */
export function recentWindow(spanMs: number, bucketMs: number, now: number): { from: number; to: number } {
  if (bucketMs >= spanMs) return { from: now - spanMs, to: now };
  const n = Math.max(1, Math.round(spanMs / bucketMs));
  // the bucket holding the last instant before now (now on a boundary: the bucket just ended)
  const end = Math.floor((now - 1) / bucketMs) * bucketMs + bucketMs;
  return { from: end - n * bucketMs, to: now };
}

/** Bucket widths (minutes) the automatic choice picks from: each divides a day or is whole days. */
export const NICE_BUCKET_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 10_080] as const;

/** The smallest nice bucket width (minutes) that draws `spanMs` in at most `maxColumns` columns. */
export function autoBucketMinutes(spanMs: number, maxColumns = 60): number {
  const need = spanMs / MINUTE / Math.max(1, maxColumns);
  return NICE_BUCKET_MINUTES.find((m) => m >= need) ?? Math.ceil(need);
}

export function bucketStart(g: TimeGrid, i: number): number {
  return g.start + i * g.bucketMs;
}

/**
 * The instants column i stands for, cut to the window: `partial` when the bucket reaches outside it (the
 * window's first and last buckets; the one in progress).
 */
export function bucketRange(g: TimeGrid, i: number): { start: number; end: number; partial: boolean } {
  const s = bucketStart(g, i);
  const e = g.single ? g.to : s + g.bucketMs;
  const start = Math.max(s, g.from);
  const end = Math.min(e, g.to);
  return { start, end, partial: start > s || end < e };
}

/** The column of an instant, or undefined outside the grid. */
export function columnOf(g: TimeGrid, t: number): number | undefined {
  if (!Number.isFinite(t)) return undefined;
  if (g.single) return t >= g.from && t <= g.to ? 0 : undefined;
  const i = Math.floor((t - g.start) / g.bucketMs);
  // the report lists `to` inclusive: an item at exactly a boundary `to` belongs to the last column
  if (i === g.columns && t === g.to) return g.columns - 1;
  return i >= 0 && i < g.columns ? i : undefined;
}

/**
 * Items at their columns: an array of exactly `columns` entries, undefined where no item fell (a gap).
 * Two items in one column: the later one wins. `outside` counts items off the grid or without a time.
 */
export function placeOnGrid<T>(
  g: TimeGrid,
  items: readonly T[],
  timeOf: (item: T) => number | undefined,
): { cells: (T | undefined)[]; outside: number } {
  const cells: (T | undefined)[] = new Array(g.columns).fill(undefined);
  let outside = 0;
  for (const item of items) {
    const t = timeOf(item);
    const i = t === undefined ? undefined : columnOf(g, t);
    if (i === undefined) outside++;
    else cells[i] = item;
  }
  return { cells, outside };
}

/** The columns a chart `width` cells wide shows: all, or the newest that fit. */
export function visibleColumns(g: TimeGrid, width: number): { first: number; count: number } {
  const count = Math.max(0, Math.min(g.columns, Math.floor(width)));
  return { first: g.columns - count, count };
}

/** A span in words: "30 min", "24 h", "7 d", "1 h 30 min", "45 s". */
export function formatSpan(ms: number): string {
  const v = Math.max(0, Math.round(ms / 1000));
  if (v === 0) return "0 s";
  const d = Math.floor(v / 86_400);
  const h = Math.floor((v % 86_400) / 3600);
  const m = Math.floor((v % 3600) / 60);
  const s = v % 60;
  const parts: string[] = [];
  // two or more whole days are days; a day, or a day and a part of one, reads better in hours ("36 h")
  if (d > 1 && h === 0 && m === 0 && s === 0) return `${d} d`;
  const hours = d * 24 + h;
  if (hours > 0) parts.push(`${hours} h`);
  if (m > 0) parts.push(`${m} min`);
  if (s > 0) parts.push(`${s} s`);
  return parts.join(" ");
}

/**
 * What the drawn columns are, in words: "24 h · 30 min buckets"; "24 h · 1 bucket" for a single column;
 * when only the newest `shown` columns fit, "last 10 h of 24 h · 30 min buckets".
 */
export function gridLabel(g: TimeGrid, shown = g.columns): string {
  if (g.single) return `${formatSpan(g.to - g.from)} · 1 bucket`;
  const whole = formatSpan(g.columns * g.bucketMs);
  const buckets = `${formatSpan(g.bucketMs)} buckets`;
  if (shown >= g.columns) return `${whole} · ${buckets}`;
  return `last ${formatSpan(shown * g.bucketMs)} of ${whole} · ${buckets}`;
}

export type ClockOptions = { utc?: boolean | undefined };

const two = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function parts(ms: number, utc: boolean) {
  const d = new Date(ms);
  return utc
    ? { mo: d.getUTCMonth(), day: d.getUTCDate(), h: d.getUTCHours(), mi: d.getUTCMinutes() }
    : { mo: d.getMonth(), day: d.getDate(), h: d.getHours(), mi: d.getMinutes() };
}

/**
 * An instant on a chart's axis: "14:30", or with the date "Nov 24 14:30" (`date`), or the date alone
 * ("Nov 24") for `date: "only"`. Local time unless `utc`.
 */
export function formatClock(ms: number, o: ClockOptions & { date?: boolean | "only" } = {}): string {
  const p = parts(ms, o.utc === true);
  const day = `${MONTHS[p.mo]} ${p.day}`;
  const time = `${two(p.h)}:${two(p.mi)}`;
  if (o.date === "only") return day;
  return o.date ? `${day} ${time}` : time;
}

/** The zone an axis is read in: "UTC", or the local offset at `ms` ("UTC+01:00", "UTC−05:00"). */
export function zoneName(ms: number, o: ClockOptions = {}): string {
  if (o.utc) return "UTC";
  const off = -new Date(ms).getTimezoneOffset();
  if (off === 0) return "UTC+00:00";
  const a = Math.abs(off);
  return `UTC${off < 0 ? "−" : "+"}${two(Math.floor(a / 60))}:${two(a % 60)}`;
}

/** How an axis spanning `spanMs` names its instants: times alone up to 12 h, dates for longer. */
function axisFormat(spanMs: number, bucketMs: number): boolean | "only" {
  if (spanMs <= 12 * HOUR) return false;
  return bucketMs >= DAY ? "only" : true;
}

/** A time range in words for the cursor line: "Nov 24 14:00–14:30", "Nov 24 22:00 – Nov 25 04:00". */
export function formatRange(start: number, end: number, o: ClockOptions = {}): string {
  const a = formatClock(start, { ...o, date: true });
  const sameDay = formatClock(start, { ...o, date: "only" }) === formatClock(end, { ...o, date: "only" });
  return sameDay ? `${a}–${formatClock(end, o)}` : `${a} – ${formatClock(end, { ...o, date: true })}`;
}

export type AxisLabel = { at: number; text: string; align: "left" | "center" | "right" };

/**
 * The axis labels of the drawn columns [first, first + count): the start (left edge of the first column),
 * the middle (left edge of the middle column) and the end (right edge of the last column, cut to the
 * window's end). `at` is a cell offset from the chart's first cell.
 */
export function axisLabels(
  g: TimeGrid,
  o: ClockOptions & { first?: number; count?: number } = {},
): AxisLabel[] {
  const first = o.first ?? 0;
  const count = Math.max(1, o.count ?? g.columns - first);
  const t0 = bucketRange(g, first).start;
  const t1 = bucketRange(g, first + count - 1).end;
  const date = axisFormat(t1 - t0, g.bucketMs);
  const f = (t: number) => formatClock(t, { utc: o.utc, date });
  const out: AxisLabel[] = [{ at: 0, text: f(t0), align: "left" }];
  const mid = Math.floor(count / 2);
  if (count >= 3) out.push({ at: mid, text: f(bucketStart(g, first + mid)), align: "center" });
  out.push({ at: count, text: f(t1), align: "right" });
  return out;
}

/**
 * The axis as one line exactly `width` cells wide under a chart whose first `count` cells are the columns:
 * start at the left, middle centred on its column, end ending at the chart's right edge — or, on a chart
 * too narrow for that, starting just after it (when `width` leaves room) — each label left out where it
 * would overlap the one before. Ticks are not drawn: the labels name the edges.
 */
export function axisLine(
  g: TimeGrid,
  width: number,
  o: ClockOptions & { first?: number; count?: number } = {},
): string {
  const w = Math.max(0, Math.floor(width));
  const cells: string[] = new Array(w).fill(" ");
  let used = -1; // last cell written
  const fits = (s: number, len: number) => s >= 0 && s + len <= w && (used < 0 || s > used + 1);
  for (const l of axisLabels(g, o)) {
    const len = [...l.text].length;
    let s = l.align === "left" ? l.at : l.align === "center" ? l.at - Math.floor(len / 2) : l.at - len;
    s = Math.max(0, Math.min(s, w - len));
    if (!fits(s, len) && l.align === "right" && fits(l.at + 1, len)) s = l.at + 1;
    if (!fits(s, len)) continue;
    [...l.text].forEach((ch, k) => {
      cells[s + k] = ch;
    });
    used = s + len - 1;
  }
  return cells.join("");
}
