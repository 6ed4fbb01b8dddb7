/**
 * What a pane is: one value, in its own folder (`src/tui/panes/<id>/index.ts`), listed once in
 * `registry.ts`. Everything else derives from the registry — the number keys 1…N and the header's tabs
 * (registry order), the `:` palette, the `?` help (from the bindings), read-only filtering (a binding's
 * `mutating` flag), the router (the view), the planner (the jobs), the status line's data age (loadedAt)
 * and the breadcrumbs.
 */
import type { ReactNode } from "react";
import type { Actions } from "../../store/actions/actions.ts";
import type { PaneSelects } from "../../store/actions/targets.ts";
import type { ConsoleState, ConsoleStore } from "../../store/state.ts";
import type { JobKit } from "../../store/sync/plan.ts";
import type { Job } from "../../store/sync/poller.ts";
import { cursorIn } from "../../store/view/cursor.ts";
import type { PaneId } from "./registry.ts";

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
  /** Show a pane (one of the registry's: a mistyped id does not compile). */
  goPane: (pane: PaneId) => void;
  /** Cycle the heartbeat check the heartbeats pane shows. */
  switchHeartbeat: (delta: number) => void;
  pageSize: () => number;
  quit: () => void;
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

export type PaneSpec<Id extends string = string> = {
  /**
   * The pane's id in the store (`ui.pane`, the per-pane cursor, filter and detail); the registry's ids
   * make the `PaneId` union (registry.ts).
   */
  id: Id;
  title: string;
  /** The `:` palette command that opens it. */
  palette: string;
  /** The rows the cursor moves over (after the pane's `/` filter) and the id of a row (see listRows). */
  rows: PaneRows;
  /**
   * What the pane selects for the actions (store/actions/targets.ts): the check(s) and result the act keys
   * take, the incident `u` `e` `s` take, the page `e` edits. Absent: nothing.
   */
  selects?: PaneSelects;
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
   * refreshes, re-sorts and filters (store/view/cursor.ts); without, it stays on its row number.
   */
  follow?: { list: (s: ConsoleState) => readonly unknown[]; id: (row: unknown) => string | undefined };
};

/**
 * A pane's rows from the selector of its (memoised) list and a row's id: the cursor follows the id. The
 * pane's view shows the cursor with the same list and id (`cursorIn` of store/view/cursor.ts).
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
