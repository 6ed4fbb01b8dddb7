/**
 * The checks slice's map (shareList's ListById): one map of where each check is in the list, read as the
 * list's map by id and as the `/` filter index's positions — the same answers as a Map built by setting each
 * entry in order, and as the positions the index finds itself.
 */
import { describe, expect, it } from "vitest";
import {
  type CheckSummary,
  heldOr,
  ListById,
  positionsOf,
  shareList,
} from "../../../src/store/data/summary.ts";
import { CheckIndex } from "../../../src/store/view/check-index.ts";
import { rng } from "../../support/rng.ts";

const check = (id: string, n: number): CheckSummary => ({ id, name: `n${n}`, checkType: "API" });

describe("shareList's map by id", () => {
  it.each([1, 2, 3, 4, 5, 6])("reads as a Map set in the list's order, ids repeated (seed %i)", (seed) => {
    const r = rng(seed);
    let held: readonly CheckSummary[] = [];
    let heldById: ReadonlyMap<string, CheckSummary> = new Map();
    for (let round = 0; round < 8; round++) {
      const next = Array.from({ length: r.int(40) }, (_, i) => check(`c${r.int(30)}`, i % 3));
      const { items, byId } = shareList(held, heldById, next, (c) => c.id);
      const want = new Map<string, CheckSummary>();
      for (const c of items) want.set(c.id, c);
      expect(byId.size).toBe(want.size);
      expect([...byId]).toEqual([...want]);
      expect([...byId.keys()]).toEqual([...want.keys()]);
      expect([...byId.values()]).toEqual([...want.values()]);
      const seen: [string, CheckSummary][] = [];
      byId.forEach((v, k, m) => {
        seen.push([k, v]);
        expect(m).toBe(byId);
      });
      expect(seen).toEqual([...want]);
      for (let i = 0; i < 32; i++) {
        expect(byId.get(`c${i}`)).toBe(want.get(`c${i}`));
        expect(byId.has(`c${i}`)).toBe(want.has(`c${i}`));
      }
      // where each is: its last place, as the filter index would find it itself
      const at = positionsOf(items);
      if (items.length > 0 && items !== held) {
        expect(byId).toBeInstanceOf(ListById);
        const lastAt = new Map<string, number>();
        for (let i = 0; i < items.length; i++) lastAt.set((items[i] as CheckSummary).id, i);
        expect(new Map(at)).toEqual(lastAt);
        const own = new CheckIndex([...items]);
        const shared = new CheckIndex(items);
        for (let i = 0; i < 32; i++) expect(shared.positionOf(`c${i}`)).toBe(own.positionOf(`c${i}`));
      }
      held = items;
      heldById = byId;
    }
  });

  it("has no positions for an array it did not make", () => {
    expect(positionsOf([check("a", 0)])).toBeUndefined();
  });
});

describe("heldOr (each entry of a refresh as it is parsed)", () => {
  const keep = (page: CheckSummary[], byId: ReadonlyMap<string, CheckSummary>) =>
    page.map((c) => heldOr(c, byId, (x) => x.id));

  it("gives back the held summary of each unchanged check, a changed or new one as read", () => {
    const held = [check("a", 1), { ...check("b", 2), tags: ["prod", "api"] }, check("c", 3)];
    const { items, byId } = shareList([], new Map(), held, (c) => c.id);
    // as a page is read again: fresh objects, tags in a fresh array
    const page = [check("a", 1), { ...check("b", 2), tags: ["prod", "api"] }, check("c", 4), check("d", 5)];
    const out = keep(page, byId);
    expect(out[0]).toBe(items[0]);
    expect(out[1]).toBe(items[1]);
    expect(out[2]).toBe(page[2]);
    expect(out[2]).not.toBe(items[2]);
    expect(out[3]).toBe(page[3]);
  });

  it("lets shareList keep the held list when a whole refresh changed nothing", () => {
    const held = Array.from({ length: 50 }, (_, i) => check(`c${i}`, i));
    const first = shareList([], new Map(), held, (c) => c.id);
    const again = keep(
      Array.from({ length: 50 }, (_, i) => check(`c${i}`, i)),
      first.byId,
    );
    expect(again.every((c, i) => c === first.items[i])).toBe(true);
    const second = shareList(first.items, first.byId, again, (c) => c.id);
    expect(second.changed).toBe(false);
    expect(second.items).toBe(first.items);
  });
});
