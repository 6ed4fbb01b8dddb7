/**
 * The act keys shared by the overview, the checks pane (list and detail) and the result view: `m` mute /
 * unmute, `i` open an incident for the check(s), `y` copy, `o` open the link. What they act on is the
 * check (and result) selected on the pane they are pressed on (store/act/targets.ts); the actions are
 * store/act/actions.ts. `t` and `u` are each pane's and the global keys.
 */
import type { Binding } from "./spec.ts";

export const ACT_KEYS: readonly Binding[] = [
  {
    keys: ["m"],
    help: "mute / unmute the check (confirmed): it keeps running, its alerts stop until unmuted",
    mutating: true,
    what: "muting checks",
    run: ({ actions }) => actions.askMute(),
  },
  {
    keys: ["i"],
    help: "open an incident for the check(s): name, severity, services filled in from its results",
    mutating: true,
    what: "opening incidents",
    run: ({ actions }) => actions.openIncidentFor(),
  },
  {
    keys: ["y"],
    help: "copy the id, URL, reason, a curl of the request (secrets masked) or the link (OSC 52)",
    run: ({ actions }) => actions.askCopy(),
  },
  {
    keys: ["o"],
    help: "open the check's link in a browser, or show it (the local service has none: its API URL)",
    run: ({ actions }) => actions.openLink(),
  },
];

/** The act keys with their `when` (e.g. only with a result open). */
export const actKeys = (when?: Binding["when"]): Binding[] =>
  ACT_KEYS.map((b) => (when ? { ...b, when } : b));
