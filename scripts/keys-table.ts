/**
 * The README's key table, generated from the bindings (src/tui/keymap.ts keyTable) — the same the `?`
 * help reads — so the two never drift. `node scripts/keys-table.ts` prints it; `--write` puts it into
 * README.md between its markers. test/tui/readme-keys.test.ts fails when the committed table is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { prepareViews } from "../src/cli/console-views.ts";

export const BEGIN = "<!-- keys:begin — generated from the bindings: node scripts/keys-table.ts --write -->";
export const END = "<!-- keys:end -->";

/** README text with `table` between the markers (throws when they are missing). */
export function withTable(readme: string, table: string): string {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${BEGIN} … ${END} markers`);
  return `${readme.slice(0, a + BEGIN.length)}\n${table}\n${readme.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await prepareViews();
  const { keyTable } = await import("../src/tui/keymap.ts");
  const table = keyTable();
  if (process.argv.includes("--write")) {
    const path = fileURLToPath(new URL("../README.md", import.meta.url));
    writeFileSync(path, withTable(readFileSync(path, "utf8"), table));
  } else process.stdout.write(`${table}\n`);
}
