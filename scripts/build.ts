/**
 * Bundle the CLI (console, commands and embedded service) into dist/vigil.js with esbuild, so that
 * `npx vigil` starts from one file instead of resolving hundreds of modules. Runs on `npm install`
 * (prepare) and before `npm start`.
 */
import { chmodSync } from "node:fs";
import { build } from "esbuild";

const started = performance.now();
await build({
  entryPoints: ["src/cli/main.ts"],
  outfile: "dist/vigil.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: "linked",
  minifySyntax: true,
  legalComments: "none",
  // playwright-core is large and loads its own files at run time; it is only needed for browser checks.
  external: ["playwright-core", "chromium-bidi", "electron"],
  banner: {
    js: [
      "#!/usr/bin/env node",
      "import { createRequire as __vigilCreateRequire } from 'node:module';",
      "const require = __vigilCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
chmodSync("dist/vigil.js", 0o755);
if (process.env.npm_lifecycle_event !== "prestart")
  console.error(`built dist/vigil.js in ${Math.round(performance.now() - started)} ms`);
