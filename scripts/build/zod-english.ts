/**
 * zod re-exports every one of its ~50 locales (`z.locales`, `z.core.locales`): bundled, that is ~190 KB of
 * the ~450 KB zod chunk every console loads and compiles at start, for error messages vigil never shows —
 * zod speaks English unless `z.config(z.locales.xx())` is called, which vigil never does. The bundle keeps
 * `locales.en` only (the one zod's own schemas configure). A zod whose files no longer have exactly that
 * re-export fails the build instead of being bundled unchanged (test/scripts/zod-english.test.ts).
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Plugin } from "esbuild";

const ALL = `export * as locales from "../locales/index.js";`;

const ENGLISH = `import __vigilZodEn from "../locales/en.js";
export const locales = Object.freeze({ en: __vigilZodEn });`;

/** A zod module's source with its `locales` re-export narrowed to English. */
export function englishOnly(source: string): string {
  const n = source.split(ALL).length - 1;
  if (n !== 1)
    throw new Error(`zod changed: expected 1 "${ALL}", found ${n} (see scripts/build/zod-english.ts)`);
  return source.replace(ALL, ENGLISH);
}

export const zodEnglish: Plugin = {
  name: "zod-english",
  setup(b) {
    // the two modules that re-export the locales: the classic API (`z`) and the core (`z.core`)
    b.onLoad(
      { filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/ },
      (args) => ({
        contents: englishOnly(readFileSync(args.path, "utf8")),
        resolveDir: dirname(args.path),
        loader: "js",
      }),
    );
  },
};
