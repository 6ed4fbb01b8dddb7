/**
 * The keys of an action as a view's own hint line writes them ("r/Enter: every result", "[ ] to switch"),
 * from the console's keymap (src/tui/keymap.ts) — so a key the config file's keys section moved shows as it
 * is there too. A leaf module (types only from keymap.ts): views import it without importing the panes.
 */
import { displayKey } from "../config/keys.ts";
import type { Keymap } from "./keymap.ts";
import type { PaneId } from "./panes/registry.ts";
import { actionsOf } from "./panes/spec.ts";

let defaults: Keymap | undefined;

/** keymap.ts registers the bindings' own keys: what a view without a keymap in its context shows. */
export function registerDefaultKeymap(map: Keymap): void {
  defaults = map;
}

/**
 * How a hint line writes the keys of `action` on `pane` (the pane's binding first, then a global one, then
 * a form's — `"form"` for a form's own), as the help does: one action with all its keys ("r/Enter"); several (`"down up"`) with the
 * first key of each, joined by `sep` ("j/k", "[ ]"). Empty when they have no key (`<disabled>`).
 */
export function keyLabel(map: Keymap | undefined, pane: PaneId | "form", action: string, sep = "/"): string {
  const m = map ?? defaults;
  if (m === undefined) return "";
  const keysOf = (a: string): readonly string[] => {
    for (const b of [...(m.panes.get(pane) ?? []), ...m.global])
      for (const [name, keys] of actionsOf(b)) if (name === a) return keys;
    return m.form.find((x) => x.action === a)?.keys ?? [];
  };
  const names = action.split(" ");
  if (names.length === 1) return keysOf(action).map(displayKey).join("/");
  return names
    .map((a) => keysOf(a)[0])
    .filter((k) => k !== undefined)
    .map(displayKey)
    .join(sep);
}

/** `${keys}${text}` for an action's hint, or nothing when the action has no key. */
export function keyHint(
  map: Keymap | undefined,
  pane: PaneId | "form",
  action: string,
  text: string,
  sep = "/",
): string {
  const keys = keyLabel(map, pane, action, sep);
  return keys === "" ? "" : `${keys}${text}`;
}
