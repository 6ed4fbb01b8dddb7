/**
 * The bundle's string-width builds its emoji expression on first need (scripts/build/lazy-emoji.ts): the
 * same widths as the package as published, for every code point of planes 0 and 1 alone, every emoji
 * character with the emoji variation selector, a skin tone or a keycap behind it, every flag, ZWJ and tag
 * sequences, and the console's own symbols.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { lazyRgiEmoji } from "../../scripts/build/lazy-emoji.ts";

const MODULES = join(import.meta.dirname, "../../node_modules");
const DIR = join(MODULES, "string-width");

/** A module from `source`, bundled with its dependencies and imported. */
async function bundled<T>(source: string, resolveDir: string): Promise<T> {
  const out = await build({
    stdin: { contents: source, resolveDir, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  const code = out.outputFiles[0]!.text;
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as T;
}

const load = async (source: string) =>
  (await bundled<{ default: (s: string) => number }>(source, DIR)).default;

describe("string-width with its emoji expression built on first need", () => {
  it("measures every text as the published package does", async () => {
    const source = readFileSync(join(DIR, "index.js"), "utf8");
    const [published, lazy] = await Promise.all([load(source), load(lazyRgiEmoji(source))]);
    const texts: string[] = [
      "vigil › Overview",
      "◌ connecting",
      "✔ passing · ✖ failing · ▲ degraded · ⊘ deactivated",
      "👨‍👩‍👧 🏳️‍🌈 ❤️‍🔥 👁️‍🗨️ 🧑‍💻 🏴‍☠️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿 👍🏽 1️⃣ #️⃣ ☺ ☺️ 한국어 日本語 ﾊﾟ e\u0301",
    ];
    // every emoji character is in planes 0 and 1; a text holding U+FE0F or a skin tone (Emoji_Presentation)
    // always gets the full test, so these are where the two could differ
    const emoji = /\p{Emoji}/u;
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      texts.push(c);
      if (emoji.test(c)) texts.push(`${c}\uFE0F`, `${c}\u{1F3FB}`, `${c}\uFE0F\u20E3`);
    }
    for (let a = 0x1f1e6; a <= 0x1f1ff; a++)
      for (let b = 0x1f1e6; b <= 0x1f1ff; b++) texts.push(String.fromCodePoint(a, b));
    const differ = texts.filter((t) => lazy(t) !== published(t));
    expect(differ).toEqual([]);
  }, 60_000);

  it("a string-width without the expected line fails the build", () => {
    expect(() => lazyRgiEmoji("export default () => 0;")).toThrow(/string-width changed/);
  });
});
