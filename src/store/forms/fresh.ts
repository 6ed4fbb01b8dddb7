/**
 * Never undo what someone else changed. A form that edits what others edit too (a status page `e`, an
 * incident `s`) opens from the copy held, which may be old, and stays open while a teammate or the CLI
 * changes the same thing; the API has only a whole-object PUT for both (seed §4.5/§4.6), so sending the
 * form as it stands would put back every field it holds — and blank the ones it does not show. So:
 *
 * - the form keeps `base`: the values it opened with (in its draft too); the engineer's changes are the
 *   fields whose value differs from it;
 * - as the form opens it is read afresh too: the fields not changed yet take it (`rebased`), so the form
 *   shows what is (src/store/actions/work.ts);
 * - at Enter the resource is READ AGAIN before anything is confirmed; the body is that fresh copy with
 *   only the engineer's changed fields put over it: every other field, shown by the form or not, is sent
 *   as it is now;
 * - a field changed since the form opened that the engineer changed too is said in the confirmation
 *   (what it is now, what it will become), never overwritten silently;
 * - a field the engineer did not change that moved since the form showed it is not theirs to send: the form
 *   takes the fresh value (`rebased`) and Enter says what moved — in the confirmation as kept
 *   (`keptLine`), or, with no change left, instead of "already reads as the form" (`nothingLine`), which
 *   is said only when the form does read so: the form never shows one value while the message or the
 *   resource says another;
 * - no change left (none made, or each already there) → "nothing to change", nothing is sent;
 * - at `y` it is read once more: a field the engineer changes that moved again since the confirmation
 *   stops the send (Enter shows the new confirmation).
 *
 * Pure: the kinds (page-edit.ts, incident-edit.ts) read and send.
 */
import type { DraftValue, DraftValues } from "./drafts.ts";
import type { Field, FormState } from "./types.ts";

/** A field the engineer changed: what it was when the form opened, what it is now, what it becomes. */
export type FieldChange = {
  key: string;
  label: string;
  /** Undefined when the form's opening values are not known (a draft kept by an older vigil). */
  base: DraftValue | undefined;
  now: DraftValue | undefined;
  mine: DraftValue;
  /** It changed since the form opened (or that is not known): the confirmation says so. */
  moved: boolean;
};

const canon = (field: Field | undefined, v: DraftValue | undefined): string => {
  if (v === undefined) return "\u0000undefined";
  if (typeof v === "string") return JSON.stringify(field?.type === "text" ? v.trim() : v);
  // services picked: a set; cards: their order and their services' order are what the page shows
  if (field?.type === "multi" && Array.isArray(v)) return JSON.stringify([...(v as string[])].sort());
  return JSON.stringify(v);
};

/** Whether two values of `field` say the same (text trimmed as it is sent; picked services as a set). */
export const sameValue = (field: Field | undefined, a: DraftValue | undefined, b: DraftValue | undefined) =>
  canon(field, a) === canon(field, b);

/**
 * The engineer's changes measured against the form's `base`, and the values to send: the fresh copy
 * `now` with those changes over it. A change that is already so (`now` equals it) is no change.
 */
export function changesAgainst(
  f: Pick<FormState, "fields" | "values" | "base">,
  now: DraftValues,
): { changes: FieldChange[]; values: DraftValues } {
  const changes: FieldChange[] = [];
  for (const field of f.fields) {
    const mine = f.values[field.key];
    if (mine === undefined) continue;
    const base = f.base?.[field.key];
    const cur = now[field.key];
    const changed = f.base === undefined || !sameValue(field, mine, base);
    if (!changed || sameValue(field, mine, cur)) continue;
    changes.push({
      key: field.key,
      label: field.label,
      base,
      now: cur,
      mine,
      moved: !sameValue(field, cur, base),
    });
  }
  return { changes, values: { ...now, ...Object.fromEntries(changes.map((c) => [c.key, c.mine])) } };
}

/** A field the engineer did not change whose fresh value is not what the form shows. */
export type FieldMoved = { key: string; label: string; was: DraftValue | undefined; now: DraftValue };

/**
 * The fields the engineer did not change (value = base) that read otherwise now: the form shows an old
 * value there, so it must take the fresh one (`rebased`) and say so. None without the opening values.
 */
export function movedUnchanged(
  f: Pick<FormState, "fields" | "values" | "base">,
  now: DraftValues,
): FieldMoved[] {
  if (!f.base) return [];
  const out: FieldMoved[] = [];
  for (const field of f.fields) {
    const cur = now[field.key];
    const mine = f.values[field.key];
    if (cur === undefined || !sameValue(field, mine, f.base[field.key]) || sameValue(field, mine, cur))
      continue;
    out.push({ key: field.key, label: field.label, was: mine, now: cur });
  }
  return out;
}

/** The confirmation's line of a field that moved meanwhile and is kept as it is now. */
export function keptLine(m: FieldMoved, show: (key: string, v: DraftValue | undefined) => string): string {
  return `${m.label}: ${show(m.key, m.now)} now (changed since the form opened; kept)`;
}

/**
 * Enter found nothing to send: "already reads as the form" only when it does; else what moved (the form
 * has taken it, `rebased`) — `what` names the resource (`incident "Replica lag"`).
 */
export function nothingLine(
  what: string,
  moved: FieldMoved[],
  show: (key: string, v: DraftValue | undefined) => string,
): string {
  if (moved.length === 0) return `nothing to change: ${what} already reads as the form`;
  const said = moved.map((m) => `${m.label} is ${show(m.key, m.now)} now`).join(", ");
  return `${what}: ${said} (changed since the form opened) — the form shows ${moved.length === 1 ? "it" : "them"}; nothing else to change`;
}

/** The engineer's fields whose fresh value is not the one the confirmation showed (moved again). */
export function movedSince(
  f: Pick<FormState, "fields" | "values" | "base">,
  confirmed: DraftValues,
  now: DraftValues,
): string[] {
  return f.fields
    .filter((x) => f.values[x.key] !== undefined)
    .filter((x) => f.base === undefined || !sameValue(x, f.values[x.key], f.base[x.key]))
    .filter((x) => !sameValue(x, confirmed[x.key], now[x.key]))
    .map((x) => x.label);
}

/**
 * Why a send at `y` stops (undefined: it goes on): a field the engineer changes moved again since the
 * confirmation showed it (`confirmed`, the values it was made from) — the same words for every form.
 */
export function movedAgain(
  f: Pick<FormState, "fields" | "values" | "base"> & { confirmed?: DraftValues | undefined },
  now: DraftValues,
): string | undefined {
  const again = f.confirmed ? movedSince(f, f.confirmed, now) : [];
  if (again.length === 0) return undefined;
  return `not sent: ${again.join(", ")} changed again since the confirmation — Enter shows it as it is now`;
}

/**
 * The confirmation's line of one change: `theme: AUTO → LIGHT`, or, when it changed since the form
 * opened, `⚠ theme is DARK now (changed since the form opened, from AUTO) → will become LIGHT`.
 */
export function changeLine(c: FieldChange, show: (key: string, v: DraftValue | undefined) => string): string {
  if (!c.moved) return `${c.label}: ${show(c.key, c.now)} → ${show(c.key, c.mine)}`;
  const since = c.base === undefined ? "" : ` (changed since the form opened, from ${show(c.key, c.base)})`;
  return `⚠ ${c.label} is ${show(c.key, c.now)} now${since} → will become ${show(c.key, c.mine)}`;
}

/**
 * A fresh read arrived while the form is open (it opened from the copy held): the fields the engineer has
 * not changed take the fresh values — the form shows what is — and their base with them; a field already
 * changed keeps its value and its base, so Enter still says when it moved.
 */
export function rebased<F extends Pick<FormState, "fields" | "values" | "base">>(f: F, now: DraftValues): F {
  if (!f.base) return f;
  const values: Record<string, DraftValue> = { ...f.values };
  const base: Record<string, DraftValue> = { ...f.base };
  for (const field of f.fields) {
    const v = now[field.key];
    if (v === undefined || !sameValue(field, f.values[field.key], f.base[field.key])) continue;
    values[field.key] = v;
    base[field.key] = v;
  }
  return { ...f, values, base };
}
