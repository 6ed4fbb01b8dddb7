/**
 * Keys inside an open form. Text goes into the focused field (a paste as a whole, control characters
 * dropped); Enter submits (validation, then a confirmation); Tab / ↓ next field, Shift-Tab / ↑ previous;
 * ←/→ cycle a choice, flip a toggle or move along a services / cards field; space picks a service;
 * `[` `]` move the selected service to the previous / next card; Backspace erases, Ctrl-U clears the
 * field; Ctrl-R retries after a failure; Esc closes (the draft stays on disk), Ctrl-D discards the draft.
 */
import type { Actions } from "../store/actions/actions.ts";
import { erase, type FormState, moveFocus, sideways, typeInto } from "../store/forms/types.ts";
import { type KeyInfo, special } from "./key-input.ts";

export function formKey(form: FormState, actions: Actions, input: string, key: KeyInfo) {
  if (key.escape) return actions.formClose(false);
  if (key.ctrl && input === "d") return actions.formClose(true);
  if (form.phase === "sending") return;
  if (key.return || (key.ctrl && input === "r")) return actions.formSubmit();
  if (key.tab) return actions.formChange(moveFocus(form, key.shift ? -1 : 1));
  if (key.downArrow) return actions.formChange(moveFocus(form, 1));
  if (key.upArrow) return actions.formChange(moveFocus(form, -1));
  if (key.leftArrow) return actions.formChange(sideways(form, -1));
  if (key.rightArrow) return actions.formChange(sideways(form, 1));
  if (key.backspace || key.delete) return actions.formChange(erase(form));
  if (key.ctrl && input === "u") return actions.formChange(erase(form, true));
  if (special(key)) return;
  actions.formChange(typeInto(form, input));
}
