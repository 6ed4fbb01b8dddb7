/**
 * How the overview's sections share the lines of the pane (pure, tested without Ink). Every section with
 * something in it gets a title line and its rows; when they do not all fit, the sections the cursor is
 * not in keep their first few rows (and a "… N more" line), and the section the cursor is in takes every
 * other line, its rows windowed around the cursor (only the rows on screen are ever drawn, so 1,000
 * failing checks cost what 20 do).
 */
import { windowStart } from "../../widgets/table-layout.ts";

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
