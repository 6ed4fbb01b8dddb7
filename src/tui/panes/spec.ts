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
import type { MouseMode } from "../mouse/mode.ts";
import type { PaneId } from "./registry.ts";

/**
 * A key's name as bindings spell it: the character itself ("t", "T", "[", "?"), or one of "space",
 * "enter", "esc", "up", "down", "left", "right", "pgup", "pgdn", "home", "end", "tab", "shift+tab",
 * "backspace", "delete", "ctrl+a"… (the config's notation: src/config/keys.ts).
 */
export type KeyName = string;

/** What a binding's `run` may use. */
export type KeyContext = {
  store: ConsoleStore;
  actions: Actions;
  readOnly: boolean;
  /** The name of the key that matched (a binding may take several keys). */
  key: KeyName;
  /** The action that key stands for (a binding of several actions, e.g. down / up, does one by it). */
  action: string;
  /** Move the pane's cursor (clamped to its rows) and keep the shown check in step. */
  move: (delta: number | "first" | "last") => void;
  /** Show a pane (one of the registry's: a mistyped id does not compile). */
  goPane: (pane: PaneId) => void;
  /** Show the previous / next check on a pane that shows one check (`showsCheck`). */
  switchCheck: (delta: number) => void;
  pageSize: () => number;
  quit: () => void;
  /** Mouse reporting (`M` turns it on and off); undefined where there is no terminal to ask. */
  mouse?: MouseMode | undefined;
};

export type Binding = {
  /**
   * The action's name in the config file's `keys` section (lower-case words joined by -: "trigger",
   * "mute"); for a binding of several actions (`actions`), their names joined by "/".
   */
  action: string;
  /** The keys it takes by default (see KeyName); the keys section may give it others (src/tui/keymap.ts). */
  keys: readonly KeyName[];
  /**
   * One binding for several actions that differ by a step (down / up, previous / next): each action's
   * default keys (`keys` are theirs together); `run` reads which one from `action`. Made by `byAction()`.
   */
  actions?: Readonly<Record<string, readonly KeyName[]>>;
  /** One line for the `?` help. */
  help: string;
  /**
   * Where on its pane it is live: "list" only while the pane's detail is closed, "detail" only while it
   * is open; default both. Its context in the keys section: "detail" for a detail's keys, else "list".
   */
  scope?: "list" | "detail";
  /** A word or two for the footer's key hints ("trigger", "by tag"), after its key; per action for several. */
  hint?: string | Readonly<Record<string, string>>;
  /** Changes something at the service (or shows a secret): left out of the help and refused in read-only mode. */
  mutating?: boolean;
  /** What the read-only refusal calls it ("read-only: triggering is disabled"); default the help line. */
  what?: string;
  /**
   * A global binding absent on these panes (their ids): not live there, not in their `?` help or footer,
   * and the README's key table says so (`/` on the overview, which has no filter: src/tui/global-keys.ts).
   */
  except?: readonly string[];
  /** Live only while this holds (e.g. only with a detail open); default always. */
  when?: (s: ConsoleState) => boolean;
  run: (ctx: KeyContext) => void;
};

export type PaneViewProps = { width: number; height: number };

export type PaneSpec<Id extends string = PaneId> = {
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
  /**
   * Its rows are checks (checks, analytics): moving the cursor selects the check of its row, which the
   * panes showing one check open on (src/tui/keys-nav.ts).
   */
  selectsCheck?: boolean;
  /**
   * It shows one check of these (analytics, heartbeats): opened, it shows the selected check when that is
   * one of them — with its cursor on it when its rows are these checks (`selectsCheck`).
   */
  showsCheck?: (s: ConsoleState) => readonly { id: string }[];
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
  /**
   * Key hints for the footer line: the actions named, each as its key and the binding's `hint` (so a key
   * of the config's keys section shows as it is), after `prefix`; mutating ones are left out in read-only
   * mode.
   */
  hints?: readonly {
    actions: readonly string[];
    prefix?: string;
    mutating?: boolean;
    when?: (s: ConsoleState) => boolean;
  }[];
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

/** A binding of several actions, each with its default keys (down: j ↓, up: k ↑). */
export function byAction(
  keysOf: Readonly<Record<string, readonly KeyName[]>>,
  b: Omit<Binding, "action" | "keys" | "actions">,
): Binding {
  return { action: Object.keys(keysOf).join("/"), keys: Object.values(keysOf).flat(), actions: keysOf, ...b };
}

/** Each action of a binding with its keys (one for a plain binding). */
export const actionsOf = (b: Binding): readonly (readonly [string, readonly KeyName[]])[] =>
  b.actions ? Object.entries(b.actions) : [[b.action, b.keys]];
