/**
 * Bundle the CLI (console, commands and embedded service) into dist/vigil.js (+ dist/chunks/) with
 * esbuild, so that `npx vigil` starts from a few minified files instead of resolving hundreds of modules.
 * Runs on `npm install` (prepare) and before `npm start`.
 */
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { build, type Plugin } from "esbuild";
import { FORGET_LAUNCHER_ENV, LAUNCHER } from "../src/cli/launcher.ts";
import { NODE_GUARD } from "../src/cli/node-guard.ts";
import { lazyEmoji } from "./build/lazy-emoji.ts";
import { terminalSizeLazyExec } from "./build/terminal-size-lazy-exec.ts";
import { yogaNoFetch } from "./build/yoga-no-fetch.ts";
import { zodEnglish } from "./build/zod-english.ts";

/**
 * ink imports `react-devtools-core` (an optional package we do not install) only when DEV=true and the
 * package resolves. Bundled, that import would become a top-level static import and fail at start, so it
 * is replaced by an inert stub.
 */
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

const started = performance.now();
rmSync("dist/chunks", { recursive: true, force: true });
rmSync("dist/vigil.js.map", { force: true });
await build({
  // Split at dynamic imports: the console, the scriptable commands and the embedded service are separate
  // chunks, so each start parses only what its path needs.
  // browser-child: the process a browser check's script runs in (src/service/runners/browser/)
  entryPoints: {
    "vigil-main": "src/cli/main.ts",
    "browser-child": "src/service/runners/browser/script-child.ts",
  },
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: "linked",
  // VIGIL_BUILD_NAMES=1: not minified, for a CPU profile that names its functions
  minify: process.env.VIGIL_BUILD_NAMES !== "1",
  legalComments: "none",
  // Playwright and the packaged Chromium are large and load their own files at run time (the Chromium
  // package unpacks its binary from its own directory); they are only needed for browser checks.
  external: [
    "playwright-core",
    "playwright",
    "@playwright/test",
    "@sparticuz/chromium",
    "chromium-bidi",
    "electron",
    // ssh2 (vigil share) loads optional native crypto add-ons (.node files) at run time
    "ssh2",
  ],
  plugins: [devtoolsStub, lazyEmoji, yogaNoFetch, zodEnglish, terminalSizeLazyExec],
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
/**
 * dist/vigil.js, the program: it turns V8's compile cache on, then imports the CLI. The cache has to be on
 * before the CLI's modules are parsed — main.ts turns it on in its body, which runs only after its static
 * imports (the configuration schema with zod, ~450 KB) were parsed without it: ~25 ms of every start.
 * argv[1] is pointed at the imported module, which runs itself when it is the program (main.ts
 * isMainModule). Before all of it, the Node version guard (src/cli/node-guard.ts); and before that, the
 * file's first lines are a launcher in sh (src/cli/launcher.ts): the `vigil` command runs this file through
 * /bin/sh, which starts Node on it with glibc's malloc arenas limited — a setting only a process's start
 * can make (issue 27: the console's RSS at 10,000 checks sat at its 100 MB budget).
 */
writeFileSync(
  "dist/vigil.js",
  [
    // sh lines that JavaScript reads as string statements and comments
    LAUNCHER,
    // first: a Node older than 24 is told so in one line, before anything imports node:sqlite
    NODE_GUARD,
    // what the launcher put in the environment is this process's only
    FORGET_LAUNCHER_ENV,
    // dynamic imports, so the guard above runs before any of them (static ones would be loaded first)
    'const { default: module } = await import("node:module");',
    'const { fileURLToPath } = await import("node:url");',
    "module.enableCompileCache?.();",
    'const main = new URL("./vigil-main.js", import.meta.url);',
    "process.argv[1] = fileURLToPath(main);",
    "await import(main.href);",
    "",
  ].join("\n"),
);
chmodSync("dist/vigil.js", 0o755);
if (process.env.npm_lifecycle_event !== "prestart")
  console.error(`built dist/vigil.js in ${Math.round(performance.now() - started)} ms`);
