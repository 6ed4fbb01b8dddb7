/** The rule of forms that edit what others edit too (src/store/forms/fresh.ts), as pure logic. */
import { describe, expect, it } from "vitest";
import {
  changeLine,
  changesAgainst,
  keptLine,
  movedSince,
  movedUnchanged,
  nothingLine,
  rebased,
} from "../../../src/store/forms/fresh.ts";
import type { Field } from "../../../src/store/forms/types.ts";

const FIELDS: Field[] = [
  { key: "name", label: "name", type: "text" },
  { key: "theme", label: "theme", type: "choice", options: ["AUTO", "DARK", "LIGHT"] },
  { key: "services", label: "services", type: "multi", options: [] },
];
const BASE = { name: "Status", theme: "AUTO", services: ["a", "b"] };
const show = (_k: string, v: unknown) => JSON.stringify(v);

describe("changes measured against what the form opened with", () => {
  it("only the fields the engineer changed go over the fresh copy; what others changed is kept", () => {
    const f = { fields: FIELDS, base: BASE, values: { ...BASE, name: "Status!" } };
    const now = { name: "Status", theme: "DARK", services: ["a", "b", "c"] };
    const r = changesAgainst(f, now);
    expect(r.changes.map((c) => c.key)).toEqual(["name"]);
    expect(r.changes[0]?.moved).toBe(false);
    expect(r.values).toEqual({ name: "Status!", theme: "DARK", services: ["a", "b", "c"] });
    expect(changeLine(r.changes[0]!, show)).toBe('name: "Status" → "Status!"');
  });

  it("a field both changed is said: what it is now, what it will become", () => {
    const f = { fields: FIELDS, base: BASE, values: { ...BASE, theme: "LIGHT" } };
    const [c] = changesAgainst(f, { ...BASE, theme: "DARK" }).changes;
    expect(c).toMatchObject({ key: "theme", base: "AUTO", now: "DARK", mine: "LIGHT", moved: true });
    expect(changeLine(c!, show)).toBe(
      '⚠ theme is "DARK" now (changed since the form opened, from "AUTO") → will become "LIGHT"',
    );
  });

  it("nothing changed, a change already so, a reordered set, trailing spaces: no change", () => {
    expect(
      changesAgainst({ fields: FIELDS, base: BASE, values: BASE }, { ...BASE, theme: "DARK" }).changes,
    ).toEqual([]);
    const f = {
      fields: FIELDS,
      base: BASE,
      values: { name: "Status  ", theme: "DARK", services: ["b", "a"] },
    };
    expect(changesAgainst(f, { ...BASE, theme: "DARK" }).changes).toEqual([]);
  });

  it("a draft without its opening values: every field that differs counts, said without a 'since'", () => {
    const f = { fields: FIELDS, base: undefined, values: { ...BASE, theme: "LIGHT" } };
    const r = changesAgainst(f, { ...BASE, theme: "DARK" });
    expect(r.changes.map((c) => c.key)).toEqual(["theme"]);
    expect(changeLine(r.changes[0]!, show)).toBe('⚠ theme is "DARK" now → will become "LIGHT"');
  });

  it("at y: the engineer's fields that moved again since the confirmation", () => {
    const f = { fields: FIELDS, base: BASE, values: { ...BASE, theme: "LIGHT" } };
    const confirmed = { ...BASE, theme: "DARK" };
    expect(movedSince(f, confirmed, confirmed)).toEqual([]);
    // another field moving is no reason to stop: it is sent as it is then
    expect(movedSince(f, confirmed, { ...confirmed, name: "Other" })).toEqual([]);
    expect(movedSince(f, confirmed, { ...confirmed, theme: "AUTO" })).toEqual(["theme"]);
  });

  it("a fresh read while the form is open: the fields not changed show it; a changed one keeps its value and base", () => {
    const f = { fields: FIELDS, base: BASE, values: { ...BASE, name: "Status!" } };
    const now = { name: "Renamed", theme: "DARK", services: ["c"] };
    const g = rebased(f, now);
    expect(g.values).toEqual({ name: "Status!", theme: "DARK", services: ["c"] });
    expect(g.base).toEqual({ name: "Status", theme: "DARK", services: ["c"] });
    // so Enter still says the name moved under the change
    expect(changesAgainst(g, now).changes[0]).toMatchObject({ key: "name", moved: true });
    // a form without its opening values is left as it is
    const h = { fields: FIELDS, base: undefined, values: BASE };
    expect(rebased(h, now)).toBe(h);
  });

  it("a field the engineer did not change that moved: named, taken by the form, never 'already reads as the form'", () => {
    // the form shows theme AUTO (its base); a teammate set DARK; the engineer pressed AUTO again (no change)
    const f = { fields: FIELDS, base: BASE, values: { ...BASE } };
    const now = { ...BASE, theme: "DARK" };
    expect(changesAgainst(f, now).changes).toEqual([]);
    const moved = movedUnchanged(f, now);
    expect(moved).toEqual([{ key: "theme", label: "theme", was: "AUTO", now: "DARK" }]);
    expect(nothingLine('page "P"', moved, show)).toBe(
      'page "P": theme is "DARK" now (changed since the form opened) — the form shows it; nothing else to change',
    );
    expect(rebased(f, now).values.theme).toBe("DARK");
    // and the form then does read so: nothing moved, and only then "already reads as the form"
    expect(movedUnchanged(rebased(f, now), now)).toEqual([]);
    expect(nothingLine('page "P"', [], show)).toBe('nothing to change: page "P" already reads as the form');
    // two moved: "them"
    const two = movedUnchanged(f, { ...now, name: "Other" });
    expect(nothingLine('page "P"', two, show)).toBe(
      'page "P": name is "Other" now, theme is "DARK" now (changed since the form opened) — the form shows them; nothing else to change',
    );
  });

  it("with a change of the engineer's, a field that moved meanwhile is listed as kept; the engineer's is not", () => {
    const f = { fields: FIELDS, base: BASE, values: { ...BASE, name: "Status!" } };
    const now = { ...BASE, theme: "DARK", services: ["b", "a"] }; // services reordered: the same set
    const moved = movedUnchanged(f, now);
    expect(moved.map((m) => m.key)).toEqual(["theme"]);
    expect(keptLine(moved[0]!, show)).toBe('theme: "DARK" now (changed since the form opened; kept)');
    // a changed field that moved is the ⚠ change line's, not a kept line
    expect(movedUnchanged({ ...f, values: { ...BASE, theme: "LIGHT" } }, now)).toEqual([]);
    // without its opening values nothing can be said to have moved
    expect(movedUnchanged({ ...f, base: undefined }, now)).toEqual([]);
  });
});
