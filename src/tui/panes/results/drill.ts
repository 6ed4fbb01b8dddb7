/**
 * One viewer's drill-down into a check's results, as the results pane shows it: which check, from which
 * pane (Esc goes back there), the open result, the body expanded. The data (the pages read, results read
 * whole, alerts) is the store's (src/store/results/).
 */
import type { ConsoleState } from "../../../store/state.ts";
import type { Pane } from "../../../store/view/types.ts";
import { setCursor } from "../../../store/view/ui.ts";
import { clearDetailRow } from "../../../store/view/work.ts";

type Patch = Partial<ConsoleState>;

/** The results pane's id. */
export const RESULTS_PANE = "results";
/** Where Esc goes back to when the drill-down was opened from nowhere (the palette, `--pane`). */
const BACK_TO = "checks";

/**
 * Open `checkId`'s results (newest first) on the results pane, coming from `from` (Esc goes back there);
 * with `resultId`, open that result at once (its list behind it). `now` (epoch ms) is when: the list is
 * read again from then on (the pane's jobs), so pages read before are never shown as the latest.
 */
export function openResults(
  s: ConsoleState,
  checkId: string,
  from: Pane,
  resultId: string | undefined,
  now: number,
): Patch {
  const detail = { ...s.ui.detail };
  if (resultId) detail[RESULTS_PANE] = resultId;
  else delete detail[RESULTS_PANE];
  const sameCheck = s.drill.checkId === checkId;
  let next: ConsoleState = {
    ...s,
    drill: { checkId, from: from === RESULTS_PANE ? s.drill.from : from, expanded: false, openedAt: now },
    ui: {
      ...s.ui,
      pane: RESULTS_PANE,
      detail,
      filtering: false,
      filter: sameCheck ? s.ui.filter : { ...s.ui.filter, [RESULTS_PANE]: "" },
    },
  };
  if (!sameCheck) next = { ...next, ...setCursor(next, RESULTS_PANE, 0, resultId) };
  next = { ...next, ...clearDetailRow(next, RESULTS_PANE) };
  return { drill: next.drill, ui: next.ui, work: next.work };
}

/** The drill-down shown again as it was (`:results`): from `now` on, as when opened. */
export function resultsShown(s: ConsoleState, now: number): Patch {
  return { drill: { ...s.drill, openedAt: now } };
}

/** Open one result of the list (Enter): its view starts at the top, the body cut. */
export function openResult(s: ConsoleState, resultId: string): Patch {
  const next = { ...s, ...clearDetailRow(s, RESULTS_PANE) };
  return {
    ui: { ...s.ui, detail: { ...s.ui.detail, [RESULTS_PANE]: resultId } },
    work: next.work,
    drill: { ...s.drill, expanded: false },
  };
}

/**
 * Esc on the results pane: close the open result, else clear the filter, else go back to the pane the
 * drill-down came from.
 */
export function resultsBack(s: ConsoleState): Patch {
  if (s.ui.detail[RESULTS_PANE] !== undefined) {
    const detail = { ...s.ui.detail };
    delete detail[RESULTS_PANE];
    const next = { ...s, ...clearDetailRow(s, RESULTS_PANE) };
    return { ui: { ...s.ui, detail }, work: next.work, drill: { ...s.drill, expanded: false } };
  }
  if (s.ui.filter[RESULTS_PANE]) return { ui: { ...s.ui, filter: { ...s.ui.filter, [RESULTS_PANE]: "" } } };
  return {
    ui: {
      ...s.ui,
      pane: s.drill.from === undefined || s.drill.from === RESULTS_PANE ? BACK_TO : s.drill.from,
      filtering: false,
    },
  };
}

export function toggleExpanded(s: ConsoleState): Patch {
  return { drill: { ...s.drill, expanded: !s.drill.expanded } };
}
