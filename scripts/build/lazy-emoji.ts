/**
 * string-width (the text widths Ink and the CLI's tables measure with) builds its `\p{RGI_Emoji}`
 * expression when it loads: V8 expands the whole set of emoji sequences, 15–45 ms before every console's
 * first frame. The bundle builds it the first time a text could be one: every RGI emoji (a single emoji, a
 * keycap, a flag, a modifier, tag or ZWJ sequence) holds a character with Emoji_Presentation or the emoji
 * variation selector U+FE0F, so a text without either cannot match and needs no test. The same widths
 * (test/scripts/lazy-emoji.test.ts); a string-width that no longer has the line fails the build instead of
 * being bundled unchanged.
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

const EAGER = String.raw`const rgiEmojiRegex = /^\p{RGI_Emoji}$/v;`;

const LAZY = String.raw`const mayBeRgiEmoji = /[\p{Emoji_Presentation}\uFE0F]/u;
let rgiEmojiFull;
const rgiEmojiRegex = {
	test: (text) => mayBeRgiEmoji.test(text) && (rgiEmojiFull ??= new RegExp("^\\p{RGI_Emoji}$", "v")).test(text),
};`;

/** string-width's source with its emoji expression built on first need. */
export function lazyRgiEmoji(source: string): string {
  if (!source.includes(EAGER))
    throw new Error(`string-width changed: "${EAGER}" not found (see scripts/build/lazy-emoji.ts)`);
  return source.replace(EAGER, LAZY);
}

export const lazyEmoji: Plugin = {
  name: "string-width-lazy-emoji",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => ({
      contents: lazyRgiEmoji(readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};
