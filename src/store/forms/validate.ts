/**
 * Validating a form by its kind's rules (kinds/), and the errors shown now: nothing is sent while any
 * remains, and an error next to a field is what the service would refuse.
 */
import { FORM_KINDS } from "./kinds/index.ts";
import type { FormState } from "./types.ts";

/** Field key → error, for every field whose value the request would be refused for. */
export const validateForm = (f: FormState): Record<string, string> => FORM_KINDS[f.kind].validate(f);

/** The errors to show now: every one after a submit attempt, else only those of typed-in fields. */
export function visibleErrors(f: FormState): Record<string, string> {
  const all = { ...validateForm(f), ...(f.serverErrors ?? {}) };
  if (f.showErrors) return all;
  return Object.fromEntries(Object.entries(all).filter(([k]) => f.touched.includes(k)));
}
