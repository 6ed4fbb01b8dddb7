/**
 * Bundle the hello fixture the way scripts/build.ts bundles the console (esbuild JS API, one ESM file for
 * Node 24, syntax minified, production React, the react-devtools-core stub, the createRequire banner), so
 * the start-up comparison measures the console's own work, not a packaging difference.
 */
import { join } from "node:path";
import { build, type Plugin } from "esbuild";

const devtoolsStub: Plugin = {
  name: "react-devtools-core-stub",
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({
      path: "react-devtools-core",
      namespace: "stub",
    }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
      contents: "export default { initialize() {}, connectToDevTools() {} };",
      loader: "js",
    }));
  },
};

/** Writes `<dir>/hello.js`; returns its path. */
export async function bundleHello(dir: string): Promise<string> {
  const outfile = join(dir, "hello.js");
  await build({
    entryPoints: [join(import.meta.dirname, "hello.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minifySyntax: true,
    legalComments: "none",
    plugins: [devtoolsStub],
    banner: {
      js: "import { createRequire as __vigilCreateRequire } from 'node:module';\nconst require = __vigilCreateRequire(import.meta.url);",
    },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  return outfile;
}
