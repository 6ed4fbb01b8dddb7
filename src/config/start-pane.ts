/**
 * The names the console may start on (`--pane`, VIGIL_PANE, a profile's `startPane`): the numbered panes'
 * palette names, in the order of the console's pane registry (src/tui/panes/registry.ts). Kept here, with
 * the setting, and not read from the registry (which loads every pane and Ink) so that the command line
 * refuses a wrong name before anything is drawn — piped or in a terminal — and before a service is
 * started; test/tui/pane-registry.test.ts keeps the two the same.
 */
export const START_PANE_NAMES = [
  "overview",
  "checks",
  "sessions",
  "analytics",
  "heartbeats",
  "incidents",
  "alerts",
  "pages",
  "locations",
] as const;

/** The one-line refusal of a start pane no numbered pane has; undefined when the name is one (or none). */
export function startPaneRefusal(name: string | undefined, from = "--pane"): string | undefined {
  if (name === undefined || name === "" || (START_PANE_NAMES as readonly string[]).includes(name))
    return undefined;
  return `${from}: no pane "${name}" (one of ${START_PANE_NAMES.join(", ")})`;
}
