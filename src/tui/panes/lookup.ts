/** Finding a pane's spec, and what derives from all of them: the planner's jobs, breadcrumbs, palette. */
import type { PaneJobs } from "../../store/plan.ts";
import type { ConsoleState } from "../../store/types.ts";
import { INNER_PANES, PANE_SPECS } from "./registry.ts";
import type { PaneSpec } from "./spec.ts";

const ALL = [...PANE_SPECS, ...INNER_PANES];
const BY_ID = new Map(ALL.map((p) => [p.id, p]));
const BY_PALETTE = new Map(ALL.map((p) => [p.palette, p]));

/** The spec of pane `id` (the first pane for an id no pane has — the store starts on "checks"). */
export const paneSpec = (id: string): PaneSpec => BY_ID.get(id) ?? PANE_SPECS[0]!;

/** The pane a `:` palette command opens. */
export const paletteSpec = (cmd: string): PaneSpec | undefined => BY_PALETTE.get(cmd);

/** The planner's jobs for the shown pane. */
export const paneJobs: PaneJobs = (s, kit) => paneSpec(s.ui.pane).jobs(s, kit);

/** Breadcrumbs of the shown pane, joined by NUL into one string (cheap equality for a store selector). */
export const crumbsOf = (s: ConsoleState): string => paneSpec(s.ui.pane).crumbs(s).join("\u0000");

/** When the data of `pane` (default: the shown one) was loaded. */
export const paneLoadedAt = (s: ConsoleState, pane: string = s.ui.pane): number | undefined =>
  paneSpec(pane).loadedAt(s);

/** The number tabs of the header, the current pane in brackets. */
export const paneTabs = (current: string): string =>
  PANE_SPECS.map((p, i) => (p.id === current ? `[${i + 1}]` : ` ${i + 1} `)).join("");
