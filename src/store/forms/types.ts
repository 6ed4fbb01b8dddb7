/**
 * The console's forms as data: which fields a form has, their values, the focused field, and the pure
 * editing steps the keys apply (type, erase, next field, cycle a choice, toggle, pick services, move a
 * service between cards). Rendering is src/tui/widgets/Form.tsx; each kind's fields, rules, draft and
 * sending are its file in kinds/ (listed in kinds/index.ts); the form's life is src/store/actions/form.ts.
 */
import type { DraftCard, DraftValue, DraftValues } from "./drafts.ts";
import type { FormKind } from "./kinds/index.ts";

export type Option = { id: string; label: string };

export type Field =
  | {
      key: string;
      label: string;
      type: "text";
      max?: number;
      counter?: boolean;
      lines?: number;
      /** A URL that may carry `user:password@`: its password is masked while the field is not focused. */
      maskUrl?: boolean;
    }
  | { key: string; label: string; type: "choice"; options: readonly string[] }
  | { key: string; label: string; type: "toggle" }
  | {
      key: string;
      label: string;
      type: "multi";
      options: readonly Option[];
      /** Its options are the account's services: read while the form is open, refreshed when they change. */
      fromServices?: boolean;
    }
  | { key: string; label: string; type: "cards"; options: readonly Option[] };

export type FormState = {
  kind: FormKind;
  title: string;
  /** A banner above the fields (e.g. "recovered draft from 07:31 — not sent yet"). */
  note: string | undefined;
  fields: readonly Field[];
  values: DraftValues;
  focus: number;
  /** Item cursor inside a services / cards field. */
  pick: number;
  /** Errors are shown next to every field once a submit was attempted (before: only for typed fields). */
  showErrors: boolean;
  /**
   * "checking": Enter read what the form edits afresh and its confirmation is being made (keys typed
   * meanwhile wait for it: src/tui/keys.ts).
   */
  phase: "edit" | "checking" | "sending" | "failed";
  /** The send error (phase "failed"), one line. */
  message: string | undefined;
  /** The draft kept on disk for this form (none for private locations: a proxy URL may hold a password). */
  draftId: string | undefined;
  target: { incidentId?: string; updateId?: string; pageId?: string; label?: string };
  /** Keys of the fields the engineer has typed into. */
  touched: readonly string[];
  /** Enter was pressed before the target was known (`u` typed right after launch): submit once it is. */
  submitWhenReady?: boolean;
  /** Errors the server gave per field on the last attempt (cleared by the next change). */
  serverErrors: Record<string, string> | undefined;
  /**
   * The values the form opened with, for a form that edits what others edit too (page, incident): the
   * engineer's changes are measured against them, and only those are sent (fresh.ts). Kept in the draft.
   */
  base?: DraftValues | undefined;
  /** The fresh values the last confirmation showed: `y` stops the send when they moved again. */
  confirmed?: DraftValues | undefined;
};

export function makeForm(
  p: Pick<FormState, "kind" | "title" | "fields" | "values" | "target"> &
    Partial<Pick<FormState, "focus" | "note" | "draftId" | "base">>,
): FormState {
  return {
    note: undefined,
    focus: 0,
    draftId: undefined,
    ...p,
    pick: 0,
    showErrors: false,
    phase: "edit",
    message: undefined,
    touched: [],
    serverErrors: undefined,
  };
}

export const text = (f: FormState, key: string): string => {
  const v = f.values[key];
  return typeof v === "string" ? v : "";
};
export const flag = (f: FormState, key: string): boolean => f.values[key] === true;
export const list = (f: FormState, key: string): readonly string[] => {
  const v = f.values[key];
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : [];
};
export const cards = (f: FormState, key: string): readonly DraftCard[] => {
  const v = f.values[key];
  return Array.isArray(v) && v.every((x) => typeof x === "object") ? (v as DraftCard[]) : [];
};

/** Whether the form picks from the account's services (the poller reads them while it is open). */
export const readsServices = (f: FormState): boolean =>
  f.fields.some((x) => x.type === "multi" && x.fromServices === true);

export const focused = (f: FormState): Field | undefined => f.fields[f.focus];

function set(f: FormState, key: string, value: DraftValue): FormState {
  const touched = f.touched.includes(key) ? f.touched : [...f.touched, key];
  return { ...f, values: { ...f.values, [key]: value }, touched };
}

/** Printable characters only (pastes lose control characters; newlines become spaces). */
export function printable(input: string): string {
  return input.replace(/[\r\n\t]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/** Type into the focused field: text appends; a choice jumps to the first option starting with the letter. */
export function typeInto(f: FormState, input: string): FormState {
  const field = focused(f);
  if (!field) return f;
  const s = printable(input);
  if (s === "") return f;
  switch (field.type) {
    case "text":
      return set(f, field.key, text(f, field.key) + s);
    case "choice": {
      const c = s.slice(-1).toUpperCase();
      const hit = field.options.find((o) => o.toUpperCase().startsWith(c));
      return hit ? set(f, field.key, hit) : f;
    }
    case "toggle":
      if (s === " ") return set(f, field.key, !flag(f, field.key));
      if (/^[yY]$/.test(s)) return set(f, field.key, true);
      if (/^[nN]$/.test(s)) return set(f, field.key, false);
      return f;
    case "multi":
      return s === " " ? togglePick(f) : f;
    case "cards":
      if (s === "]" || s === ">") return moveService(f, 1);
      if (s === "[" || s === "<") return moveService(f, -1);
      return f;
  }
}

export function erase(f: FormState, all = false): FormState {
  const field = focused(f);
  if (field?.type !== "text") return f;
  return set(f, field.key, all ? "" : [...text(f, field.key)].slice(0, -1).join(""));
}

export function moveFocus(f: FormState, delta: number): FormState {
  const n = f.fields.length;
  if (n === 0) return f;
  return { ...f, focus: (f.focus + delta + n) % n, pick: 0 };
}

/** ←/→: cycle a choice, flip a toggle, move the item cursor of a services / cards field. */
export function sideways(f: FormState, delta: number): FormState {
  const field = focused(f);
  if (!field) return f;
  switch (field.type) {
    case "choice": {
      const i = field.options.indexOf(text(f, field.key));
      const n = field.options.length;
      return set(f, field.key, field.options[(((i + delta) % n) + n) % n] ?? "");
    }
    case "toggle":
      return set(f, field.key, !flag(f, field.key));
    case "multi": {
      const n = field.options.length;
      return n === 0 ? f : { ...f, pick: (((f.pick + delta) % n) + n) % n };
    }
    case "cards": {
      const n = cardItems(f, field.key).length;
      return n === 0 ? f : { ...f, pick: (((f.pick + delta) % n) + n) % n };
    }
    default:
      return f;
  }
}

export function togglePick(f: FormState): FormState {
  const field = focused(f);
  if (field?.type !== "multi") return f;
  const id = field.options[f.pick]?.id;
  if (id === undefined) return f;
  const cur = list(f, field.key);
  return set(f, field.key, cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]);
}

/** Every (card, service) pair of a cards field, in display order: what the item cursor walks. */
export function cardItems(f: FormState, key: string): { card: number; service: string }[] {
  return cards(f, key).flatMap((c, card) => c.services.map((service) => ({ card, service })));
}

/** Move the service under the item cursor to the previous / next card (it stays selected). */
export function moveService(f: FormState, delta: number): FormState {
  const field = focused(f);
  if (field?.type !== "cards") return f;
  const all = cards(f, field.key);
  const item = cardItems(f, field.key)[f.pick];
  if (!item) return f;
  const to = item.card + delta;
  if (to < 0 || to >= all.length) return f;
  const next = all.map((c, i) => ({
    ...c,
    services:
      i === item.card
        ? c.services.filter((s) => s !== item.service)
        : i === to
          ? [...c.services, item.service]
          : c.services,
  }));
  const moved = { ...set(f, field.key, next) };
  const pick = next
    .flatMap((c, card) => c.services.map((service) => ({ card, service })))
    .findIndex((x) => x.card === to && x.service === item.service);
  return { ...moved, pick: Math.max(0, pick) };
}

/** Replace the options of a services / cards field (the services list arrived after the form opened). */
export function withOptions(f: FormState, key: string, options: readonly Option[]): FormState {
  return {
    ...f,
    fields: f.fields.map((x) =>
      x.key === key && (x.type === "multi" || x.type === "cards") ? { ...x, options } : x,
    ),
  };
}
