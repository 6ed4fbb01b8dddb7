/**
 * How the overview's sections share the lines of the pane (pure, tested without Ink). Every section with
 * something in it gets a title line and its rows; when they do not all fit, the sections the cursor is
 * not in keep their first few rows (and a "… N more" line), and the section the cursor is in takes every
 * other line, its rows windowed around the cursor (only the rows on screen are ever drawn, so 1,000
 * failing checks cost what 20 do).
 */
import { displayWidth } from "../../../shared/format.ts";
import { PREFIX_WIDTH, windowStart } from "../../widgets/table-layout.ts";

export type SectionNeed<Id extends string> = { id: Id; count: number };

export type SectionPlace<Id extends string> = {
  id: Id;
  /** First row shown and how many. */
  first: number;
  shown: number;
  /** Rows not shown (the "… N more" line when > 0 and the section is not windowed around the cursor). */
  more: number;
  /** Lines it takes: title + rows + the "more" line. */
  lines: number;
};

/** Rows a section the cursor is not in keeps when space is short. */
export const COMPACT_ROWS = 3;

/**
 * Place `sections` (the empty ones left out) in `height` lines. `focus` is the section the cursor is in
 * and its row there; `prevFirst` the focused section's first row last time (the window moves as little
 * as possible).
 */
export function placeSections<Id extends string>(
  sections: readonly SectionNeed<Id>[],
  height: number,
  focus: { id: Id; row: number } | undefined,
  prevFirst = 0,
): SectionPlace<Id>[] {
  const shown = sections.filter((s) => s.count > 0);
  if (shown.length === 0) return [];
  const full = shown.reduce((n, s) => n + 1 + s.count, 0);
  if (full <= height)
    return shown.map((s) => ({ id: s.id, first: 0, shown: s.count, more: 0, lines: 1 + s.count }));
  const focusId = shown.some((s) => s.id === focus?.id) ? (focus?.id as Id) : (shown[0]?.id as Id);
  // the others keep a few rows each (fewer when the pane is short), the focused one gets the rest
  for (const keep of [COMPACT_ROWS, 1, 0]) {
    const others = shown
      .filter((s) => s.id !== focusId)
      .map((s) => {
        const rows = Math.min(s.count, keep);
        const more = s.count - rows;
        return { id: s.id, first: 0, shown: rows, more, lines: 1 + rows + (more > 0 ? 1 : 0) };
      });
    const used = others.reduce((n, s) => n + s.lines, 0);
    const f = shown.find((s) => s.id === focusId) as SectionNeed<Id>;
    const room = height - used - 1;
    if (room < Math.min(f.count, 2) && keep > 0) continue;
    const visible = Math.max(0, Math.min(f.count, room));
    const row = focus?.id === focusId ? focus.row : 0;
    const first = windowStart(prevFirst, row, visible, f.count);
    const place: SectionPlace<Id> = {
      id: focusId,
      first,
      shown: visible,
      more: f.count - visible,
      lines: 1 + visible,
    };
    return shown.map((s) =>
      s.id === focusId ? place : (others.find((o) => o.id === s.id) as SectionPlace<Id>),
    );
  }
  return [];
}

/** How a failing check's row is laid out at a width (checkRowForm). */
export type CheckRowForm = {
  /** The type column is shown. */
  type: boolean;
  /** The locations column ("1 of 2 locations") is shown, this wide. */
  where: boolean;
  whereW: number;
  /** "12 min (since 09:41)": the state word left to the symbol beside the name. */
  short: boolean;
  /** The since column's width: its longest text on screen, cut only when nothing else is left to give. */
  forW: number;
};

/** What the reason keeps when nothing else can give way: "connect ECON…", enough to tell what broke. */
export const REASON_FLOOR = 12;

const widest = (texts: readonly string[]) => Math.max(0, ...texts.map(displayWidth));

/**
 * What gives way on a failing check's row so that the reason keeps `reasonMin` cells and the state, the
 * name and since when stay whole: first the type, then the locations count (in the check's detail, one
 * Enter away), then the state word of "failing for 12 min (since 09:41)" (the row's symbol says it: "12 min
 * (since 09:41)"). Only when none of that is left does the reason go under `reasonMin` (down to REASON_FLOOR),
 * and only below that is the since text cut, with "…". Where the whole row fits (120 columns) it is drawn
 * whole. `texts` are the rows on screen: since as said in full and short, where, and the reason (one
 * shorter than `reasonMin` needs only its own width).
 */
export function checkRowForm(
  width: number,
  nameW: number,
  texts: {
    long: readonly string[];
    short: readonly string[];
    where: readonly string[];
    reason: readonly string[];
  },
  reasonMin: number,
): CheckRowForm {
  // reasons shorter than the least width need only their own
  const reasonW = Math.min(reasonMin, widest(texts.reason));
  // prefix, the state (2), the name, since, each with its gap, and the reason's gap
  const base = PREFIX_WIDTH + 2 + 1 + nameW + 1 + 1;
  const longW = Math.max(12, widest(texts.long));
  const shortW = Math.max(12, widest(texts.short));
  const whereW = Math.min(20, widest(texts.where));
  const hasWhere = whereW > 0;
  const forms: CheckRowForm[] = [
    { type: true, where: hasWhere, whereW, short: false, forW: longW },
    { type: false, where: hasWhere, whereW, short: false, forW: longW },
    { type: false, where: false, whereW, short: false, forW: longW },
    { type: false, where: false, whereW, short: true, forW: shortW },
  ];
  for (const f of forms) {
    const need = base + f.forW + (f.type ? TYPE_WIDTH + 1 : 0) + (f.where ? f.whereW + 1 : 0) + reasonW;
    if (need <= width) return f;
  }
  const forW = Math.max(12, Math.min(shortW, width - base - REASON_FLOOR));
  return { type: false, where: false, whereW, short: true, forW };
}

/** The type column's width ("HEARTBEAT", "MULTI_STEP"). */
export const TYPE_WIDTH = 10;
