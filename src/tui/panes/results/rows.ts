/**
 * What the results pane shows, memoised: the drilled check's results after the pane's `/` filter, and the
 * open result as the lines of its view (store/triage/result-view.ts) — shared by the pane's view and its
 * keys (how far the cursor and the scroll may go).
 */

import type { ResultSummary } from "../../../store/data/summary.ts";
import type { FullResult, ResultPages } from "../../../store/results/types.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { runReason } from "../../../store/triage/reason.ts";
import {
  type FlatLine,
  type ResultCheck,
  type ResultInput,
  resultKind,
  resultView,
  runOutcome,
  viewLines,
} from "../../../store/triage/result-view.ts";
import { viewMemo } from "../../../store/view/memo.ts";
import { filterByText } from "../../../store/view/text-filter.ts";
import { RESULTS_PANE } from "./drill.ts";

const NO_RESULTS: readonly ResultSummary[] = [];
const NO_LINES: FlatLine[] = [];

/** The held pages of the drilled check. */
export const drillPages = (s: ConsoleState): ResultPages | undefined =>
  s.drill.checkId === undefined ? undefined : s.history.pages.get(s.drill.checkId);

/** The check the drill-down shows: its full read when held (script, request), else its list entry. */
export function drillCheck(s: ConsoleState): ResultCheck | undefined {
  const id = s.drill.checkId;
  if (id === undefined) return undefined;
  return (s.details.checks.get(id) as ResultCheck | undefined) ?? s.checks.byId.get(id);
}

/** What a row's words are for the `/` filter: outcome, location, FINAL/ATTEMPT, reason. */
export const resultRowText = (r: ResultSummary): string => {
  const input = r as unknown as ResultInput;
  return `${runOutcome(input).text} ${r.runLocation ?? ""} ${resultKind(input)} ${runReason(r) ?? ""}`;
};

const filtered = viewMemo((items: readonly ResultSummary[], f: string) =>
  filterByText(items, f, resultRowText),
);

/** The drilled check's results as listed (newest first, filtered). */
export const resultRows = (s: ConsoleState): readonly ResultSummary[] =>
  filtered(s, drillPages(s)?.items ?? NO_RESULTS, s.ui.filter[RESULTS_PANE] ?? "");

/** The open result's entry (undefined: none open, or not read yet). */
export function openResult(s: ConsoleState): FullResult | undefined {
  const id = s.ui.detail[RESULTS_PANE];
  return id === undefined ? undefined : s.history.full.get(id);
}

const linesOf = viewMemo(
  (entry: FullResult, check: ResultCheck | undefined, expanded: boolean, barWidth: number): FlatLine[] =>
    entry.result
      ? viewLines(
          resultView(entry.result as ResultInput, {
            check,
            event: entry.event,
            expanded,
            expandHint: "e expands",
            screenshotHint: "s draws it here",
            barWidth,
          }),
        )
      : NO_LINES,
);

/** The open result as the lines of its view (empty until it is read). */
export function openResultLines(s: ConsoleState, barWidth = 32): FlatLine[] {
  const entry = openResult(s);
  return entry ? linesOf(s, entry, drillCheck(s), s.drill.expanded, barWidth) : NO_LINES;
}
