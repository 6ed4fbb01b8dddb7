/**
 * Pure statistics over a list of numbers. Percentiles use linear interpolation between the closest ranks
 * (the R-7 / spreadsheet definition): p = (n-1)·q, value = x[⌊p⌋] + (p-⌊p⌋)·(x[⌈p⌉]-x[⌊p⌋]); median = p50.
 * Standard deviation is the population one (÷ n). Empty input → null. Results are rounded to 2 decimals.
 */

export const SUFFIXES = ["avg", "max", "median", "min", "p50", "p90", "p95", "p99", "stddev", "sum"] as const;
export type Suffix = (typeof SUFFIXES)[number];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** `sorted` must be ascending. */
export function percentile(sorted: readonly number[], q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const p = (n - 1) * q;
  const lo = Math.floor(p);
  const hi = Math.ceil(p);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (p - lo) * (b - a);
}

export function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : sum(values) / values.length;
}

export function stddev(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null) return null;
  let acc = 0;
  for (const v of values) acc += (v - m) ** 2;
  return Math.sqrt(acc / values.length);
}

/** One aggregate of `values` (any order). */
export function aggregate(values: readonly number[], suffix: Suffix): number | null {
  if (values.length === 0) return null;
  let out: number | null;
  switch (suffix) {
    case "avg":
      out = mean(values);
      break;
    case "sum":
      out = sum(values);
      break;
    case "stddev":
      out = stddev(values);
      break;
    case "min":
      out = Math.min(...values);
      break;
    case "max":
      out = Math.max(...values);
      break;
    default: {
      const sorted = [...values].sort((x, y) => x - y);
      const q = suffix === "median" || suffix === "p50" ? 0.5 : Number(suffix.slice(1)) / 100;
      out = percentile(sorted, q);
    }
  }
  return out === null ? null : round2(out);
}

/** Several aggregates of the same values, sorting once. */
export function aggregateMany(
  values: readonly number[],
  suffixes: readonly Suffix[],
): Map<Suffix, number | null> {
  const out = new Map<Suffix, number | null>();
  if (values.length === 0) {
    for (const s of suffixes) out.set(s, null);
    return out;
  }
  let sorted: number[] | undefined;
  for (const s of suffixes) {
    if (s === "avg" || s === "sum" || s === "stddev") out.set(s, aggregate(values, s));
    else {
      sorted ??= [...values].sort((x, y) => x - y);
      const v =
        s === "min"
          ? sorted[0]!
          : s === "max"
            ? sorted[sorted.length - 1]!
            : percentile(sorted, s === "median" || s === "p50" ? 0.5 : Number(s.slice(1)) / 100)!;
      out.set(s, round2(v));
    }
  }
  return out;
}
