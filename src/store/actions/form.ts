/**
 * The life of a form: open (restoring a kept draft), change (every change written to the draft on disk at
 * once), submit (validate → errors next to the fields, or a confirmation → send), failure (the form stays
 * filled, the error shown, Ctrl-R / Enter retries), close (Esc keeps the draft; Ctrl-D discards it).
 * What "send" means per form kind is a `Sender` (incident-send.ts, config-actions.ts).
 *
 * A draft is removed only when its sender reports success, i.e. the server acknowledged it (or a re-read
 * found it already there).
 */
import { randomUUID } from "node:crypto";
import { ApiError, ReadOnlyError, UsageError } from "../../api/errors.ts";
import { errorLine } from "../data/loaders.ts";
import type { Draft, DraftStore } from "../forms/drafts.ts";
import { validateForm } from "../forms/rules.ts";
import type { FormKind, FormState } from "../forms/types.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { setNotice } from "../view/ui.ts";
import { setForm, setPendingDrafts } from "../view/work.ts";

export type SendResult =
  | { ok: true; notice: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

export type Sender = {
  /** Confirmation title and lines for the form as it is. */
  confirm(form: FormState): { title: string; lines: string[] };
  send(form: FormState, draft: Draft | undefined): Promise<SendResult>;
};

export type FormDeps = {
  store: ConsoleStore;
  drafts: DraftStore;
  /** Which service the drafts belong to (base URL + account). */
  scope: string;
  readOnly: boolean;
  now: () => number;
  confirm: (title: string, lines: string[], action: string, run: () => Promise<void>) => void;
  notice: (text: string | undefined) => void;
};

/** Kinds whose drafts go to disk: everything but private locations (a proxy URL may carry a password). */
export const DRAFTED: readonly FormKind[] = [
  "incident",
  "update",
  "update-edit",
  "incident-edit",
  "page-edit",
];

/** Server validation keys (`incidentUpdates.0.description`) → the form's field keys. */
export function fieldErrorsOf(e: unknown, form: FormState): Record<string, string> | undefined {
  if (!(e instanceof ApiError) || !e.validation?.keys?.length) return undefined;
  const out: Record<string, string> = {};
  for (const k of e.validation.keys) {
    const parts = k.split(".");
    const hit = form.fields.find((f) => parts.includes(f.key));
    if (hit) out[hit.key] = e.serverMessage;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Whether a failed request certainly created nothing (the server refused it, or it never left). */
export function certainlyNotApplied(e: unknown): boolean {
  if (e instanceof UsageError || e instanceof ReadOnlyError) return true;
  return e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408;
}

export function createFormActions(deps: FormDeps, senders: Partial<Record<FormKind, Sender>>) {
  const { store, drafts } = deps;
  const get = store.getState;
  const form = () => get().work.form;
  const show = (f: FormState | undefined) => apply(store, setForm(get(), f));

  /** Counts the pending drafts; a draft that cannot be read is said in the status line (it stays on disk). */
  const countDrafts = () => {
    try {
      apply(store, setPendingDrafts(get(), drafts.list(deps.scope).length));
      const bad = drafts.unreadable();
      if (bad.length > 0)
        apply(
          store,
          setNotice(
            get(),
            `⚠ ${bad.length === 1 ? "a draft" : `${bad.length} drafts`} could not be read (kept): ${bad[0]}`,
          ),
        );
    } catch (e) {
      apply(store, setNotice(get(), `⚠ drafts could not be read: ${errorLine(e)}`));
    }
  };

  function draftOf(f: FormState): Draft | undefined {
    return f.draftId ? drafts.get(f.draftId) : undefined;
  }

  /**
   * Write the form's values to its draft (creating it on the first change). Returns the form with its id.
   * A draft file that cannot be read is never written over (it may say the form was sent already): the form
   * says so instead, and sending it is refused (`run`).
   */
  function persist(f: FormState, patch: Partial<Draft> = {}, durable = false): FormState {
    if (!DRAFTED.includes(f.kind)) return f;
    let prev: Draft | undefined;
    try {
      prev = draftOf(f);
    } catch (e) {
      return { ...f, phase: "failed", message: `not saved: ${errorLine(e)}` };
    }
    const t = deps.now();
    const draft: Draft = {
      ...(prev ?? {
        id: f.draftId ?? randomUUID(),
        kind: f.kind as Draft["kind"],
        scope: deps.scope,
        createdAt: t,
      }),
      target: f.target,
      values: f.values,
      savedAt: t,
      ...patch,
    };
    try {
      drafts.save(draft, durable);
    } catch (e) {
      deps.notice(`draft not saved: ${errorLine(e)}`);
      return f;
    }
    if (!prev) countDrafts();
    return f.draftId === draft.id ? f : { ...f, draftId: draft.id };
  }

  function change(next: FormState): void {
    const cur = form();
    if (!cur || next === cur) return;
    const changed = next.values !== cur.values || next.target !== cur.target;
    show(
      changed
        ? persist({ ...next, phase: next.phase === "sending" ? "sending" : "edit", serverErrors: undefined })
        : next,
    );
  }

  async function run(f: FormState): Promise<void> {
    const sender = senders[f.kind];
    if (!sender) return;
    show({ ...f, phase: "sending", message: undefined });
    let r: SendResult;
    try {
      r = await sender.send(f, draftOf(f));
    } catch (e) {
      r = { ok: false, error: errorLine(e), fieldErrors: fieldErrorsOf(e, f) };
    }
    const now = form();
    // the form may have been closed (Esc) while sending: the draft decides what is kept
    if (r.ok) {
      if (f.draftId) drafts.remove(f.draftId);
      countDrafts();
      if (now && now.draftId === f.draftId && now.kind === f.kind) show(undefined);
      deps.notice(r.notice);
      return;
    }
    if (f.draftId) {
      try {
        const d = draftOf(f);
        if (d) drafts.save({ ...d, lastError: r.error, savedAt: deps.now() });
      } catch {
        // unreadable: kept as it is, and r.error already says so when that is why nothing was sent
      }
    }
    if (now && now.draftId === f.draftId && now.kind === f.kind) {
      show({
        ...now,
        phase: "failed",
        message: r.error,
        showErrors: true,
        serverErrors: r.fieldErrors,
      });
    } else deps.notice(`not sent: ${r.error} — the draft is kept`);
  }

  return {
    persist,
    show,
    countDrafts,

    formChange: change,

    /** Enter: validate; errors go next to their fields (focus on the first), else confirm then send. */
    formSubmit(): void {
      const f = form();
      if (!f || f.phase === "sending") return;
      if (deps.readOnly) {
        deps.notice("read-only: nothing can be sent");
        return;
      }
      const errors = validateForm(f);
      const keys = Object.keys(errors);
      if (keys.length > 0 || !senders[f.kind]) {
        const first = f.fields.findIndex((x) => keys.includes(x.key));
        show({ ...f, showErrors: true, focus: first >= 0 ? first : f.focus });
        return;
      }
      if (f.kind === "update" && !f.target.incidentId) {
        // still looking for the latest open incident: submit as soon as it is known
        if (f.note?.startsWith("looking")) show({ ...f, submitWhenReady: true });
        else
          show({ ...f, showErrors: true, message: "no incident to update (n creates one)", phase: "failed" });
        return;
      }
      const sender = senders[f.kind]!;
      const { title, lines } = sender.confirm(f);
      deps.confirm(title, lines, `form-${f.kind}`, () => run(f));
    },

    /** Esc: close; a draft with content stays on disk and is offered again. Ctrl-D: discard it. */
    formClose(discard: boolean): void {
      const f = form();
      if (!f) return;
      show(undefined);
      if (!f.draftId) return;
      let d: Draft | undefined;
      try {
        d = draftOf(f);
      } catch (e) {
        deps.notice(errorLine(e)); // kept, even on Ctrl-D: nobody has seen what it holds
        return;
      }
      const blank = Object.values(f.values).every((v) => typeof v !== "string" || v.trim() === "");
      if (discard || (blank && !d?.sent)) {
        drafts.remove(f.draftId);
        countDrafts();
        if (discard) deps.notice("draft discarded");
        return;
      }
      deps.notice("draft kept on disk — the same key reopens it (:drafts lists them)");
    },
  };
}

export type FormActions = ReturnType<typeof createFormActions>;
