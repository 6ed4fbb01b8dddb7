/**
 * The form kinds, one line each: a kind is one file in this folder exporting its spec (spec.ts: its
 * fields and first values, rules, draft, sender), and the key here is the `kind` its forms and drafts
 * carry — on disk too, so a key is never renamed. `FormKind` and `DraftKind` derive from this list: a
 * kind not listed here cannot be opened, a listed one that lacks a part does not compile, and the
 * architecture test checks that every file here is listed.
 */
import { incident } from "./incident.ts";
import { incidentEdit } from "./incident-edit.ts";
import { location } from "./location.ts";
import { pageEdit } from "./page-edit.ts";
import type { DraftSpec, FormKindSpec, SendDeps, Sender } from "./spec.ts";
import { update } from "./update.ts";
import { updateEdit } from "./update-edit.ts";

export const FORM_KINDS = {
  incident,
  update,
  "update-edit": updateEdit,
  "incident-edit": incidentEdit,
  "page-edit": pageEdit,
  location,
} as const satisfies Record<string, FormKindSpec>;

type Kinds = typeof FORM_KINDS;

/** A form's kind: one of the registry's keys (a mistyped kind does not compile). */
export type FormKind = keyof Kinds;

/** The kinds whose forms keep a draft on disk (every one but those whose spec says `draft: { never }`). */
export type DraftKind = { [K in FormKind]: Kinds[K]["draft"] extends DraftSpec ? K : never }[FormKind];

/** The spec of a kind read from outside the types (a draft file's `kind`): undefined when not listed. */
export function formKindSpec(kind: string): FormKindSpec | undefined {
  return Object.hasOwn(FORM_KINDS, kind) ? FORM_KINDS[kind as FormKind] : undefined;
}

/** A kind's drafts, undefined for a kind that keeps none (or is not listed). */
export function draftSpec(kind: string): DraftSpec | undefined {
  const d = formKindSpec(kind)?.draft;
  return d && !("never" in d) ? d : undefined;
}

export const isDraftKind = (kind: string): kind is DraftKind => draftSpec(kind) !== undefined;

/** Every kind's sender, over the same client, store and drafts. */
export function createSenders(deps: SendDeps): Record<FormKind, Sender> {
  const out = {} as Record<FormKind, Sender>;
  for (const kind of Object.keys(FORM_KINDS) as FormKind[]) out[kind] = FORM_KINDS[kind].sender(deps);
  return out;
}
