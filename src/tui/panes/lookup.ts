/** Finding a pane's spec, and what derives from all of them: the planner's jobs, breadcrumbs, palette. */

import type { ConsoleState } from "../../store/state.ts";
import type { PaneJobs } from "../../store/sync/plan.ts";
import { INNER_PANES, PANE_SPECS, type PaneId } from "./registry.ts";
import type { PaneSpec } from "./spec.ts";

const ALL = [...PANE_SPECS, ...INNER_PANES];
const BY_ID = new Map<string, PaneSpec>(ALL.map((p) => [p.id, p]));
const BY_PALETTE = new Map<string, PaneSpec>(ALL.map((p) => [p.palette, p]));

/**
 * The spec of pane `id` (the first pane for an id no pane has). The console and `vigil share` put each
 * view on its start pane (the first, or `--pane` / a profile's `startPane`).
 */
export const paneSpec = (id: PaneId): PaneSpec => BY_ID.get(id) ?? PANE_SPECS[0]!;

/**
 * The pane the console starts on: the numbered pane `name` names (its palette name), the first when no
 * name is given; undefined for a name no numbered pane has.
 */
export function startPaneSpec(name: string | undefined): PaneSpec | undefined {
  if (name === undefined || name === "") return PANE_SPECS[0];
  return PANE_SPECS.find((p) => p.palette === name || p.id === name);
}

/** The pane a `:` palette command opens. */
export const paletteSpec = (cmd: string): PaneSpec | undefined => BY_PALETTE.get(cmd);

/** The planner's jobs for the shown pane. */
export const paneJobs: PaneJobs = (s, kit) => paneSpec(s.ui.pane).jobs(s, kit);

/** Breadcrumbs of the shown pane, joined by NUL into one string (cheap equality for a store selector). */
export const crumbsOf = (s: ConsoleState): string => paneSpec(s.ui.pane).crumbs(s).join("\u0000");

/** When the data of `pane` (default: the shown one) was loaded. */
export const paneLoadedAt = (s: ConsoleState, pane: PaneId = s.ui.pane): number | undefined =>
  paneSpec(pane).loadedAt(s);

/** The number key of the registry's pane `i`: 0 for the first (the overview), so the others keep 1…8. */
export const paneKey = (i: number): string => String(i);

/** The number tabs of the header, the current pane in brackets. */
export const paneTabs = (current: PaneId): string =>
  PANE_SPECS.map((p, i) => (p.id === current ? `[${paneKey(i)}]` : ` ${paneKey(i)} `)).join("");
