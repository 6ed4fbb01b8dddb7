/**
 * The slicer against JSON.parse (the oracle): over random JSON arrays — strings holding brackets, braces,
 * commas, quotes and escapes, nesting, whitespace anywhere — split at every chunk boundary and in random
 * pieces, the slices parsed and put together are JSON.parse of the whole; a text JSON.parse refuses, or
 * that is not an array, is refused.
 */
import { describe, expect, it } from "vitest";
import { JsonArraySlicer } from "../../src/shared/json-slices.ts";
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
  const put = (t: string | undefined) => {
    if (t !== undefined) out.push(...(JSON.parse(t) as unknown[]));
  };
  for (const p of pieces) {
    s.push(p);
    for (let t = s.take(min); t !== undefined; t = s.take(min)) put(t);
  }
  put(s.end());
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
    expect(s.take()).toBe('[{"a":"x,]}"}]');
    s.push('{"b":[1,2');
    expect(s.take()).toBeUndefined();
    s.push("]} , 3");
    expect(s.take()).toBe('[{"b":[1,2]} ]');
    s.push("]");
    expect(s.end()).toBe("[ 3]");
  });

  it("refuses what is not one array", () => {
    for (const bad of ['{"a":1}', "[1] [2]", "[1,]", "[1", ""]) {
      expect(() => sliced([bad], 0), bad).toThrow();
    }
    expect(sliced(["[]"], 0)).toEqual([]);
    expect(sliced([" [ ] "], 0)).toEqual([]);
  });
});
