/**
 * Which binding a key reaches, and the `?` help — both derived from the pane specs
 * (src/tui/panes/registry.ts) and the global keys, so the help cannot drift from what the keys do, and
 * read-only mode filters one flag (`mutating`) in one place.
 */

import type { ConsoleState } from "../store/state.ts";
import { apply } from "../store/state.ts";
import * as ui from "../store/view/ui.ts";
import { GLOBAL_KEYS } from "./global-keys.ts";
import { openCursorRow } from "./panes/detail-keys.ts";
import { paneSpec } from "./panes/lookup.ts";
import { type Binding, cursorRow, labelOf, type PaneSpec } from "./panes/spec.ts";

export type KeyHelp = { keys: string; what: string; mutating?: boolean };

/** A pane's bindings: Enter (when it has a detail) and its own keys. */
export function paneBindings(spec: PaneSpec): readonly Binding[] {
  if (spec.detail === undefined) return spec.bindings;
  const enter: Binding = {
    keys: ["enter"],
    label: "Enter",
    help: spec.detail,
    when: (s) => s.ui.detail[spec.id] === undefined,
    run: (ctx) => {
      const s = ctx.store.getState();
      const row = cursorRow(s, spec);
      const id = spec.rows.id(s, row);
      // the list cursor stays on the row the detail was opened from, whatever happens to the list meanwhile
      if (id !== undefined && s.ui.cursorId[spec.id] !== id)
        apply(ctx.store, ui.setCursor(s, spec.id, row, id));
      openCursorRow(ctx, id);
    },
  };
  return [enter, ...spec.bindings];
}

/** The binding `key` reaches on the shown pane now: the pane's own first, then the global ones. */
export function bindingFor(s: ConsoleState, key: string): Binding | undefined {
  const live = (b: Binding) => b.keys.includes(key) && (b.when === undefined || b.when(s));
  return paneBindings(paneSpec(s.ui.pane)).find(live) ?? GLOBAL_KEYS.find(live);
}

const helpOf = (b: Binding): KeyHelp => ({
  keys: labelOf(b),
  what: b.help,
  ...(b.mutating ? { mutating: true } : {}),
});

/**
 * The `?` overlay's lines: the pane's bindings, then the global ones it does not always shadow; read-only
 * mode leaves the mutating ones out.
 */
export function helpFor(pane: string, readOnly: boolean): { pane: KeyHelp[]; global: KeyHelp[] } {
  const keep = (b: Binding) => !(readOnly && b.mutating);
  const own = paneBindings(paneSpec(pane));
  const shadowed = new Set(own.filter((b) => b.when === undefined).flatMap((b) => b.keys));
  return {
    pane: own.filter(keep).map(helpOf),
    global: GLOBAL_KEYS.filter((b) => keep(b) && !b.keys.every((k) => shadowed.has(k))).map(helpOf),
  };
}
