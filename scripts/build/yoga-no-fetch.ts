/**
 * Ink's layout engine, yoga-layout, is Emscripten output that carries its WebAssembly as a base64 `data:`
 * URL and reads it with `fetch()` when fetch exists. On Node that first call loads Node's own fetch
 * (its bundled undici, ~750 KB of source) and what it needs — http2, tls, zlib, worker_threads,
 * web streams —, ~11 MB of the console's resident memory, only to decode a string the module then
 * decodes itself anyway when fetch is absent (`wa()`: base64 → bytes). The bundle takes that path:
 * both `"function"!=typeof fetch` tests become `!0`. A yoga-layout whose file no longer has exactly those
 * two fails the build (a silent miss would bring the 11 MB back unseen).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

const FETCH_TEST = '"function"!=typeof fetch';
const EXPECTED = 2;

/** yoga's Emscripten loader with its fetch turned off; throws when the file is not the one expected. */
export function yogaWithoutFetch(source: string): string {
  const found = source.split(FETCH_TEST).length - 1;
  if (found !== EXPECTED)
    throw new Error(
      `yoga-layout: expected ${EXPECTED} '${FETCH_TEST}' in its wasm loader, found ${found} (a new yoga-layout? see scripts/build/yoga-no-fetch.ts)`,
    );
  return source.replaceAll(FETCH_TEST, "!0");
}

export const yogaNoFetch: Plugin = {
  name: "yoga-no-fetch",
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => ({
      contents: yogaWithoutFetch(readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};
