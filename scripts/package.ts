/**
 * `npm run package`: vigil as one executable file per platform — dist/package/linux-x64/vigil (and
 * linux-arm64 with `--arch arm64` or `--arch all`) — built with Node's single-executable-application
 * support (SEA): a copy of the Node 24 binary with the program injected as a blob (postject). The file
 * needs no Node or npm on the machine; node:sqlite is part of the binary.
 *
 * What the blob holds (the SEA's main script must be CommonJS on Node 24, the CLI is ESM with top-level
 * await, so the main script is a small loader, LOADER below):
 * - `app`: the CLI split like dist/ (vigil-main.js + chunks), unpacked once per build into the cache dir
 *   and imported from there with V8's compile cache; `vigil.mjs`, the CLI in one file, imported through a
 *   `data:` URL where no cache dir can be written; `browser-child.mjs`, a browser check's script process
 *   (src/service/runners/browser/script-child.ts);
 * - `browser-runtime`: the packages browser checks load from disk at run time (Playwright, and unless
 *   `--no-chromium` the packaged Chromium of @sparticuz/chromium) as one archive, unpacked on first use
 *   (src/service/runners/browser/runtime.ts).
 * Code that starts vigil again (the background `vigil serve`, the demo's agent, a browser check's script
 * process) starts this file (`node:sea` isSea()).
 *
 * Cached: the inputs (sources, lock file, this script, the Node binary, the flags) are hashed; an
 * executable built from the same inputs is kept (`--force` builds anyway). Prints where the file is,
 * its size and the build time.
 */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { type BuildOptions, build, type Plugin } from "esbuild";
import { lazyEmoji } from "./build/lazy-emoji.ts";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist/package");
const NODE_VERSION = process.versions.node;
/** The packages a browser check loads from disk (with their dependencies): Playwright and the Chromium. */
const BROWSER_PACKAGES = ["playwright-core", "playwright", "@playwright/test"];
const CHROMIUM_PACKAGE = "@sparticuz/chromium";

type Arch = "x64" | "arm64";

function parseArgs(argv: string[]): { arches: Arch[]; chromium: boolean; force: boolean } {
  let arches: Arch[] = [process.arch === "arm64" ? "arm64" : "x64"];
  let chromium = true;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--no-chromium") chromium = false;
    else if (a === "--force") force = true;
    else if (a === "--arch") {
      const v = argv[++i];
      if (v === "all") arches = ["x64", "arm64"];
      else if (v === "x64" || v === "arm64") arches = [v];
      else fail(`--arch must be x64, arm64 or all, got "${v ?? ""}"`);
    } else fail(`unknown option ${a} (npm run package -- [--arch x64|arm64|all] [--no-chromium] [--force])`);
  }
  return { arches, chromium, force };
}

function fail(message: string): never {
  console.error(`package: ${message}`);
  process.exit(2);
}

/** Every file under a path (sorted, so the hash and the archive do not depend on directory order). */
function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** The package directories of `names` and everything they depend on, as installed in node_modules. */
function packageClosure(names: string[]): string[] {
  const seen = new Map<string, string>();
  const visit = (name: string, from: string) => {
    const req = createRequire(join(from, "package.json"));
    let pkgJson: string;
    try {
      pkgJson = req.resolve(`${name}/package.json`);
    } catch {
      // package.json not exported: find the directory from node_modules upwards
      let dir = from;
      for (;;) {
        const candidate = join(dir, "node_modules", name, "package.json");
        if (existsSync(candidate)) {
          pkgJson = realpathSync(candidate);
          break;
        }
        const up = dirname(dir);
        if (up === dir) return; // an optional dependency not installed (another platform's)
        dir = up;
      }
    }
    const dir = dirname(pkgJson);
    if (seen.has(dir)) return;
    seen.set(dir, name);
    const j = JSON.parse(readFileSync(pkgJson, "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...j.dependencies, ...j.optionalDependencies })) visit(dep, dir);
  };
  for (const n of names) visit(n, ROOT);
  return [...seen.keys()].sort();
}

/**
 * An archive (the format runtime.ts and LOADER read): `VIGILRT1`, a 4-byte length, a JSON index
 * [{path, mode, size, br}], then the files' bytes in index order, brotli-compressed where `br`.
 */
function archive(entries: { path: string; file: string; compress: boolean }[]): Buffer {
  const index: { path: string; mode: number; size: number; br: boolean }[] = [];
  const blobs: Buffer[] = [];
  for (const e of entries) {
    const raw = readFileSync(e.file);
    const br = e.compress && !e.path.endsWith(".br") && raw.length > 512;
    const bytes = br ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : raw;
    index.push({ path: e.path, mode: statSync(e.file).mode & 0o777, size: bytes.length, br });
    blobs.push(bytes);
  }
  const head = Buffer.from(JSON.stringify(index));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(head.length);
  return Buffer.concat([Buffer.from("VIGILRT1"), len, head, ...blobs]);
}

/**
 * The browser runtime: the browser packages and their dependencies, at paths relative to node_modules'
 * parent (`node_modules/...`), so the unpacked tree resolves as here; types, maps and readmes left out.
 */
function browserArchive(withChromium: boolean): Buffer {
  const modulesDir = realpathSync(join(ROOT, "node_modules"));
  const pkgs = packageClosure(withChromium ? [...BROWSER_PACKAGES, CHROMIUM_PACKAGE] : BROWSER_PACKAGES);
  return archive(
    pkgs
      .flatMap((dir) => files(dir))
      .map((file) => ({ path: relative(dirname(modulesDir), file), file, compress: true }))
      .filter((e) => !/\.(d\.ts|map|md)$/.test(e.path)),
  );
}

/**
 * The SEA's main script (CommonJS; APP_HASH is filled in). The CLI, split like dist/ (vigil-main.js and
 * its chunks, so a start parses only what its path needs), is unpacked from the `app` asset once per
 * build into `$XDG_CACHE_HOME/vigil/app/<hash>/` (0700; in a directory of its own, then renamed into
 * place) and imported from there with V8's compile cache on — as fast to start as dist/vigil.js. Where
 * no cache dir can be written, the single-file bundle `vigil.mjs` is imported from its asset through a
 * `data:` URL instead (slower: no cache, everything parsed). A browser check's script process
 * (VIGIL_SEA_ROLE=browser-child) is the small `browser-child.mjs`, from its asset likewise.
 * In the data: bundles `import.meta.url` reads globalThis.__vigilSelfUrl, the executable's own URL.
 */
const LOADER = `"use strict";
const sea = require("node:sea");
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const { pathToFileURL } = require("node:url");
const APP_HASH = "@APP_HASH@";
globalThis.__vigilSelfUrl = pathToFileURL(process.execPath).href;
process.argv[1] = process.execPath;
function fromAsset(name) {
  return import("data:text/javascript;base64," + Buffer.from(sea.getRawAsset(name)).toString("base64"));
}
function unpacked() {
  const root = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "vigil", "app");
  const dir = path.join(root, APP_HASH);
  if (fs.existsSync(path.join(dir, "vigil-main.js"))) return dir;
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(root, ".unpack-"));
  try {
    const buf = Buffer.from(sea.getRawAsset("app"));
    const headLen = buf.readUInt32BE(8);
    let at = 12 + headLen;
    for (const e of JSON.parse(buf.subarray(12, at).toString("utf8"))) {
      const file = path.join(work, path.normalize(e.path));
      if (!file.startsWith(work + path.sep)) throw new Error("bad path " + e.path);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, buf.subarray(at, at + e.size), { mode: 0o600 });
      at += e.size;
    }
    fs.renameSync(work, dir);
  } catch (e) {
    fs.rmSync(work, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, "vigil-main.js"))) throw e;
  }
  return dir;
}
function start() {
  if (process.env.VIGIL_SEA_ROLE === "browser-child") return fromAsset("browser-child.mjs");
  let dir;
  try {
    dir = unpacked();
  } catch {
    return fromAsset("vigil.mjs");
  }
  const main = path.join(dir, "vigil-main.js");
  process.argv[1] = main;
  require("node:module").enableCompileCache?.();
  return import(pathToFileURL(main).href);
}
start().catch((e) => {
  process.stderr.write("vigil: cannot start: " + (e && e.message ? e.message : String(e)) + "\\n");
  process.exit(1);
});
`;

/** react-devtools-core: as in scripts/build.ts, an inert stub (ink imports it only with DEV=true). */
const devtoolsStub: Plugin = {
  name: "react-devtools-core-stub",
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "x", namespace: "stub" }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
      contents: "export default { initialize() {}, connectToDevTools() {} };",
      loader: "js",
    }));
  },
};

/**
 * The bundles: `app/` (the CLI split at its dynamic imports, like dist/: vigil-main.js + chunks/), and the
 * single files `vigil.mjs` (the fallback) and `browser-child.mjs`. Unlike dist/, ssh2 (`vigil share`) is
 * bundled: its optional native add-ons are left out, it falls back to its JavaScript crypto.
 */
async function bundles(dir: string): Promise<void> {
  const common: BuildOptions = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    legalComments: "none",
    // loaded from the unpacked browser runtime at run time (src/service/runners/browser/runtime.ts)
    external: [...BROWSER_PACKAGES, CHROMIUM_PACKAGE, "chromium-bidi", "electron", "cpu-features", "*.node"],
    // string-width's emoji expression built on first need, as in dist/ (scripts/build/lazy-emoji.ts)
    plugins: [devtoolsStub, lazyEmoji],
    logLevel: "warning",
  };
  // CommonJS packages bundled here read require, __filename and __dirname (ssh2's wasm crypto)
  const cjsGlobals = (self: string) => [
    "import { createRequire as __vigilCreateRequire } from 'node:module';",
    "import { fileURLToPath as __vigilFileURLToPath } from 'node:url';",
    "import { dirname as __vigilDirname } from 'node:path';",
    `const require = __vigilCreateRequire(${self});`,
    `const __filename = __vigilFileURLToPath(${self});`,
    "const __dirname = __vigilDirname(__filename);",
  ];
  await build({
    ...common,
    entryPoints: { "vigil-main": "src/cli/main.ts" },
    outdir: join(dir, "app"),
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    define: { "process.env.NODE_ENV": '"production"' },
    banner: { js: cjsGlobals("import.meta.url").join("\n") },
  });
  writeFileSync(join(dir, "app", "package.json"), '{ "type": "module" }\n');
  await build({
    ...common,
    entryPoints: {
      vigil: "src/cli/main.ts",
      "browser-child": "src/service/runners/browser/script-child.ts",
    },
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    splitting: false,
    define: { "process.env.NODE_ENV": '"production"', "import.meta.url": "globalThis.__vigilSelfUrl" },
    banner: { js: cjsGlobals("globalThis.__vigilSelfUrl").join("\n") },
  });
}

/** The Node 24 binary of an architecture: this one, or the `node-linux-<arch>` package from npm. */
function nodeBinary(arch: Arch, cache: string): string {
  if (arch === process.arch) return process.execPath;
  const dir = join(cache, `node-linux-${arch}-${NODE_VERSION}`);
  const bin = join(dir, "package/bin/node");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const tgz = execFileSync("npm", ["pack", `node-linux-${arch}@${NODE_VERSION}`, "--silent"], {
    cwd: dir,
    encoding: "utf8",
  }).trim();
  execFileSync("tar", ["-xzf", tgz], { cwd: dir });
  rmSync(join(dir, tgz));
  return bin;
}

function inputsHash(o: { chromium: boolean }): string {
  const h = createHash("sha256");
  h.update(`${NODE_VERSION} chromium=${o.chromium}\n`);
  const inputs = ["src", "patches", "package.json", "package-lock.json", "scripts/package.ts"];
  for (const f of inputs.flatMap((p) => files(join(ROOT, p)))) {
    h.update(relative(ROOT, f));
    h.update(readFileSync(f));
  }
  return h.digest("hex");
}

const opts = parseArgs(process.argv.slice(2));
const started = performance.now();
const hash = inputsHash(opts);
const stale = opts.arches.filter((arch) => {
  const dir = join(OUT, `linux-${arch}`);
  const fresh =
    existsSync(join(dir, "vigil")) &&
    existsSync(join(dir, ".inputs")) &&
    readFileSync(join(dir, ".inputs"), "utf8") === hash;
  if (fresh && !opts.force) console.error(`package: ${relative(ROOT, join(dir, "vigil"))} is up to date`);
  return opts.force || !fresh;
});
if (stale.length > 0) {
  // a build dir of this process's own: builds started at once (parallel test runs) do not share files;
  // one left by a killed build (~300 MB) is removed once it is an hour old
  mkdirSync(OUT, { recursive: true });
  for (const name of readdirSync(OUT))
    if (name.startsWith(".build-") && Date.now() - statSync(join(OUT, name)).mtimeMs > 3_600_000)
      rmSync(join(OUT, name), { recursive: true, force: true });
  const work = mkdtempSync(join(OUT, ".build-"));
  try {
    const step = (name: string, t0: number) =>
      console.error(`package: ${name} ${Math.round(performance.now() - t0)} ms`);
    let t0 = performance.now();
    await bundles(work);
    const app = archive(
      files(join(work, "app")).map((file) => ({
        path: relative(join(work, "app"), file),
        file,
        compress: false,
      })),
    );
    writeFileSync(join(work, "app.archive"), app);
    const appHash = createHash("sha256").update(app).digest("hex").slice(0, 16);
    writeFileSync(join(work, "loader.cjs"), LOADER.replace("@APP_HASH@", appHash));
    step("bundles", t0);
    t0 = performance.now();
    // the installed Chromium package's binary is x64: on arm64 browser checks use a system Chromium
    writeFileSync(join(work, "browser-runtime-x64"), browserArchive(opts.chromium));
    if (stale.includes("arm64")) writeFileSync(join(work, "browser-runtime-arm64"), browserArchive(false));
    step("browser runtime archive", t0);
    for (const arch of stale) {
      t0 = performance.now();
      const dir = join(OUT, `linux-${arch}`);
      const config = {
        main: join(work, "loader.cjs"),
        output: join(work, `sea-${arch}.blob`),
        disableExperimentalSEAWarning: true,
        useSnapshot: false,
        useCodeCache: false, // import() does not work with the code cache
        assets: {
          app: join(work, "app.archive"),
          "vigil.mjs": join(work, "vigil.mjs"),
          "browser-child.mjs": join(work, "browser-child.mjs"),
          "browser-runtime": join(work, `browser-runtime-${arch}`),
        },
      };
      writeFileSync(join(work, `sea-${arch}.json`), JSON.stringify(config, null, 2));
      execFileSync(process.execPath, ["--experimental-sea-config", join(work, `sea-${arch}.json`)], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      const exe = join(work, `vigil-${arch}`);
      copyFileSync(nodeBinary(arch, join(ROOT, "node_modules/.cache/vigil-package")), exe);
      chmodSync(exe, 0o755);
      execFileSync(
        join(ROOT, "node_modules/.bin/postject"),
        [
          exe,
          "NODE_SEA_BLOB",
          config.output,
          "--sentinel-fuse",
          "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
        ],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      // into place by rename: a running copy (a background `vigil serve`) keeps its file
      mkdirSync(dir, { recursive: true });
      renameSync(exe, join(dir, "vigil"));
      writeFileSync(join(dir, ".inputs"), hash);
      const mb = (statSync(join(dir, "vigil")).size / 1e6).toFixed(1);
      step(`${relative(ROOT, join(dir, "vigil"))} (${mb} MB)`, t0);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.error(`package: ${Math.round(performance.now() - started)} ms`);
