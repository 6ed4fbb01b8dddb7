/**
 * The life of a form: open (restoring a kept draft), change (every change written to the draft on disk at
 * once), submit (validate → errors next to the fields, or a confirmation → send), failure (the form stays
 * filled, the error shown, Ctrl-R / Enter retries), close (Esc keeps the draft; Ctrl-D discards it).
 * What "send" means per form kind is its spec's `Sender` (src/store/forms/kinds/, listed in its index.ts).
 *
 * A draft is removed only when its sender reports success, i.e. the server acknowledged it (or a re-read
 * found it already there).
 */
import { errorLine } from "../data/loaders.ts";
import type { Draft, DraftStore } from "../forms/drafts.ts";
import { FORM_KINDS, type FormKind, isDraftKind } from "../forms/kinds/index.ts";
import type { Confirmation, FormKindSpec, Sender, SendResult } from "../forms/kinds/spec.ts";
import { fieldErrorsOf } from "../forms/send.ts";
import type { FormState } from "../forms/types.ts";
import { validateForm } from "../forms/validate.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { setNotice } from "../view/ui.ts";
import { setForm, setPendingDrafts } from "../view/work.ts";

export type FormDeps = {
  store: ConsoleStore;
  drafts: DraftStore;
  /** Which service the drafts belong to (base URL + account). */
  scope: string;
  readOnly: boolean;
  now: () => number;
  /** `careful`: a key typed before the confirmation appeared does not answer it (Sender `Confirmation`). */
  confirm: (
    title: string,
    lines: string[],
    action: string,
    run: () => Promise<void>,
    careful?: boolean,
  ) => void;
  notice: (text: string | undefined) => void;
};

export function createFormActions(deps: FormDeps, senders: Readonly<Record<FormKind, Sender>>) {
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
    const kind = f.kind;
    if (!isDraftKind(kind)) return f; // a kind that keeps no draft (its spec says why)
    let prev: Draft | undefined;
    try {
      prev = draftOf(f);
    } catch (e) {
      return { ...f, phase: "failed", message: `not saved: ${errorLine(e)}` };
    }
    const t = deps.now();
    const draft: Draft = {
      ...(prev ?? {
        // node:crypto when a first draft is written, not when the console starts (~2 MB RSS it never needs)
        id: f.draftId ?? process.getBuiltinModule("node:crypto").randomUUID(),
        kind,
        scope: deps.scope,
        createdAt: t,
      }),
      target: f.target,
      values: f.values,
      ...(f.base ? { base: f.base } : {}),
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

  /** Keys typed while a form was "checking", in order (`holdKey`). */
  const held: (() => void)[] = [];
  const checks = new Set<Promise<void>>();

  /** The confirmation is made: ask it, or say there is nothing to send, or why it could not be checked. */
  function confirmed(f: FormState, c: Confirmation): void {
    const keys = held.splice(0);
    const dropped = () => {
      if (keys.length > 0)
        deps.notice(`${keys.length === 1 ? "a key" : `${keys.length} keys`} typed meanwhile not used`);
    };
    const now = form();
    // closed (Esc) or another form meanwhile: nothing is asked
    if (!now || now.kind !== f.kind || now.draftId !== f.draftId || now.target !== f.target) return;
    if ("error" in c) {
      show({ ...now, phase: "failed", message: `not checked, nothing sent: ${c.error}` });
      dropped();
      return;
    }
    if ("nothing" in c) {
      // what moved meanwhile is shown, as the notice says (the form never reads otherwise than it says);
      // its draft, when it has one, follows — a form nobody typed into gets none for it
      const shown = { ...(c.form ?? now), phase: "edit" as const, message: undefined };
      show(c.form && shown.draftId ? persist(shown) : shown);
      deps.notice(c.nothing);
      return;
    }
    // the form as it will be sent (values brought up to date by the fresh read): shown, and in its draft
    const next = c.form ? persist({ ...c.form, phase: "edit" }) : { ...now, phase: "edit" as const };
    show(next);
    deps.confirm(c.title, c.lines, `form-${f.kind}`, () => run(next), c.careful === true);
    if (c.careful) {
      dropped();
      return;
    }
    for (const k of keys) k();
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
      if (keys.length > 0) {
        const first = f.fields.findIndex((x) => keys.includes(x.key));
        show({ ...f, showErrors: true, focus: first >= 0 ? first : f.focus });
        return;
      }
      const spec: FormKindSpec = FORM_KINDS[f.kind];
      const lacks = spec.notReady?.(f);
      if (lacks !== undefined) {
        // "wait": what it lacks is being looked for — submit once it is there
        show(
          lacks === "wait"
            ? { ...f, submitWhenReady: true }
            : { ...f, showErrors: true, message: lacks, phase: "failed" },
        );
        return;
      }
      let c: ReturnType<Sender["confirm"]>;
      try {
        c = senders[f.kind].confirm(f, draftOf(f));
      } catch (e) {
        show({ ...f, phase: "failed", message: errorLine(e) });
        return;
      }
      if (!(c instanceof Promise)) {
        confirmed(f, c);
        return;
      }
      show({ ...f, phase: "checking", message: undefined });
      const p: Promise<void> = c
        .then(
          (r) => confirmed(f, r),
          (e) => confirmed(f, { error: errorLine(e) }),
        )
        .finally(() => checks.delete(p));
      checks.add(p);
    },

    /**
     * A key typed while the form is "checking" (keys.ts): it waits, and answers the confirmation once it
     * is shown — unless that confirmation warns of what could not be seen before (`careful`), or there is
     * none (nothing to send, the read failed, the form closed): then it is dropped, not typed into the
     * form (a `y` meant for a confirmation must not become text).
     */
    holdKey(replay: () => void): void {
      held.push(replay);
    },

    /** The fresh reads before confirmations still under way (for `idle`). */
    checking: (): readonly Promise<void>[] => [...checks],

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
