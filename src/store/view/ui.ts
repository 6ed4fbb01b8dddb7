/**
 * UI slice reducers: pane, detail, cursor, filter, marks, sort, overlays, activity. Pure: each takes the
 * state and returns the partial state to set.
 */
import type { ActivitySlice } from "../data/types.ts";
import type { ConsoleState } from "../state.ts";
import type { AnalyticsOptions, Overlay, Pane, SortColumn, UiSlice } from "./types.ts";

type Patch = Partial<ConsoleState>;

/** A view before the runtime put it on its start pane: no pane's id (the store names no pane). */
const NO_PANE = "" as Pane;

/**
 * A new view's UI, on `pane` — the runtime puts it on its start pane (the pane registry's first, or
 * `--pane`); no pane until then.
 */
export function initialUi(pane: Pane = NO_PANE): UiSlice {
  return {
    pane,
    detail: {},
    cursor: {},
    cursorId: {},
    filter: {},
    filtering: false,
    sort: { column: "status", desc: false },
    marked: new Set(),
    selectedCheckId: undefined,
    analytics: {
      range: "24h",
      from: undefined,
      to: undefined,
      interval: undefined,
      groupBy: "none",
      filter: "all",
      view: undefined,
    },
    overlay: { kind: "none" },
    notice: undefined,
    checksWindow: { first: 0, count: 20 },
  };
}

const ui = (s: ConsoleState, p: Partial<UiSlice>): Patch => ({ ui: { ...s.ui, ...p } });

export function setPane(s: ConsoleState, pane: Pane): Patch {
  if (s.ui.pane === pane && !s.ui.filtering) return {};
  return ui(s, { pane, filtering: false });
}

export function openDetail(s: ConsoleState, pane: Pane, id: string): Patch {
  return ui(s, { detail: { ...s.ui.detail, [pane]: id }, filtering: false });
}

/** Esc: close the detail of the current pane, else clear its filter; false when there was nothing to undo. */
export function back(s: ConsoleState): Patch {
  const pane = s.ui.pane;
  if (s.ui.detail[pane] !== undefined) {
    const detail = { ...s.ui.detail };
    delete detail[pane];
    return ui(s, { detail });
  }
  if (s.ui.filter[pane])
    return ui(s, { filter: { ...s.ui.filter, [pane]: "" }, cursor: { ...s.ui.cursor, [pane]: 0 } });
  return {};
}

/**
 * Move the cursor of `pane` by `delta` rows (or to an absolute row), clamped to `[0, length - 1]`, from
 * `from` (the row shown: store/view/cursor.ts; default the stored row). With `idAt`, the cursor also takes the
 * id of its new row and follows it from then on (across refreshes, re-sorts and filters).
 */
export function moveCursor(
  s: ConsoleState,
  pane: Pane,
  length: number,
  to: { delta?: number; row?: number },
  opts: { from?: number; idAt?: (row: number) => string | undefined } = {},
): Patch {
  const cur = opts.from ?? s.ui.cursor[pane] ?? 0;
  const want = to.row ?? cur + (to.delta ?? 0);
  const next = Math.max(0, Math.min(Math.max(0, length - 1), want));
  const id = opts.idAt ? opts.idAt(next) : s.ui.cursorId[pane];
  if (next === s.ui.cursor[pane] && id === s.ui.cursorId[pane]) return {};
  return setCursor(s, pane, next, id);
}

/** Put the cursor of `pane` on `row`, following `id` (undefined: the row it is first seen on). */
export function setCursor(s: ConsoleState, pane: Pane, row: number, id: string | undefined): Patch {
  const cursorId = { ...s.ui.cursorId };
  if (id === undefined) delete cursorId[pane];
  else cursorId[pane] = id;
  return ui(s, { cursor: { ...s.ui.cursor, [pane]: row }, cursorId });
}

export function startFilter(s: ConsoleState): Patch {
  return ui(s, { filtering: true });
}

/**
 * The filter text of `pane`. The cursor keeps following its row's id: it stays on that row while it
 * matches, else it is on the first row (filters, like clearing one with Esc, reset only the row number).
 */
export function setFilter(s: ConsoleState, pane: Pane, text: string): Patch {
  return ui(s, { filter: { ...s.ui.filter, [pane]: text }, cursor: { ...s.ui.cursor, [pane]: 0 } });
}

export function endFilter(s: ConsoleState, clear: boolean): Patch {
  const pane = s.ui.pane;
  return ui(s, {
    filtering: false,
    ...(clear ? { filter: { ...s.ui.filter, [pane]: "" }, cursor: { ...s.ui.cursor, [pane]: 0 } } : {}),
  });
}

export function toggleMark(s: ConsoleState, id: string): Patch {
  const marked = new Set(s.ui.marked);
  if (marked.has(id)) marked.delete(id);
  else marked.add(id);
  return ui(s, { marked });
}

export function clearMarks(s: ConsoleState): Patch {
  return s.ui.marked.size === 0 ? {} : ui(s, { marked: new Set() });
}

/** Sort by `column`; choosing the current column again flips the direction. */
export function sortBy(s: ConsoleState, column: SortColumn): Patch {
  const desc = s.ui.sort.column === column ? !s.ui.sort.desc : false;
  // the cursor stays on its check (store/view/cursor.ts), wherever the new order puts it
  return ui(s, { sort: { column, desc } });
}

export function selectCheck(s: ConsoleState, id: string | undefined): Patch {
  return s.ui.selectedCheckId === id ? {} : ui(s, { selectedCheckId: id });
}

export function setAnalytics(s: ConsoleState, p: Partial<AnalyticsOptions>): Patch {
  return ui(s, { analytics: { ...s.ui.analytics, ...p } });
}

export function setOverlay(s: ConsoleState, overlay: Overlay): Patch {
  return ui(s, { overlay });
}

/** The connection, requests under way, the last error (the activity slice, shared by every viewer). */
export function setActivity(s: ConsoleState, p: Partial<ActivitySlice>): Patch {
  const same = (Object.keys(p) as (keyof typeof p)[]).every((k) => s.activity[k] === p[k]);
  return same ? {} : { activity: { ...s.activity, ...p } };
}

export function setNotice(s: ConsoleState, notice: string | undefined): Patch {
  return s.ui.notice === notice ? {} : ui(s, { notice });
}

export function setChecksWindow(s: ConsoleState, first: number, count: number): Patch {
  const w = s.ui.checksWindow;
  return w.first === first && w.count === count ? {} : ui(s, { checksWindow: { first, count } });
}
