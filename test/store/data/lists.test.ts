/**
 * The lists registry (src/store/data/lists/): a list is one file there plus one registry line, and from that
 * line alone it gets its slice in the shared data, its empty slice, its place among the data slices the
 * share hub copies to each viewer, and its loader.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LIST_KEYS, LISTS } from "../../../src/store/data/lists/index.ts";
import { DATA_SLICES } from "../../../src/store/data/types.ts";
import { initialState } from "../../../src/store/state.ts";

const dir = fileURLToPath(new URL("../../../src/store/data/lists/", import.meta.url));
const camel = (file: string) =>
  file.replace(/\.ts$/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe("the lists registry", () => {
  it("registers every list file of the folder, under the file's name", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "spec.ts");
    expect(files.length).toBeGreaterThan(0);
    expect(files.map(camel).sort()).toEqual([...LIST_KEYS].sort());
    for (const k of LIST_KEYS) expect(typeof LISTS[k].read).toBe("function");
  });

  it("gives every list an empty slice and a place among the data slices", () => {
    const s = initialState();
    for (const k of LIST_KEYS) {
      expect(s[k]).toEqual({ loadedAt: undefined, error: undefined, items: [] });
      expect(DATA_SLICES).toContain(k);
    }
    expect(new Set(DATA_SLICES).size).toBe(DATA_SLICES.length);
  });
});
