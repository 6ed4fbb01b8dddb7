/**
 * The repo boundary: rows are read column by column (src/service/repo/rows.ts) and a check document is built
 * from checked fields (checkOf) — a value of the wrong kind is a CorruptRowError naming it, never cast.
 */
import { describe, expect, it } from "vitest";
import { CHECK_KINDS } from "../../src/contract/schemas/check-bodies.ts";
import { checkOf } from "../../src/service/engine/checks.ts";
import {
  flag,
  jsonObject,
  jsonStrings,
  num,
  numOrNull,
  oneOf,
  present,
  text,
  textOrNull,
} from "../../src/service/repo/rows.ts";
import { CorruptRowError } from "../../src/service/repo/util.ts";

describe("column readers", () => {
  const row = {
    s: "x",
    n: 3,
    big: 5n,
    nil: null,
    one: 1,
    zero: 0,
    obj: '{"a":1}',
    list: '["a",2,"b"]',
    bad: "{",
  };

  it("read what the column holds", () => {
    expect(text(row, "s")).toBe("x");
    expect(textOrNull(row, "nil")).toBeNull();
    expect(num(row, "n")).toBe(3);
    expect(num(row, "big")).toBe(5);
    expect(numOrNull(row, "nil")).toBeNull();
    expect([flag(row, "one"), flag(row, "zero")]).toEqual([true, false]);
    expect(jsonObject(row, "obj")).toEqual({ a: 1 });
    expect(jsonObject(row, "nil")).toEqual({});
    expect(jsonStrings(row, "list")).toEqual(["a", "b"]);
    expect(oneOf(row, "s", ["x", "y"])).toBe("x");
    expect(present(row, "a row")).toBe(row);
  });

  it("refuse the wrong kind with the column's name", () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(CorruptRowError);
        return (e as Error).message;
      }
      throw new Error("not refused");
    };
    expect(refused(() => text(row, "n"))).toBe("column n holds a number, not text");
    expect(refused(() => num(row, "s"))).toBe("column s holds text, not a number");
    expect(refused(() => flag(row, "n"))).toBe("column n holds a number, not 0 or 1");
    expect(refused(() => jsonObject(row, "list"))).toBe("column list holds a list, not a JSON object");
    expect(refused(() => jsonObject(row, "bad"))).toMatch(/not readable/);
    expect(refused(() => oneOf(row, "s", ["y", "z"]))).toBe("column s holds text, not y or z");
    expect(refused(() => text(row, "missing"))).toBe("column missing holds nothing, not text");
    expect(refused(() => present(undefined, "the row just stored"))).toBe("the row just stored is missing");
  });
});

describe("a check document", () => {
  const set = {
    id: "c1",
    checkType: "URL",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("is built from a validated body, subscriptions left out", () => {
    const fields = CHECK_KINDS.url.schema.parse({
      name: "Home",
      request: { url: "https://example.com/" },
      alertChannelSubscriptions: [{ alertChannelId: 1, activated: true }],
    });
    const check = checkOf(fields, set);
    expect(check).toMatchObject({
      id: "c1",
      name: "Home",
      checkType: "URL",
      activated: true,
      frequency: 10,
      tags: [],
    });
    expect(check.doc).toMatchObject({ id: "c1", name: "Home", created_at: set.createdAt });
    expect(check.doc).not.toHaveProperty("alertChannelSubscriptions");
  });

  it("refuses a field that is not what a check holds, naming it", () => {
    const fields = { name: "x", activated: true, muted: false, frequency: 5, tags: [], locations: [] };
    expect(() => checkOf({ ...fields, frequency: "5" }, set)).toThrow('"frequency" is not a number');
    expect(() => checkOf({ ...fields, tags: ["a", 1] }, set)).toThrow('"tags" is not a list of strings');
    expect(() => checkOf({ ...fields, muted: 0 }, set)).toThrow('"muted" is not true or false');
  });
});
