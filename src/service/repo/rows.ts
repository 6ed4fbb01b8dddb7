/**
 * The repo boundary: a row from node:sqlite is read column by column into a typed value, never cast. A
 * column that does not hold what the table says (a damaged file, a row written by something else) is a
 * CorruptRowError naming the column: the request answers 500 naming the database (app.ts), the engine
 * skips that row and says so.
 */
import { isObject } from "../../shared/json.ts";
import { CorruptRowError, parseJson, type Row } from "./util.ts";

export type { Row };

function shown(v: unknown): string {
  if (v === null || v === undefined) return "nothing";
  if (v instanceof Uint8Array) return "bytes";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return "text";
  return typeof v === "bigint" ? "a number" : `a ${typeof v}`;
}

function wrong(col: string, want: string, v: unknown): CorruptRowError {
  return new CorruptRowError(`column ${col} holds ${shown(v)}, not ${want}`);
}

/** A TEXT column. */
export function text(r: Row, col: string): string {
  const v = r[col];
  if (typeof v === "string") return v;
  throw wrong(col, "text", v);
}

/** A TEXT column that may be NULL. */
export function textOrNull(r: Row, col: string): string | null {
  const v = r[col];
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  throw wrong(col, "text", v);
}

/** A number column (INTEGER or REAL; a BigInt read is made a number). */
export function num(r: Row, col: string): number {
  const v = r[col];
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  throw wrong(col, "a number", v);
}

/** A number column that may be NULL. */
export function numOrNull(r: Row, col: string): number | null {
  const v = r[col];
  return v === null || v === undefined ? null : num(r, col);
}

/** A 0/1 column. */
export function flag(r: Row, col: string): boolean {
  const v = r[col];
  if (v === 1 || v === 1n) return true;
  if (v === 0 || v === 0n) return false;
  throw wrong(col, "0 or 1", v);
}

/** A JSON column holding an object; NULL or empty is `{}`. */
export function jsonObject(r: Row, col: string): Record<string, unknown> {
  const v: unknown = parseJson(textOrNull(r, col), {});
  if (isObject(v)) return v;
  throw wrong(col, "a JSON object", v);
}

/** A JSON column holding a list of strings (other entries left out); NULL or empty is `[]`. */
export function jsonStrings(r: Row, col: string): string[] {
  const v: unknown = parseJson(textOrNull(r, col), []);
  if (Array.isArray(v)) return v.filter((s): s is string => typeof s === "string");
  throw wrong(col, "a JSON list", v);
}

/** A JSON column of any shape (the caller checks it); NULL or empty is `fallback`. */
export function jsonValue(r: Row, col: string, fallback: unknown = null): unknown {
  return parseJson(textOrNull(r, col), fallback);
}

/** A row that must be there (just written, or found a moment ago): its absence is a CorruptRowError. */
export function present(r: Row | undefined, what: string): Row {
  if (r) return r;
  throw new CorruptRowError(`${what} is missing`);
}

/** A TEXT column holding one of `values`. */
export function oneOf<const T extends string>(r: Row, col: string, values: readonly T[]): T {
  const v = text(r, col);
  const hit = values.find((x) => x === v);
  if (hit === undefined) throw wrong(col, values.join(" or "), v);
  return hit;
}
