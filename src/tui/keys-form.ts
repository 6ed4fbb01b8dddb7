/**
 * Keys inside an open form: the keys section's "form" context (src/tui/keymap.ts). Text goes into the
 * focused field (a paste as a whole, control characters dropped), so a form's actions take special keys
 * and Ctrl letters only: Enter submits (validation, then a confirmation); Tab / ↓ next field, Shift-Tab /
 * ↑ previous; ←/→ cycle a choice, flip a toggle or move along a services / cards field; Backspace erases,
 * Ctrl-U clears the field; Ctrl-R retries after a failure; Esc closes (the draft stays on disk), Ctrl-D
 * discards the draft. Space picks a service and `[` `]` move the selected service between cards: those
 * are typed into the field (src/store/forms/types.ts).
 */

import type { KeyName } from "../config/keys.ts";
import type { Actions } from "../store/actions/actions.ts";
import { erase, type FormState, moveFocus, sideways, typeInto } from "../store/forms/types.ts";
import { type KeyInfo, special } from "./key-input.ts";

export type FormBinding = {
  /** The action's name in the keys section's "form" context. */
  action: string;
  keys: readonly KeyName[];
  help: string;
  /** Also while the form is being sent (closing it). */
  whileSending?: boolean;
  run: (form: FormState, actions: Actions) => void;
};

export const FORM_KEYS: readonly FormBinding[] = [
  {
    action: "close",
    keys: ["esc"],
    help: "close the form (the draft stays on disk)",
    whileSending: true,
    run: (_f, a) => a.formClose(false),
  },
  {
    action: "discard",
    keys: ["ctrl+d"],
    help: "close the form and discard its draft",
    whileSending: true,
    run: (_f, a) => a.formClose(true),
  },
  {
    action: "submit",
    keys: ["enter"],
    help: "send: checked, then confirmed",
    run: (_f, a) => a.formSubmit(),
  },
  { action: "retry", keys: ["ctrl+r"], help: "send again after a failure", run: (_f, a) => a.formSubmit() },
  {
    action: "next-field",
    keys: ["tab", "down"],
    help: "next field",
    run: (f, a) => a.formChange(moveFocus(f, 1)),
  },
  {
    action: "previous-field",
    keys: ["shift+tab", "up"],
    help: "previous field",
    run: (f, a) => a.formChange(moveFocus(f, -1)),
  },
  {
    action: "left",
    keys: ["left"],
    help: "previous choice / flip a toggle / move along a services or cards field",
    run: (f, a) => a.formChange(sideways(f, -1)),
  },
  {
    action: "right",
    keys: ["right"],
    help: "next choice / flip a toggle / move along a services or cards field",
    run: (f, a) => a.formChange(sideways(f, 1)),
  },
  {
    action: "erase",
    keys: ["backspace", "delete"],
    help: "erase a character",
    run: (f, a) => a.formChange(erase(f)),
  },
  {
    action: "clear-field",
    keys: ["ctrl+u"],
    help: "clear the field",
    run: (f, a) => a.formChange(erase(f, true)),
  },
];

/** Whether the key closes the form (Esc, Ctrl-D): taken at once even while the form is being checked or sent. */
export function closesForm(name: KeyName | undefined, bindings: readonly FormBinding[] = FORM_KEYS): boolean {
  return name !== undefined && bindings.some((x) => x.whileSending === true && x.keys.includes(name));
}

/** A key in an open form: its action (`name`: the key's name, fullKeyName of keymap.ts), else typed text. */
export function formKey(
  form: FormState,
  actions: Actions,
  input: string,
  key: KeyInfo,
  name: KeyName | undefined,
  bindings: readonly FormBinding[] = FORM_KEYS,
) {
  const b = name === undefined ? undefined : bindings.find((x) => x.keys.includes(name));
  if ((form.phase === "sending" || form.phase === "checking") && !b?.whileSending) return;
  if (b) return b.run(form, actions);
  if (special(key)) return;
  actions.formChange(typeInto(form, input));
}
