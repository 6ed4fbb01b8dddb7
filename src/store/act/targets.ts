/**
 * What the act keys (`t` `m` `i` `y` `o`) act on: the check(s) — and result — selected on the pane they
 * are pressed on. Pure selectors over the state:
 *
 * - checks pane: in a detail, its check; in the list, the marked checks, else the one under the cursor
 *   (the cursor follows the check's id, so a re-sort never changes what is acted on);
 * - overview: the check (or heartbeat) under the cursor — an incident, channel or location line names no
 *   check;
 * - results: the drilled check, and the result open (or under the list's cursor).
 *
 * And what a check's triage says for an incident (state, reason, how many locations), from what the
 * store holds.
 */
import { cursorIn } from "../cursor.ts";
import { resultRows } from "../results/selectors.ts";
import { RESULTS_PANE } from "../results/slice.ts";
import { allCheckRows, type CheckRow, cursorCheck } from "../selectors.ts";
import type { CheckSummary, ResultSummary } from "../summary.ts";
import { checkTriageOf, overviewItemKey, overviewItems } from "../triage/overview-state.ts";
import type { ConsoleState } from "../types.ts";
import type { PrefillCheck } from "./prefill.ts";

export type ActTarget = {
  /** The checks (in list order); empty when the line under the cursor names none. */
  checks: CheckSummary[];
  /** The result selected (results pane), with its summary when held. */
  result: ResultSummary | undefined;
  /** Why there is nothing to act on (for the notice), when `checks` is empty. */
  none: string | undefined;
};

const NONE = (why: string): ActTarget => ({ checks: [], result: undefined, none: why });

const byIds = (s: ConsoleState, ids: readonly string[]): CheckSummary[] =>
  ids.map((id) => s.checks.byId.get(id)).filter((c): c is CheckSummary => c !== undefined);

/** The check(s) and result the act keys take on the shown pane (`single`: the cursor's, never the marks). */
export function actTarget(s: ConsoleState, single = false): ActTarget {
  switch (s.ui.pane) {
    case "checks": {
      const detail = s.ui.detail.checks;
      if (detail !== undefined) {
        const c = byIds(s, [detail]);
        return c.length ? { checks: c, result: undefined, none: undefined } : NONE("the check is not loaded");
      }
      if (!single && s.ui.marked.size > 0)
        return {
          checks: s.checks.items.filter((c) => s.ui.marked.has(c.id)),
          result: undefined,
          none: undefined,
        };
      const row = cursorCheck(s);
      return row ? { checks: [row.check], result: undefined, none: undefined } : NONE("no check selected");
    }
    case "overview": {
      const items = overviewItems(s);
      const it = items[cursorIn(s, "overview", items, overviewItemKey)];
      if (!it) return NONE("nothing selected: all is well");
      if (it.section !== "checks" && it.section !== "heartbeats")
        return NONE("put the cursor on a check (this line names no check)");
      const c = byIds(s, [it.id]);
      return c.length ? { checks: c, result: undefined, none: undefined } : NONE("the check is not loaded");
    }
    case RESULTS_PANE: {
      const id = s.drill.checkId;
      if (id === undefined) return NONE("no check drilled into");
      const open = s.ui.detail[RESULTS_PANE];
      const rows = resultRows(s);
      const result = open
        ? (rows.find((r) => r.id === open) ??
          s.history.pages.get(id)?.items.find((r) => r.id === open) ??
          ({ id: open } as ResultSummary))
        : rows[cursorIn(s, RESULTS_PANE, rows, (r) => r.id)];
      const c = byIds(s, [id]);
      return c.length ? { checks: c, result, none: undefined } : NONE("the check is not loaded");
    }
    default:
      return NONE("select a check on the overview, the checks pane or its results");
  }
}

/** The check's row (joined with its status) as the lists have it. */
export function rowOf(s: ConsoleState, id: string): CheckRow | undefined {
  return allCheckRows(s.checks.items, s.statuses.byId).find((r) => r.id === id);
}

/** A check with what its triage says, for the incident form. */
export function prefillCheckOf(s: ConsoleState, c: CheckSummary, result?: ResultSummary): PrefillCheck {
  const row = rowOf(s, c.id);
  const base = { id: c.id, name: c.name, tags: c.tags };
  if (!row) return { ...base, state: "failing" };
  const t = checkTriageOf(row, s.results.byCheck.get(c.id));
  // a check that needs a look: why (the triage's newest result in its state); on a result: its own reason
  const needsLook = row.health === "failing" || row.health === "degraded" || row.health === "cannot run";
  const own = result?.hasFailures || result?.hasErrors || result?.isCancelled ? result.reason : undefined;
  const reason = own ?? (needsLook ? t.reason : undefined);
  return {
    ...base,
    state: row.health === "degraded" ? "degraded" : row.health === "passing" ? "passing" : t.state,
    reason,
    locationsIn: t.locationsIn,
    locationsOf: t.locationsOf,
  };
}
