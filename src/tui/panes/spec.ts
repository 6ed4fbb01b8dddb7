/**
 * What a pane is: one value, in its own folder (`src/tui/panes/<id>/index.ts`), listed once in
 * `registry.ts`. Everything else derives from the registry — the number keys 1…N and the header's tabs
 * (registry order), the `:` palette, the `?` help (from the bindings), read-only filtering (a binding's
 * `mutating` flag), the router (the view), the planner (the jobs), the status line's data age (loadedAt)
 * and the breadcrumbs.
 */
import type { ReactNode } from "react";
import type { Actions } from "../../store/actions.ts";
import { cursorIn } from "../../store/cursor.ts";
import type { JobKit } from "../../store/plan.ts";
import type { Job } from "../../store/poller.ts";
import type { ConsoleStore } from "../../store/store.ts";
import type { ConsoleState } from "../../store/types.ts";
import type { MouseMode } from "../mouse/mode.ts";

/**
 * A key's name as bindings spell it: the character itself ("t", "T", "[", "?"), or one of "space",
 * "enter", "esc", "up", "down", "left", "right", "pgup", "pgdn", "home", "end".
 */
export type KeyName = string;

/** What a binding's `run` may use. */
export type KeyContext = {
  store: ConsoleStore;
  actions: Actions;
  readOnly: boolean;
  /** The name of the key that matched (a binding may take several keys). */
  key: KeyName;
  /** Move the pane's cursor (clamped to its rows) and keep the shown check in step. */
  move: (delta: number | "first" | "last") => void;
  goPane: (pane: string) => void;
  /** Cycle the heartbeat check the heartbeats pane shows. */
  switchHeartbeat: (delta: number) => void;
  pageSize: () => number;
  quit: () => void;
  /** Mouse reporting (`M` turns it on and off); undefined where there is no terminal to ask. */
  mouse?: MouseMode | undefined;
};

export type Binding = {
  /** The keys it takes (see KeyName). */
  keys: readonly KeyName[];
  /** How the help writes the keys (default: the names joined with "/"). */
  label?: string;
  /** One line for the `?` help. */
  help: string;
  /** Changes something at the service (or shows a secret): left out of the help and refused in read-only mode. */
  mutating?: boolean;
  /** What the read-only refusal calls it ("read-only: triggering is disabled"); default the help line. */
  what?: string;
  /** Live only while this holds (e.g. only with a detail open); default always. */
  when?: (s: ConsoleState) => boolean;
  run: (ctx: KeyContext) => void;
};

export type PaneViewProps = { width: number; height: number };

export type PaneSpec = {
  /** The pane's id in the store (`ui.pane`, the per-pane cursor, filter and detail). */
  id: string;
  title: string;
  /** The `:` palette command that opens it. */
  palette: string;
  /** The rows the cursor moves over (after the pane's `/` filter) and the id of a row (see listRows). */
  rows: PaneRows;
  /** What Enter opens from the cursor row, in the help's words; absent: the pane has no detail. */
  detail?: string;
  /** Poller jobs while the pane is shown (the probe and form needs are the planner's own). */
  jobs: (s: ConsoleState, kit: JobKit) => Job[];
  /** When the shown data was loaded (epoch ms), for the status line's age; undefined = no age to tell. */
  loadedAt: (s: ConsoleState) => number | undefined;
  /** Breadcrumbs after "vigil › Title" (raw; the header sanitises). */
  crumbs: (s: ConsoleState) => readonly string[];
  /** The pane's own keys, tried before the global ones. */
  bindings: readonly Binding[];
  /** Key hints for the footer line (mutating ones are left out in read-only mode). */
  hints?: readonly { text: string; mutating?: boolean; when?: (s: ConsoleState) => boolean }[];
  view: (p: PaneViewProps) => ReactNode;
};

export type PaneRows = {
  length: (s: ConsoleState) => number;
  id: (s: ConsoleState, i: number) => string | undefined;
  /**
   * The rows as their memoised array and a row's id: with it, the cursor follows the id of its row across
   * refreshes, re-sorts and filters (store/cursor.ts); without, it stays on its row number.
   */
  follow?: { list: (s: ConsoleState) => readonly unknown[]; id: (row: unknown) => string | undefined };
};

/**
 * A pane's rows from the selector of its (memoised) list and a row's id: the cursor follows the id. The
 * pane's view shows the cursor with the same list and id (`cursorIn` of store/cursor.ts).
 */
export function listRows<T>(
  list: (s: ConsoleState) => readonly T[],
  id: (row: T) => string | undefined,
): PaneRows {
  const idOf = id as (row: unknown) => string | undefined;
  return {
    length: (s) => list(s).length,
    id: (s, i) => {
      const row = list(s)[i];
      return row === undefined ? undefined : id(row);
    },
    follow: { list, id: idOf },
  };
}

/** The row of `spec`'s cursor now: the row of the id it follows, else its row number clamped to the rows. */
export function cursorRow(s: ConsoleState, spec: PaneSpec): number {
  const f = spec.rows.follow;
  if (f) return cursorIn(s, spec.id, f.list(s), f.id);
  return Math.max(0, Math.min(s.ui.cursor[spec.id] ?? 0, spec.rows.length(s) - 1));
}

/** The label the help shows for a binding. */
export const labelOf = (b: Binding): string => b.label ?? b.keys.join("/");
