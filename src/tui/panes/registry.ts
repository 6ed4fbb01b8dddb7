/**
 * The panes, in the order of their number keys — 0 for the first (the overview, the landing screen), so the
 * others keep 1…8 — one line per pane. Each is a spec in its own folder
 * (see spec.ts for what derives from it).
 */
import { alerts } from "./alerts/index.ts";
import { analytics } from "./analytics/index.ts";
import { checks } from "./checks/index.ts";
import { heartbeats } from "./heartbeats/index.ts";
import { incidents } from "./incidents/index.ts";
import { locations } from "./locations/index.ts";
import { overview } from "./overview/index.ts";
import { pages } from "./pages/index.ts";
import { results } from "./results/index.ts";
import { sessions } from "./sessions/index.ts";
import type { PaneSpec } from "./spec.ts";

export const PANE_SPECS = [
  overview,
  checks,
  sessions,
  analytics,
  heartbeats,
  incidents,
  alerts,
  pages,
  locations,
] as const satisfies readonly PaneSpec<string>[];

/**
 * Panes without a number key or a tab, opened from another pane (a check's results from the check); each
 * is still one folder and one line, with its keys in the `?` help and `:` palette command.
 */
export const INNER_PANES = [results] as const satisfies readonly PaneSpec<string>[];

/** A pane's id: one of the registry's (a mistyped id does not compile). */
export type PaneId = (typeof PANE_SPECS)[number]["id"] | (typeof INNER_PANES)[number]["id"];

// The store's pane parameters take these ids (its `Pane`), while the store imports none of them.
declare module "../../store/view/types.ts" {
  interface PaneIds {
    id: PaneId;
  }
}
