/**
 * The act keys shared by the overview, the checks pane (list and detail) and the result view: `m` mute /
 * unmute, `a` activate / deactivate, `i` open an incident for the check(s), `y` copy, `o` open the link;
 * and `e`, edit the check's JSON in $EDITOR (EDIT_KEY: the overview and the checks pane — the result view
 * has its own `e`). What they act on is the
 * check (and result) selected on the pane they are pressed on (store/actions/targets.ts); the actions are
 * store/actions/act.ts. `t` and `u` are each pane's and the global keys.
 */
import type { Binding } from "./spec.ts";

export const ACT_KEYS: readonly Binding[] = [
  {
    action: "mute",
    hint: "mute",
    keys: ["m"],
    help: "mute / unmute the check (confirmed): it keeps running, its alerts stop until unmuted",
    mutating: true,
    what: "muting checks",
    run: ({ actions }) => actions.askMute(),
  },
  {
    action: "activate",
    hint: "(de)activate",
    keys: ["a"],
    help: "deactivate / activate the check (confirmed): a deactivated check does not run at all",
    mutating: true,
    what: "activating and deactivating checks",
    run: ({ actions }) => actions.askActivate(),
  },
  {
    action: "incident-for-check",
    hint: "incident",
    keys: ["i"],
    help: "open an incident for the check(s): name, severity, services filled in from its results",
    mutating: true,
    what: "opening incidents",
    run: ({ actions }) => actions.openIncidentFor(),
  },
  {
    action: "copy",
    hint: "copy",
    keys: ["y"],
    help: "copy the id, URL, reason, a curl of the request (secrets masked) or the link (OSC 52)",
    run: ({ actions }) => actions.askCopy(),
  },
  {
    action: "open-link",
    hint: "open",
    keys: ["o"],
    help: "open the check's link in a browser, or show it (the local service has none: its API URL)",
    run: ({ actions }) => actions.openLink(),
  },
];

/** `e`: the check as JSON in $VISUAL / $EDITOR; saved → what changed, confirmed, sent (store/actions/check-edit.ts). */
export const EDIT_KEY: Binding = {
  action: "edit-check",
  hint: "edit",
  keys: ["e"],
  help: "edit the check as JSON in $EDITOR; on save, the changes are listed to confirm before sending",
  mutating: true,
  what: "editing checks",
  run: ({ actions }) => actions.editCheck(),
};

/** The act keys with their `when` (e.g. only with a result open). */
export const actKeys = (when?: Binding["when"]): Binding[] =>
  ACT_KEYS.map((b) => (when ? { ...b, when } : b));
