/**
 * Where a list's cursor is: it follows the id of the row it was put on (`ui.cursorId`), not a row number,
 * so a refresh, a re-sort (a check turning failing moves to the top) or a filter leaves it on the same
 * row — and `t`, Enter or `m` act on the row that is highlighted. When that row is gone (deleted, or
 * filtered out) the cursor stays where the row was last seen — on the row that took its place — clamped
 * to the list (the nearest). A cursor never put on a row (the console just started) stays on its row
 * number — the top, where the worst checks come once the statuses arrive — until a key puts it on one
 * (a move, Enter).
 *
 * Derived, never written by a render: the id's row is found once per list change (one scan per rows array
 * — the memoised arrays of selectors.ts — and id), then in O(1); what was last seen is remembered per
 * cursor record (`ui.cursor`, a new object whenever the cursor is put somewhere), so each viewer of
 * `vigil share` has its own.
 */
import type { ConsoleState } from "../state.ts";
import type { Pane } from "./types.ts";

/** Per rows array, the rows of the ids looked up in it (-1: not there). */
const found = new WeakMap<readonly unknown[], Map<string, number>>();
type Seen = { id: string; row: number };
const seen = new WeakMap<object, Map<Pane, Seen>>();

/**
 * The first row of `id` in `rows`, or undefined: one scan per id and rows array, remembered. A scan for the
 * one id asked (a filter's new rows, a re-sort) costs far less than indexing every row's id — 100,000 rows'
 * map was ~20 ms of a filter keystroke — and a rows array is asked for one or two ids (the cursors on it).
 */
function rowOf<T>(
  rows: readonly T[],
  idOf: (row: T) => string | undefined,
  id: string,
  locate?: Locate,
): number | undefined {
  let ids = found.get(rows);
  if (!ids) {
    ids = new Map();
    found.set(rows, ids);
  }
  let row = ids.get(id);
  if (row === undefined) {
    const told = locate?.(id);
    row = told === "absent" ? -1 : (told ?? -1);
    if (told === undefined)
      for (let i = 0; i < rows.length; i++)
        if (idOf(rows[i] as T) === id) {
          row = i;
          break;
        }
    ids.set(id, row);
  }
  return row < 0 ? undefined : row;
}

function remember(s: ConsoleState, pane: Pane, id: string, row: number): void {
  let byPane = seen.get(s.ui.cursor);
  if (!byPane) {
    byPane = new Map();
    seen.set(s.ui.cursor, byPane);
  }
  const was = byPane.get(pane);
  if (was && was.row === row && was.id === id) return;
  byPane.set(pane, { id, row });
}

/**
 * Where an id's row is in a rows array, when the caller can tell at once: its index, "absent" (none: a
 * filter's rows, the id's row does not match), or undefined (not known: the rows are scanned).
 */
export type Locate = (id: string) => number | "absent" | undefined;

/**
 * The row of `pane`'s cursor in `rows` (one id per rows array: `idOf` must be the same function of the
 * same rows wherever they are shown). 0 for an empty list. `locate(id)`, when the caller can tell where an
 * id's row is (a sorted list: a binary search), spares the scan for it.
 */
export function cursorIn<T>(
  s: ConsoleState,
  pane: Pane,
  rows: readonly T[],
  idOf: (row: T) => string | undefined,
  locate?: Locate,
): number {
  if (rows.length === 0) return 0;
  const last = rows.length - 1;
  const stored = Math.min(Math.max(0, s.ui.cursor[pane] ?? 0), last);
  const id = s.ui.cursorId[pane];
  if (id === undefined) return stored;
  if (idOf(rows[stored] as T) === id) {
    remember(s, pane, id, stored);
    return stored;
  }
  const row = rowOf(rows, idOf, id, locate);
  if (row !== undefined) {
    remember(s, pane, id, row);
    return row;
  }
  const mem = seen.get(s.ui.cursor)?.get(pane);
  return Math.min(mem?.id === id ? mem.row : stored, last);
}

/** The id of the row under `pane`'s cursor in `rows` (the cursor follows its row's id). */
export const cursorRowId = (s: ConsoleState, pane: Pane, rows: readonly { id: string }[]) =>
  rows[cursorIn(s, pane, rows, rowId)]?.id;
const rowId = (r: { id: string }) => r.id;
