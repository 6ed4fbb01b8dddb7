/**
 * What the actions act on: the check(s) — and result — the act keys (`t` `m` `i` `y` `o`) take, the
 * incident `u` `e` `s` take, the page `e` edits — what the shown pane SELECTS. The store does not know the
 * panes: each pane's spec says what it selects (`selects` in src/tui/panes/<id>/index.ts), and the console
 * gives the actions the registry's composition of them (src/tui/panes/selects.ts) as `PaneHooks`, with how
 * to show what an action started (the sessions a trigger started, the incident just opened).
 *
 * And what a check's triage says for an incident (state, reason, how many locations), from what the
 * store holds.
 */

import type { Incident, IncidentUpdate } from "../../contract/schemas/incidents.ts";
import { latestOpenIncident } from "../data/incidents.ts";
import type { CheckSummary, ResultSummary } from "../data/summary.ts";
import type { ConsoleState, ConsoleStore } from "../state.ts";
import { checkTriageOf } from "../triage/overview-state.ts";
import { type CheckRow, makeCheckRow } from "../view/selectors.ts";
import type { PrefillCheck } from "./prefill.ts";

export type ActTarget = {
  /** The checks (in list order); empty when the line under the cursor names none. */
  checks: CheckSummary[];
  /** The result selected (results pane), with its summary when held. */
  result: ResultSummary | undefined;
  /** Why there is nothing to act on (for the notice), when `checks` is empty. */
  none: string | undefined;
};

/** Nothing to act on, and why. */
export const NONE = (why: string): ActTarget => ({ checks: [], result: undefined, none: why });

/** The checks held of these ids (in the ids' order). */
export const byIds = (s: ConsoleState, ids: readonly string[]): CheckSummary[] =>
  ids.map((id) => s.checks.byId.get(id)).filter((c): c is CheckSummary => c !== undefined);

/** The checks `ids` names as an act target (or why not: not loaded). */
export const checksTarget = (s: ConsoleState, ids: readonly string[], result?: ResultSummary): ActTarget => {
  const c = byIds(s, ids);
  return c.length ? { checks: c, result, none: undefined } : NONE("the check is not loaded");
};

/** What one pane selects (every member optional: a pane selects what it shows). */
export type PaneSelects = {
  /** The check(s) and result the act keys take (`single`: the cursor's, never the marks). */
  checks?: (s: ConsoleState, single: boolean) => ActTarget;
  /** The incident `u`, `e` and `s` act on. */
  incident?: (s: ConsoleState) => Incident | undefined;
  /**
   * Whether the incident is chosen deliberately (its detail is open), not just left under a list's cursor:
   * `u` posts to a resolved incident only so (work.ts `openUpdate`).
   */
  incidentOpened?: (s: ConsoleState) => boolean;
  /** The update of `inc` that `e` edits (the incident detail's selected one). */
  update?: (s: ConsoleState, inc: Incident) => IncidentUpdate | undefined;
  /** The status page `e` edits (its id). */
  page?: (s: ConsoleState) => string | undefined;
};

/** The panes as the actions see them: what the shown one selects, and where to show what they started. */
export type PaneHooks = {
  /** What the shown pane selects. */
  selects: (s: ConsoleState) => PaneSelects;
  /** Show the sessions a trigger just started (the newest first, the cursor on it). */
  showSessions: (store: ConsoleStore) => void;
  /** Show an incident just created or updated (its detail). */
  showIncident: (store: ConsoleStore, id: string) => void;
};

/** No pane selects anything and nothing is shown (a store without a console: tests, scripts). */
export const NO_PANES: PaneHooks = { selects: () => ({}), showSessions: () => {}, showIncident: () => {} };

/** The check(s) and result the act keys take on the shown pane. */
export function actTarget(panes: PaneHooks, s: ConsoleState, single = false): ActTarget {
  return (
    panes.selects(s).checks?.(s, single) ??
    NONE("select a check on the overview, the checks pane or its results")
  );
}

/** The incident `u` / `s` act on: the one the shown pane selects, else the latest open one. */
export function targetIncident(panes: PaneHooks, s: ConsoleState): Incident | undefined {
  return panes.selects(s).incident?.(s) ?? latestOpenIncident(s);
}

/**
 * The check's row (joined with its status) as the lists have it: its one check and status looked up, not
 * every check joined (100,000 rows built for one incident form).
 */
export function rowOf(s: ConsoleState, id: string): CheckRow | undefined {
  const check = s.checks.byId.get(id);
  return check && makeCheckRow(check, s.statuses.byId.get(id));
}

/** A check with what its triage says, for the incident form. */
export function prefillCheckOf(s: ConsoleState, c: CheckSummary, result?: ResultSummary): PrefillCheck {
  const row = rowOf(s, c.id);
  const base = { id: c.id, name: c.name, tags: c.tags };
  // not in the lists (yet): its state is not known — not worded as failing
  if (!row) return { ...base, state: "unknown" };
  const t = checkTriageOf(row, s.results.byCheck.get(c.id));
  // a check that needs a look: why (the triage's newest result in its state); on a result: its own reason
  const needsLook = row.health === "failing" || row.health === "degraded" || row.health === "cannot run";
  const own = result?.hasFailures || result?.hasErrors || result?.isCancelled ? result.reason : undefined;
  const reason = own ?? (needsLook ? t.reason : undefined);
  return {
    ...base,
    // its own state: the triage reads a state it does not rank (pending) as failing
    state: row.health,
    reason,
    locationsIn: t.locationsIn,
    locationsOf: t.locationsOf,
  };
}
