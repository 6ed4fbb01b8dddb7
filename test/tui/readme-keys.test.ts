/** The README's key table is the one the bindings generate (the `?` help reads the same bindings). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BEGIN, END, withTable } from "../../scripts/keys-table.ts";
import { keyTable } from "../../src/tui/keymap.ts";

describe("the README's key table", () => {
  it("is the table generated from the bindings (regenerate: node scripts/keys-table.ts --write)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const shown = readme.slice(readme.indexOf(BEGIN) + BEGIN.length, readme.indexOf(END)).trim();
    expect(shown, "README.md's key table is stale: run node scripts/keys-table.ts --write").toBe(keyTable());
    expect(withTable(readme, keyTable())).toBe(readme);
  });
});
