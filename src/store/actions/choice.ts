/**
 * A small menu in front of the pane (the `choose` overlay): the copy menu of `y`, which incident an update
 * typed with no incident goes to, the link `o` could not open. An option's key picks it at once; j/k (or
 * the arrows) and Enter pick the one under the cursor; Esc or q closes the menu and nothing happens.
 *
 * The overlay (what is drawn) is in the viewer's store; what a pick does is kept here, beside it.
 */

import { apply, type ConsoleStore } from "../state.ts";
import type { Choice } from "../view/types.ts";
import { setOverlay } from "../view/ui.ts";

/** Keys that move or close, never an option's key. */
export const RESERVED_KEYS = new Set(["j", "k", "q", "up", "down", "enter", "esc", "space"]);

/** The option that key `name` picks (its own key, or Enter on the cursor's), or "close" / a move / nothing. */
export function choiceKey(
  options: readonly Choice[],
  cursor: number,
  name: string,
): { pick: number } | { move: number } | "close" | undefined {
  if (name === "esc" || name === "q") return "close";
  if (name === "enter") return options.length > 0 ? { pick: Math.min(cursor, options.length - 1) } : "close";
  if (name === "j" || name === "down") return { move: 1 };
  if (name === "k" || name === "up") return { move: -1 };
  const i = options.findIndex((o) => o.key !== undefined && o.key === name);
  return i >= 0 ? { pick: i } : undefined;
}

export type Chooser = ReturnType<typeof createChooser>;

export function createChooser(store: ConsoleStore) {
  let pending: ((index: number) => void) | undefined;
  const get = store.getState;
  const close = () => {
    pending = undefined;
    apply(store, setOverlay(get(), { kind: "none" }));
  };
  return {
    /** Show the menu; `run` gets the index of the option picked. */
    choose(
      title: string,
      lines: readonly string[],
      options: readonly Choice[],
      run: (index: number) => void,
    ): void {
      pending = run;
      apply(store, setOverlay(get(), { kind: "choose", title, lines, options, cursor: 0 }));
    },

    /** A key while the menu is shown (its name: "enter", "esc", "j", "c", …). */
    chooseKey(name: string) {
      const o = get().ui.overlay;
      if (o.kind !== "choose") return;
      const r = choiceKey(o.options, o.cursor, name);
      if (r === undefined) return;
      if (r === "close") return close();
      if ("move" in r) {
        const n = o.options.length;
        if (n > 0) apply(store, setOverlay(get(), { ...o, cursor: (o.cursor + r.move + n) % n }));
        return;
      }
      const run = pending;
      close();
      run?.(r.pick);
    },
  };
}
