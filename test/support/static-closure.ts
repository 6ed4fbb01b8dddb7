/**
 * A bundle's start graph from esbuild's metafile: the files reached from `entries` through static imports
 * only (dynamic imports load later; a package's own `require` calls are not followed). Used by the tests of
 * what the console and `vigil serve` load before they answer.
 */
import type { Metafile } from "esbuild";

export function staticClosure(meta: Metafile, entries: readonly string[]): Set<string> {
  const seen = new Set<string>(entries);
  const queue = [...entries];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    for (const i of meta.inputs[f]?.imports ?? []) {
      if (i.kind !== "import-statement" || seen.has(i.path)) continue;
      seen.add(i.path);
      if (!i.external) queue.push(i.path);
    }
  }
  return seen;
}
