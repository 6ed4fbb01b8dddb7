/**
 * Query-parameter building blocks that accept both the client's typed values and the raw query-string
 * form the embedded service receives: numbers may arrive as strings, lists as arrays, repeated keys or
 * comma-separated strings. Output is always typed (numbers, string arrays).
 */
import { z } from "zod";

const splitCsv = (s: string) => s.split(",").map((x) => x.trim());

/** string → [string, ...] split on commas; arrays flattened the same way; anything else unchanged. */
export function csvPreprocess(v: unknown): unknown {
  if (typeof v === "string") return splitCsv(v);
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === "string" ? splitCsv(x) : [x]));
  return v;
}

/** string → [string] (no comma splitting: tags may contain commas); arrays unchanged. */
export function listPreprocess(v: unknown): unknown {
  return typeof v === "string" ? [v] : v;
}

/**
 * A plain decimal string ("16", "-2", "1.5") becomes a number; anything else is left as it is and then
 * refused as not a number — so "0x10", "1e3", " 16" or "16abc" are errors, never silently read as 16.
 */
export function numPreprocess(v: unknown): unknown {
  return typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}

/** An integer within [min, max] that also accepts its string form. */
export function queryInt(min: number, max?: number) {
  const base = z.number().int().min(min);
  return z.preprocess(numPreprocess, max === undefined ? base : base.max(max));
}

/** "true"/"false" strings or booleans. */
export const queryBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
