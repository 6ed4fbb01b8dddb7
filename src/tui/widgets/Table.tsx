/**
 * The windowed table: renders ONLY the rows on screen (ink-table is unusable with ink 8, and rendering all
 * rows costs ~30× more per frame). Rows are memoised components that keep their key while their row is
 * on screen (slotKeys), so moving the cursor re-renders the two rows whose selection changed and nothing
 * else, and a filter keystroke that changes every row updates the lines in place. A click on a row
 * selects it (src/tui/mouse/: the table tells where its rows are).
 */
import { Box, type DOMElement, Text } from "ink";
import { memo, type ReactElement, useEffect, useMemo, useRef } from "react";
import { fitWidth } from "../../shared/format.ts";
import { useMouseRows } from "../mouse/context.tsx";
import type { Theme } from "../theme.ts";
import { type Column, type Laid, layoutColumns, windowStart } from "./table-layout.ts";

export type TableProps<T, S extends T = T> = {
  rows: readonly T[];
  /** Extra data for the rows on screen only (e.g. the checks' latest results); keep identities stable. */
  decorate?: (row: T) => S;
  columns: readonly Column<S>[];
  cursor: number;
  /** Lines available, header included. */
  height: number;
  width: number;
  rowKey: (row: T) => string;
  isMarked?: (row: S) => boolean;
  /** Rows drawn dim (e.g. a deactivated check); a symbol must say the same without colour. */
  isDim?: (row: S) => boolean;
  theme: Theme;
  empty: string;
  /** Told which rows are on screen (first index, count) whenever that changes. */
  onWindow?: (first: number, count: number) => void;
};

/** Coloured parts made before, by place, colour and text (most are a state's symbol: a few). */
const colouredParts = new Map<string, ReactElement>();
const COLOURED_PARTS_MAX = 512;

/**
 * A coloured part of a row: the same element for the same place, colour and text, so React skips it when
 * a row is drawn again with other cells (a filter keystroke's rows: each one's symbol) — no render of the
 * part's Text, no update of its node. It still follows the row's background (it reads it from context).
 */
function colouredPart(at: number, color: string, text: string): ReactElement {
  const key = `${at}\u0000${color}\u0000${text}`;
  let part = colouredParts.get(key);
  if (part === undefined) {
    if (colouredParts.size >= COLOURED_PARTS_MAX) colouredParts.clear();
    part = (
      <Text key={at} color={color}>
        {text}
      </Text>
    );
    colouredParts.set(key, part);
  }
  return part;
}

type Part = { text: string; color: string | undefined };

/**
 * A row's cells as parts: the plain cells joined into one part in the `base` colour, each cell with a tone
 * a part of its own. The first part is always a plain one, which the row's prefix joins (empty when the
 * row begins with a cell with a tone, or has no cells). A function of its arguments (a column's `get` and
 * `tone` are of the row: what else they show, such as the time, makes new columns).
 */
function cellParts<T>(row: T, laid: Laid<T>[], base: string | undefined, theme: Theme): Part[] {
  const parts: Part[] = [];
  let plain = "";
  laid.forEach(({ column, width }, i) => {
    const text = `${i > 0 ? " " : ""}${fitWidth(column.get(row), width, column.align)}`;
    const tone = column.tone?.(row);
    const color = tone ? theme.tone[tone] : undefined;
    if (color === undefined) {
      plain += text;
      return;
    }
    parts.push({ text: plain, color: base }, { text, color });
    plain = "";
  });
  if (plain || parts.length === 0) parts.push({ text: plain, color: base });
  return parts;
}

/**
 * One row of laid-out cells as few Ink nodes as possible (layout and output cost grow with the node
 * count): `prefix` (the cursor and mark columns) and the plain cells are joined into one string in the
 * `base` colour, only cells with a tone get their own coloured node. Shared by the table and the
 * overview's sections. The cells are kept while the row, columns and colours are (a selection move draws
 * its two rows again for their prefix and selection only).
 */
function CellsLineView<T>({
  row,
  laid,
  prefix,
  selected,
  base,
  theme,
}: {
  row: T;
  laid: Laid<T>[];
  prefix: string;
  selected: boolean;
  base?: string | undefined;
  theme: Theme;
}) {
  const cells = useMemo(() => cellParts(row, laid, base, theme), [row, laid, base, theme]);
  const first = prefix + (cells[0] as Part).text;
  // nothing at all: no part (as when the prefix began the plain part)
  const parts = first === "" && cells.length === 1 ? [] : cells.slice();
  if (parts.length > 0) parts[0] = { text: first, color: base };
  return (
    // the cursor row: the theme's selection background, else inverse video (also what NO_COLOR keeps)
    <Text
      wrap="truncate"
      inverse={selected && theme.selection === undefined}
      backgroundColor={selected ? theme.selection : undefined}
    >
      {parts.map((p, i) => (p.color === undefined ? p.text : colouredPart(i, p.color, p.text)))}
    </Text>
  );
}
export const CellsLine = memo(CellsLineView) as typeof CellsLineView;

/**
 * The React key of each row on screen: a row shown before keeps its own (its line is not redrawn when it
 * only moved), a row new on screen takes one a row that left gave up — so a filter keystroke or a page
 * down that changes every row updates the lines in place instead of unmounting them and mounting new
 * ones (Ink's nodes and their layout made anew: a table frame whose 38 rows all changed, 1.7 → 1.4 ms).
 * Keys are numbers below the rows' count.
 */
function slotKeys(held: { current: ReadonlyMap<string, number> }, ids: readonly string[]): number[] {
  const before = held.current;
  const next = new Map<string, number>();
  const taken = new Set<number>();
  const keys = new Array<number>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const k = before.get(ids[i] as string);
    if (k !== undefined && !taken.has(k)) {
      keys[i] = k;
      taken.add(k);
      next.set(ids[i] as string, k);
    }
  }
  let free = 0;
  for (let i = 0; i < ids.length; i++) {
    if (keys[i] !== undefined) continue;
    while (taken.has(free)) free++;
    keys[i] = free;
    taken.add(free);
    next.set(ids[i] as string, free);
  }
  held.current = next;
  return keys;
}

export function Table<T, S extends T = T>(props: TableProps<T, S>) {
  const { rows, decorate, columns, cursor, height, width, rowKey, isMarked, isDim, theme, empty, onWindow } =
    props;
  const laid = useMemo(() => layoutColumns(columns, width), [columns, width]);
  const visible = Math.max(1, height - 1);
  const firstRef = useRef(0);
  const first = windowStart(firstRef.current, cursor, visible, rows.length);
  firstRef.current = first;
  const count = Math.min(visible, Math.max(0, rows.length - first));
  // Told after this commit's effects, not among them: a store change in a child's effect, before the
  // effect of a parent's store hook (useSyncExternalStore notes the value it rendered in its own effect,
  // children's effects run first), wakes that hook with the value of the render before — a second render
  // of the pane for nothing after every scrolling move (the checks pane's cursor: ChecksTable).
  useEffect(() => {
    if (onWindow) queueMicrotask(() => onWindow(first, visible));
  }, [first, visible, onWindow]);
  const header = `  ${laid.map(({ column, width: w }) => fitWidth(column.header, w, column.align)).join(" ")}`;
  // line 0 is the column header, then the rows on screen
  const box = useRef<DOMElement>(null);
  const slots = useRef<ReadonlyMap<string, number>>(new Map());
  useMouseRows(box, (line) => (line >= 1 && line <= count ? first + line - 1 : undefined));
  const slice = rows.slice(first, first + count);
  const shown: S[] = decorate ? slice.map(decorate) : (slice as S[]);
  const keys = slotKeys(slots, slice.map(rowKey));
  return (
    <Box ref={box} flexDirection="column" height={height} width={width}>
      <Text bold wrap="truncate">
        {header}
      </Text>
      {rows.length === 0 ? (
        <Text color={theme.dim}>{`  ${empty}`}</Text>
      ) : (
        shown.map((row, i) => (
          <CellsLine
            key={keys[i]}
            row={row}
            laid={laid}
            prefix={`${first + i === cursor ? "›" : " "}${isMarked?.(row) ? "●" : " "}`}
            selected={first + i === cursor}
            base={isDim?.(row) ? theme.dim : undefined}
            theme={theme}
          />
        ))
      )}
    </Box>
  );
}
