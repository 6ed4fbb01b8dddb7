/**
 * Two dependencies of the console's first frame do costly work when they load, in ways that change nothing
 * they compute; the bundle (scripts/build.ts) loads them patched. Each patch names the exact text it
 * replaces: a dependency that no longer has it fails the build instead of being bundled unchanged.
 *
 * - string-width (the text widths Ink and the CLI's tables measure with) builds its `\p{RGI_Emoji}`
 *   expression on load — V8 expands the whole set of emoji sequences, 15–45 ms. It is built the first
 *   time a text could be one: every RGI emoji (a single emoji, a keycap, a flag, a modifier, tag or ZWJ
 *   sequence) holds a character with Emoji_Presentation or the emoji variation selector U+FE0F, so a text
 *   without either cannot match and needs no test.
 * - yoga-layout (Ink's layout engine, WebAssembly) reads its module, embedded as a base64 data: URL,
 *   through `fetch` when there is one — which in Node starts the whole fetch implementation to parse the
 *   URL, 50–80 ms. It takes its own decoder instead, the path it has for runtimes without `fetch`.
 *
 * Same widths and the same layouts: test/cli/start-patches.test.ts.
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

const EAGER_EMOJI = String.raw`const rgiEmojiRegex = /^\p{RGI_Emoji}$/v;`;

const LAZY_EMOJI = String.raw`const mayBeRgiEmoji = /[\p{Emoji_Presentation}\uFE0F]/u;
let rgiEmojiFull;
const rgiEmojiRegex = {
	test: (text) => mayBeRgiEmoji.test(text) && (rgiEmojiFull ??= new RegExp("^\\p{RGI_Emoji}$", "v")).test(text),
};`;

/** string-width's source with its emoji expression built on first need. */
export function lazyRgiEmoji(source: string): string {
  if (!source.includes(EAGER_EMOJI))
    throw new Error(`string-width changed: "${EAGER_EMOJI}" not found (scripts/start-patches.ts)`);
  return source.replace(EAGER_EMOJI, LAZY_EMOJI);
}

/** Emscripten's "read the wasm binary": through fetch when the runtime has one, else its own decoder. */
const WASM_BY_FETCH = /function (\w+)\(\)\{return (\w+)\|\|"function"!=typeof fetch\?/g;

/** yoga-layout's loader reading its embedded module without fetch. */
export function yogaWithoutFetch(source: string): string {
  const found = source.match(WASM_BY_FETCH)?.length ?? 0;
  if (found !== 1)
    throw new Error(
      `yoga-layout changed: its wasm read through fetch found ${found} times (scripts/start-patches.ts)`,
    );
  return source.replace(WASM_BY_FETCH, "function $1(){return $2||true?");
}

export const startPatches: Plugin = {
  name: "start-patches",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => ({
      contents: lazyRgiEmoji(readFileSync(args.path, "utf8")),
      loader: "js",
    }));
    b.onLoad(
      { filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/][^\\/]+\.js$/ },
      (args) => ({
        contents: yogaWithoutFetch(readFileSync(args.path, "utf8")),
        loader: "js",
      }),
    );
  },
};
