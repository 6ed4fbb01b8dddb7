/**
 * Pure layout of the windowed table: which columns fit a width (lower `priority` values are dropped
 * first when narrow), how wide each is (one "flex" column takes what is left), and which rows are on
 * screen (the window follows the cursor and moves as little as possible).
 */
import type { Align, Tone } from "../../shared/format.ts";

export type Column<T> = {
  id: string;
  header: string;
  /** Cells, or "flex" for the one column that takes the remaining width (at least `minWidth`). */
  width: number | "flex";
  minWidth?: number;
  /** For the flex column: never wider than this (the rest of the line stays blank, which costs no bytes). */
  maxWidth?: number;
  align?: Align;
  /** Higher stays longer when the terminal is narrow. */
  priority: number;
  /** The cell text (already sanitised by the caller). */
  get: (row: T) => string;
  tone?: (row: T) => Tone | undefined;
};

export type Laid<T> = { column: Column<T>; width: number };

/** Width of the row prefix: cursor marker and mark marker ("›●"). */
export const PREFIX_WIDTH = 2;
const GAP = 1;

export function layoutColumns<T>(columns: readonly Column<T>[], width: number): Laid<T>[] {
  let shown = [...columns];
  const need = (cols: Column<T>[]) =>
    PREFIX_WIDTH +
    cols.reduce((n, c) => n + (c.width === "flex" ? (c.minWidth ?? 10) : c.width), 0) +
    GAP * Math.max(0, cols.length - 1);
  while (shown.length > 1 && need(shown) > width) {
    const drop = shown.reduce((lo, c) =>
      c.width !== "flex" && (lo.width === "flex" || c.priority < lo.priority) ? c : lo,
    );
    if (drop.width === "flex") break;
    shown = shown.filter((c) => c !== drop);
  }
  const fixed = shown.reduce((n, c) => n + (c.width === "flex" ? 0 : c.width), 0);
  const flexW = Math.max(1, width - PREFIX_WIDTH - fixed - GAP * Math.max(0, shown.length - 1));
  return shown.map((column) => ({
    column,
    width: column.width === "flex" ? Math.min(flexW, column.maxWidth ?? flexW) : column.width,
  }));
}

/** First row on screen so that `cursor` is visible, moving the window as little as possible. */
export function windowStart(prevFirst: number, cursor: number, visible: number, length: number): number {
  if (visible <= 0 || length <= 0) return 0;
  let first = prevFirst;
  if (cursor < first) first = cursor;
  else if (cursor >= first + visible) first = cursor - visible + 1;
  return Math.max(0, Math.min(first, Math.max(0, length - visible)));
}
