/**
 * Drafts in the work forms: putting a kept draft back into the form it belongs to (`restoreDraft`), finding
 * the kept draft of a form (`keptDraft`), reopening a draft's form (`openDraft`, also from `:drafts`) and
 * the offer after a start to resume the newest pending draft (`offerDrafts`).
 */

import { stub } from "../data/incidents.ts";
import { errorLine } from "../data/loaders.ts";
import type { Draft } from "../forms/drafts.ts";
import { type DraftKind, draftSpec, FORM_KINDS } from "../forms/kinds/index.ts";
import type { FormState } from "../forms/types.ts";
import { heldIncident } from "../view/work.ts";
import type { FormActions } from "./form.ts";
import type { WorkDeps } from "./work.ts";

/** The form with a kept draft's values put back, and a note saying when the draft was saved. */
export function restoreDraft(form: FormState, d: Draft | undefined): FormState {
  if (!d) return form;
  const when = new Date(d.savedAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  const note = d.sent
    ? `recovered draft (${when}): sent, but no answer came — it may have landed: Enter re-reads the incident and says which before anything is sent again`
    : `recovered draft from ${when}, not sent yet`;
  // the draft's opening values: its changes stay measured against what the form first showed (a draft
  // without them: every field that differs from a fresh read counts as changed, and is said so)
  return { ...form, values: { ...form.values, ...d.values }, draftId: d.id, note, base: d.base };
}

export function createDraftActions(deps: WorkDeps, forms: FormActions, ensureServices: () => Promise<void>) {
  const { store, drafts } = deps;
  const get = store.getState;

  /** The kept draft of a form of `kind` opened on `target`, if any (its kind's `sameTarget`). */
  function keptDraft(kind: DraftKind, target: FormState["target"]): Draft | undefined {
    const same = FORM_KINDS[kind].draft.sameTarget;
    try {
      return drafts.list(deps.scope).find((d) => d.kind === kind && same(d, target));
    } catch {
      return undefined;
    }
  }

  function openDraft(id: string): void {
    let d: Draft | undefined;
    try {
      d = drafts.get(id);
    } catch (e) {
      deps.notice(errorLine(e));
      return;
    }
    if (!d) return;
    const spec = draftSpec(d.kind);
    if (!spec) {
      deps.notice(`the draft ${id} is of a kind this vigil does not know ("${d.kind}"); it is kept`);
      return;
    }
    const s = get();
    const inc = d.target.incidentId ? (heldIncident(s, d.target.incidentId) ?? stub(d)) : stub(d);
    const form = spec.reopen(d, {
      state: s,
      store,
      incident: inc,
      ensureServices: () => void ensureServices(),
    });
    forms.show(restoreDraft({ ...form, target: { ...form.target, ...d.target } }, d));
  }

  /** After a start: offer the newest pending draft of this service (the others: `:drafts`). */
  function offerDrafts(): void {
    forms.countDrafts();
    let all: Draft[];
    try {
      all = drafts.list(deps.scope);
    } catch {
      return; // countDrafts above said why
    }
    const d = all[0];
    if (!d || get().work.form) return;
    const what = draftSpec(d.kind)?.label(d) ?? `a draft of a kind this vigil does not know ("${d.kind}")`;
    const text = typeof d.values.description === "string" ? d.values.description : "";
    deps.confirm(
      `Resume the ${d.sent ? "draft whose send got no answer" : "unsent draft"}${all.length > 1 ? ` (1 of ${all.length})` : ""}?`,
      [
        what,
        ...(text ? [text.length > 70 ? `${text.slice(0, 69)}…` : text] : []),
        d.sent
          ? "Sent, but no answer came: it may have been posted. Resuming re-reads the incident at Enter and says whether it was, before anything is sent again."
          : "Not sent yet.",
        "n / Esc keeps it for later (:drafts offers it again)",
      ],
      "resume-draft",
      async () => openDraft(d.id),
    );
  }

  return { keptDraft, openDraft, offerDrafts };
}
