/**
 * terminal-size (Ink's fallback for the terminal's size when stdout has none, piped) imports
 * node:child_process at its top for the `tput`/`resize` commands it may run then: every console would load
 * Node's child-process modules (and dgram with them, ~0.7 MB RSS) at start for a fallback a terminal never
 * takes. The bundle loads the module the first time a command runs, through `process.getBuiltinModule`; the
 * same call otherwise. A terminal-size without exactly that import fails the build instead of being
 * bundled unchanged (test/scripts/terminal-size-lazy-exec.test.ts).
 */
import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

const EAGER = `import {execFileSync} from 'node:child_process';`;

const LAZY = `const execFileSync = (...args) => process.getBuiltinModule('node:child_process').execFileSync(...args);`;

/** terminal-size's source with node:child_process loaded when a command first runs. */
export function lazyExec(source: string): string {
  const n = source.split(EAGER).length - 1;
  if (n !== 1)
    throw new Error(
      `terminal-size changed: expected 1 "${EAGER}", found ${n} (see scripts/build/terminal-size-lazy-exec.ts)`,
    );
  return source.replace(EAGER, LAZY);
}

export const terminalSizeLazyExec: Plugin = {
  name: "terminal-size-lazy-exec",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]terminal-size[\\/]index\.js$/ }, (args) => ({
      contents: lazyExec(readFileSync(args.path, "utf8")),
      loader: "js",
    }));
  },
};
