/**
 * Editing a check as a whole document — `vigil checks update -f` and the console's `e` ($EDITOR): the
 * edited fields merged onto the check as read, masked secrets given back their stored values, the whole
 * body checked with the type's one schema (check-bodies.ts, the service's own), and what changed, field by
 * field. Pure.
 *
 * A check read for a person (`--json`, the editor's file) has its secrets masked (a header
 * `Authorization: Bearer ...abcd`); written back as it is, the mask would replace the secret. So wherever
 * the edited document holds exactly the masked form of the stored value, the stored value is kept.
 */
import { isDeepStrictEqual } from "node:util";
import { CHECK_KINDS, type CheckKind, kindOfType } from "../contract/schemas/check-bodies.ts";
import type { Check } from "../contract/schemas/checks.ts";
import { maskSecrets } from "../contract/secrets.ts";
import { UsageError } from "./errors.ts";
import { describeIssues } from "./input.ts";

export type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);

/** Fields of a check as read that a body never carries (the service owns them). */
const READ_ONLY = ["id", "created_at", "updated_at"] as const;

/**
 * `given` with every string that is exactly the masked form of the stored value at the same place (and not
 * the stored value itself) replaced by the stored value.
 */
export function restoreMasked(
  given: unknown,
  stored: unknown,
  masked: unknown = maskSecrets(stored),
): unknown {
  if (typeof given === "string")
    return typeof stored === "string" && given === masked && given !== stored ? stored : given;
  if (Array.isArray(given))
    return given.map((g, i) =>
      restoreMasked(
        g,
        Array.isArray(stored) ? stored[i] : undefined,
        Array.isArray(masked) ? masked[i] : undefined,
      ),
    );
  if (isObject(given)) {
    const s = isObject(stored) ? stored : {};
    const m = isObject(masked) ? masked : {};
    return Object.fromEntries(Object.entries(given).map(([k, v]) => [k, restoreMasked(v, s[k], m[k])]));
  }
  return given;
}

/**
 * The body an update sends: `given` over the check as read (`request` and `heartbeat` one level deep, as
 * the service merges), without the read-only fields.
 */
export function mergeOnto(current: Check, given: Body): Body {
  const merged: Body = { ...current, ...given };
  for (const k of ["request", "heartbeat"]) {
    const a = (current as Body)[k];
    const b = given[k];
    if (isObject(a) && isObject(b)) merged[k] = { ...a, ...b };
  }
  for (const k of READ_ONLY) delete merged[k];
  return merged;
}

/** Whether two bodies of a kind say the same once the service's schema has filled its defaults. */
export function sameCheck(kind: CheckKind, a: Body, b: Body): boolean {
  const schema = CHECK_KINDS[kind].schema;
  const x = schema.safeParse(a);
  const y = schema.safeParse(b);
  return x.success && y.success && isDeepStrictEqual(x.data, y.data);
}

/** The kind's schema over a whole body, refused in the service's words: `url check: "name" is not allowed to be empty`. */
export function checkBody(kind: CheckKind, body: Body): void {
  const r = CHECK_KINDS[kind].schema.safeParse(body);
  if (!r.success) throw new UsageError(`${kind} check: ${describeIssues(r.error, body)}`);
}

/** The check's kind, or a UsageError for a type that cannot be written. */
export function writableKind(c: Pick<Check, "checkType">): CheckKind {
  const kind = kindOfType(c.checkType);
  if (!kind) throw new UsageError(`checks of type ${c.checkType} cannot be changed from vigil`);
  return kind;
}

/**
 * The edited document (`given`, e.g. parsed from the editor's file) as the body to send: its id and type
 * must be the check's own; masked secrets keep their stored values; merged onto the check; checked whole.
 * `changed` is false when the service would store the same check (nothing to send).
 */
export function editedBody(
  current: Check,
  given: Body,
  where = "the file",
): { body: Body; changed: boolean } {
  if (given.id !== undefined && given.id !== current.id)
    throw new UsageError(
      `${where}: "id" is ${JSON.stringify(given.id)}, not the check edited (${current.id})`,
    );
  if (given.checkType !== undefined && given.checkType !== current.checkType)
    throw new UsageError(
      `${where}: "checkType" must be [${current.checkType}] (a check's type cannot change)`,
    );
  const kind = writableKind(current);
  const body = mergeOnto(current, restoreMasked(given, current) as Body);
  checkBody(kind, body);
  return { body, changed: !sameCheck(kind, mergeOnto(current, {}), body) };
}

/** Every leaf of a value as `path → JSON text` (`request.headers[0].value`). */
function leaves(v: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (Array.isArray(v) && v.length > 0) for (const [i, x] of v.entries()) leaves(x, `${path}[${i}]`, out);
  else if (isObject(v) && Object.keys(v).length > 0)
    for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
  else out.set(path, JSON.stringify(v ?? null));
  return out;
}

/**
 * What an edit changes, one line per field, secrets masked: `frequency: 10 → 1`, `+ tags[1]: "eu"`,
 * `- description: "old"`. Compared after the type's schema filled its defaults, so a field written out
 * as its default is no change.
 */
export function fieldChanges(kind: CheckKind, before: Body, after: Body): string[] {
  const schema = CHECK_KINDS[kind].schema;
  const norm = (b: Body) => {
    const r = schema.safeParse(b);
    return maskSecrets(r.success ? r.data : b);
  };
  const a = leaves(norm(before), "", new Map());
  const b = leaves(norm(after), "", new Map());
  const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
  const out: string[] = [];
  for (const [k, v] of b) {
    const was = a.get(k);
    if (was === undefined) out.push(`+ ${k}: ${cut(v)}`);
    else if (was !== v) out.push(`${k}: ${cut(was)} → ${cut(v)}`);
  }
  for (const [k, v] of a) if (!b.has(k)) out.push(`- ${k}: ${cut(v)}`);
  return out;
}
