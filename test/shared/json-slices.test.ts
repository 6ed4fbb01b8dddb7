/**
 * The slicer against JSON.parse (the oracle): over random JSON arrays — strings holding brackets, braces,
 * commas, quotes and escapes, nesting, whitespace anywhere — split at every chunk boundary and in random
 * pieces, the slices parsed and put together are JSON.parse of the whole; a text JSON.parse refuses, or
 * that is not an array, is refused.
 */
import { describe, expect, it } from "vitest";
import { JsonArraySlicer, type JsonSlice } from "../../src/shared/json-slices.ts";
import { rng } from "../support/rng.ts";

type R = ReturnType<typeof rng>;
const TRICKY = '[]{},"\\: \né💥\u2028a\t'.split("").concat(["\\u005d", "💥"]);

function randomString(r: R): string {
  let s = "";
  for (let n = r.int(8); n > 0; n--) s += r.pick(TRICKY);
  return s;
}

function randomValue(r: R, depth: number): unknown {
  const k = r.int(depth > 3 ? 5 : 8);
  switch (k) {
    case 0:
      return r.pick([0, -1, 1.5, 1e21, -2.5e-7, 123456789]);
    case 1:
      return randomString(r);
    case 2:
      return r.pick([true, false, null]);
    case 3:
    case 4:
      return randomString(r);
    case 5:
    case 6: {
      const a: unknown[] = [];
      for (let n = r.int(4); n > 0; n--) a.push(randomValue(r, depth + 1));
      return a;
    }
    default: {
      const o: Record<string, unknown> = {};
      for (let n = r.int(4); n > 0; n--) o[randomString(r)] = randomValue(r, depth + 1);
      return o;
    }
  }
}

/** JSON text with whitespace of its own between tokens (outside strings). */
function randomText(r: R): string {
  const a: unknown[] = [];
  for (let n = r.int(6); n > 0; n--) a.push(randomValue(r, 1));
  const text = JSON.stringify(a, null, r.pick([undefined, 0, 1, "\t"]));
  return r.int(3) === 0 ? `\n ${text} \r\n` : text;
}

/** Damage that JSON.parse refuses, or that leaves JSON but not an array. */
function damaged(r: R, text: string): string {
  const i = r.int(text.length + 1);
  switch (r.int(7)) {
    case 0:
      return text.slice(0, i);
    case 1:
      return `${text.slice(0, i)}${r.pick([",", "]", "}", '"', "[", "\\", "x"])}${text.slice(i)}`;
    case 2:
      return text.replace(/\]\s*$/, ",]");
    case 3:
      return `${text} x`;
    case 4:
      return `{"a":${text}}`;
    case 5:
      return r.pick(["", " ", "null", "3", '"[1]"', "[", "]", "[,]", "[1,,2]", "[,1]", "[1]]", "[}"]);
    default:
      return `${text}${r.pick(["[]", ",", "]"])}`;
  }
}

/** The slicer's answer for `text` pushed in `pieces`, taking slices of at least `min` between pushes. */
function sliced(pieces: string[], min: number): unknown[] {
  const s = new JsonArraySlicer();
  const out: unknown[] = [];
  const put = (t: JsonSlice | undefined) => {
    if (t === undefined) return;
    expect(t.kind).toBe("elements");
    out.push(...(JSON.parse(t.text) as unknown[]));
  };
  for (const p of pieces) {
    s.push(p);
    for (let t = s.take(min); t !== undefined; t = s.take(min)) put(t);
  }
  for (let t = s.end(); t !== undefined; t = s.end()) put(t);
  return out;
}

function oracle(text: string): { ok: true; value: unknown[] } | { ok: false } {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? { ok: true, value: v } : { ok: false };
  } catch {
    return { ok: false };
  }
}

function expectSame(text: string, pieces: string[], min: number, seed: number) {
  const want = oracle(text);
  const what = `seed ${seed}, pieces ${JSON.stringify(pieces)}, min ${min}`;
  if (want.ok) expect(sliced(pieces, min), what).toEqual(want.value);
  else expect(() => sliced(pieces, min), what).toThrow();
}

describe("JsonArraySlicer", () => {
  it("equals JSON.parse, split at every chunk boundary", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const good = randomText(r);
      const text = seed % 3 === 0 ? damaged(r, good) : good;
      for (let i = 0; i <= text.length; i++)
        expectSame(text, [text.slice(0, i), text.slice(i)], r.pick([0, 1, 8, 10_000]), seed);
    }
  });

  it("equals JSON.parse, in random pieces", () => {
    for (let seed = 1000; seed < 3000; seed++) {
      const r = rng(seed);
      const good = randomText(r);
      const text = seed % 2 === 0 ? damaged(r, good) : good;
      const pieces: string[] = [];
      for (let i = 0; i < text.length; ) {
        const n = 1 + r.int(12);
        pieces.push(text.slice(i, i + n));
        i += n;
      }
      expectSame(text, pieces, r.int(30), seed);
    }
  });

  it("hands out whole elements as they come, not before", () => {
    const s = new JsonArraySlicer();
    s.push('[{"a":"x,]}"},');
    expect(s.take()).toEqual({ kind: "elements", text: '[{"a":"x,]}"}]' });
    s.push('{"b":[1,2');
    expect(s.take()).toBeUndefined();
    s.push("]} , 3");
    expect(s.take()).toEqual({ kind: "elements", text: '[{"b":[1,2]} ]' });
    s.push("]");
    expect(s.end()).toEqual({ kind: "elements", text: "[ 3]" });
    expect(s.end()).toBeUndefined();
  });

  it("refuses what is not one array", () => {
    for (const bad of ['{"a":1}', "[1] [2]", "[1,]", "[1", ""]) {
      expect(() => sliced([bad], 0), bad).toThrow();
    }
    expect(sliced(["[]"], 0)).toEqual([]);
    expect(sliced([" [ ] "], 0)).toEqual([]);
  });
});

/**
 * With a member read apart ("k"): elements that are objects holding "k" (an array, or not), "k" deeper
 * down too (not read apart), split anywhere. Put together — each holder given the elements of the runs
 * before it — the slices are JSON.parse of the whole; what JSON.parse refuses is refused.
 */
describe("JsonArraySlicer, a member read apart", () => {
  function holderValue(r: R): unknown {
    const o: Record<string, unknown> = {};
    for (let n = r.int(3); n > 0; n--) o[randomString(r)] = randomValue(r, 2);
    const k = r.int(5);
    const member = k === 0 ? randomValue(r, 2) : Array.from({ length: r.int(12) }, () => randomValue(r, 2));
    if (k !== 4) o.k = member;
    if (r.int(3) === 0) o.deeper = { k: [1, [2], { k: [3] }] };
    for (let n = r.int(2); n > 0; n--) o[randomString(r)] = randomValue(r, 2);
    return o;
  }
  function apartText(r: R): string {
    const a: unknown[] = [];
    for (let n = r.int(5); n > 0; n--) a.push(r.int(4) === 0 ? randomValue(r, 1) : holderValue(r));
    return JSON.stringify(a, null, r.pick([undefined, 0, 1, "\t"]));
  }

  /** The elements, put together from the slices; `runs` gets each slice as handed out. */
  function slicedApart(pieces: string[], min: number, runs: JsonSlice[] = []): unknown[] {
    const s = new JsonArraySlicer({ apart: "k" });
    const out: unknown[] = [];
    let held: unknown[] = [];
    const put = (t: JsonSlice | undefined) => {
      if (t === undefined) return;
      runs.push(t);
      const values = JSON.parse(t.text) as unknown[];
      if (t.kind === "apart") held.push(...values);
      else if (t.kind === "holder") {
        expect(values).toHaveLength(1);
        const holder = values[0] as Record<string, unknown>;
        expect(holder.k).toEqual([]);
        holder.k = held;
        held = [];
        out.push(holder);
      } else {
        expect(held).toEqual([]);
        out.push(...values);
      }
    };
    for (const p of pieces) {
      s.push(p);
      for (let t = s.take(min); t !== undefined; t = s.take(min)) put(t);
    }
    for (let t = s.end(); t !== undefined; t = s.end()) put(t);
    expect(held).toEqual([]);
    return out;
  }

  /** How many holders the texts read whole had (the generator's texts do read members apart). */
  let holders = 0;
  function expectSameApart(text: string, pieces: string[], min: number, seed: number) {
    const want = oracle(text);
    const what = `seed ${seed}, pieces ${JSON.stringify(pieces)}, min ${min}`;
    const runs: JsonSlice[] = [];
    if (want.ok) expect(slicedApart(pieces, min, runs), what).toEqual(want.value);
    else expect(() => slicedApart(pieces, min), what).toThrow();
    holders += runs.filter((t) => t.kind === "holder").length;
  }

  it("equals JSON.parse, split at every chunk boundary", () => {
    holders = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const good = apartText(r);
      const text = seed % 3 === 0 ? damaged(r, good) : good;
      for (let i = 0; i <= text.length; i++)
        expectSameApart(text, [text.slice(0, i), text.slice(i)], r.pick([0, 1, 8, 10_000]), seed);
    }
    expect(holders).toBeGreaterThan(1000);
  });

  it("equals JSON.parse, in random pieces", () => {
    holders = 0;
    for (let seed = 1000; seed < 3000; seed++) {
      const r = rng(seed);
      const good = apartText(r);
      const text = seed % 2 === 0 ? damaged(r, good) : good;
      const pieces: string[] = [];
      for (let i = 0; i < text.length; ) {
        const n = 1 + r.int(12);
        pieces.push(text.slice(i, i + n));
        i += n;
      }
      expectSameApart(text, pieces, r.int(30), seed);
    }
    expect(holders).toBeGreaterThan(500);
  });

  it("hands a huge member out in runs of about the size asked, before its holder, alone", () => {
    const sub = (i: number) => ({ id: i, checkId: `c-${i}`, activated: i % 3 !== 0 });
    const list = [
      { id: 1, subscriptions: [] },
      { id: 2, type: "EMAIL", subscriptions: Array.from({ length: 5000 }, (_, i) => sub(i)), x: 1 },
      { id: 3, subscriptions: null },
      {
        id: 4,
        config: { subscriptions: [1] },
        subscriptions: Array.from({ length: 3000 }, (_, i) => sub(i)),
      },
    ];
    const text = JSON.stringify(list);
    const s = new JsonArraySlicer({ apart: "subscriptions" });
    const runs: JsonSlice[] = [];
    for (let i = 0; i < text.length; i += 1000) {
      s.push(text.slice(i, i + 1000));
      for (let t = s.take(4096); t !== undefined; t = s.take(4096)) runs.push(t);
    }
    for (let t = s.end(); t !== undefined; t = s.end()) runs.push(t);
    expect(runs.map((t) => t.kind).filter((k, i, a) => k !== a[i - 1])).toEqual([
      "holder", // channel 1, its empty array read apart (no run)
      "apart",
      "holder",
      "elements", // channel 3: its subscriptions are not an array
      "apart",
      "holder",
    ]);
    const apart = runs.filter((t) => t.kind === "apart");
    // no run much past the size asked (a run ends at the first cut past 4,096 characters pushed)
    for (const t of apart) expect(t.text.length).toBeLessThan(4096 + 1000 + 100);
    expect(apart.length).toBeGreaterThan(50);
    const holders = runs.filter((t) => t.kind === "holder").map((t) => JSON.parse(t.text));
    expect(holders[2]).toEqual([{ id: 4, config: { subscriptions: [1] }, subscriptions: [] }]);
    expect(apart.flatMap((t) => JSON.parse(t.text))).toHaveLength(8000);
  });

  it("reads the name written with escapes as the member; refuses the member given twice", () => {
    expect(slicedApart(['[{"\\u006b":[1,2],"a":0}]'], 0)).toEqual([{ k: [1, 2], a: 0 }]);
    for (const twice of ['[{"k":[1],"k":null}]', '[{"k":[1],"\\u006b":[2]}]', '[{"k":[1], "k" :[]}]'])
      expect(() => slicedApart([twice], 0), twice).toThrow(/twice/);
    // a member of that name before the one read apart is JSON.parse's: the last one counts
    expect(slicedApart(['[{"k":null,"k":[3]}]'], 0)).toEqual([{ k: [3] }]);
  });

  it("refuses a member's array that does not close, or closes with a brace", () => {
    for (const bad of ['[{"k":[1,2}]', '[{"k":[1,]}]', '[{"k":[,1]}]', '[{"k":[1', '[{"k":[1]]']) {
      expect(() => slicedApart([bad], 0), bad).toThrow();
      expect(() => JSON.parse(bad), bad).toThrow();
    }
  });
});
