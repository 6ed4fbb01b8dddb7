/** The README's key table is the one the bindings generate (the `?` help reads the same bindings). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BEGIN, END, withTable } from "../../scripts/keys-table.ts";
import { configFileSchema } from "../../src/config/schema.ts";
import { buildKeymap, keyTable } from "../../src/tui/keymap.ts";
import { lowContrast, paletteOf } from "../../src/tui/theme.ts";

describe("the README's key table", () => {
  it("is the table generated from the bindings (regenerate: node scripts/keys-table.ts --write)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const shown = readme.slice(readme.indexOf(BEGIN) + BEGIN.length, readme.indexOf(END)).trim();
    expect(shown, "README.md's key table is stale: run node scripts/keys-table.ts --write").toBe(keyTable());
    expect(withTable(readme, keyTable())).toBe(readme);
  });

  it("its keys and theme examples are valid config (the keys clash with nothing)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const keys = blocks.find((b) => "keys" in b);
    const theme = blocks.find((b) => "theme" in b);
    const parsed = configFileSchema.parse({ ...keys, ...theme });
    expect(() => buildKeymap(parsed.keys, "README.md")).not.toThrow();
    const skin = parsed.theme;
    if (typeof skin !== "object") throw new Error("the README's theme example is roles");
    expect(lowContrast(paletteOf(skin.base ?? "dark", skin))).toEqual([]);
  });
});
