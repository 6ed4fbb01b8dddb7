/**
 * `npm run package`: vigil as one executable file per platform — dist/package/linux-x64/vigil (and
 * linux-arm64 with `--arch arm64` or `--arch all`) — built with Node's single-executable-application
 * support (SEA): a copy of the Node 24 binary with the program injected as a blob (postject). The file
 * needs no Node or npm on the machine; node:sqlite is part of the binary.
 *
 * What the blob holds (the SEA's main script must be CommonJS on Node 24, the CLI is ESM with top-level
 * await, so the main script is a small loader):
 * - main: the loader (LOADER below): it imports one of the two ESM bundles from its asset through a
 *   `data:` URL — `vigil.mjs` (src/cli/main.ts, everything in one file), or `browser-child.mjs` (a browser
 *   check's script process, src/service/runners/browser/script-child.ts) when started as that;
 * - `browser-runtime`: the packages browser checks load from disk at run time (Playwright, and unless
 *   `--no-chromium` the packaged Chromium of @sparticuz/chromium) as one archive, unpacked on first use
 *   (src/service/runners/browser/runtime.ts).
 * In the bundles `import.meta.url` is the executable's own file URL, so code that starts vigil again
 * (the background `vigil serve`, the demo's agent) starts this file (`node:sea` isSea()).
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
import { build } from "esbuild";

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
 * The browser runtime archive: `VIGILRT1`, a 4-byte length, a JSON index [{path, mode, size, br}], then
 * the files' bytes in index order; files that are not already compressed are brotli-compressed (`br`).
 * Paths are relative to node_modules' parent (`node_modules/...`), so the unpacked tree resolves as here.
 */
function browserArchive(withChromium: boolean): Buffer {
  const modulesDir = realpathSync(join(ROOT, "node_modules"));
  const pkgs = packageClosure(withChromium ? [...BROWSER_PACKAGES, CHROMIUM_PACKAGE] : BROWSER_PACKAGES);
  const index: { path: string; mode: number; size: number; br: boolean }[] = [];
  const blobs: Buffer[] = [];
  for (const dir of pkgs)
    for (const file of files(dir)) {
      const rel = relative(dirname(modulesDir), file);
      // types, maps and readmes are not loaded at run time
      if (/\.(d\.ts|map|md)$/.test(rel) && !rel.endsWith("package.json")) continue;
      const raw = readFileSync(file);
      const br = !rel.endsWith(".br") && raw.length > 512;
      const bytes = br ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : raw;
      index.push({ path: rel, mode: statSync(file).mode & 0o777, size: bytes.length, br });
      blobs.push(bytes);
    }
  const head = Buffer.from(JSON.stringify(index));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(head.length);
  return Buffer.concat([Buffer.from("VIGILRT1"), len, head, ...blobs]);
}

/**
 * The SEA's main script (CommonJS): import the ESM bundle from its asset. `process.argv[1]` becomes the
 * executable (the CLI's is-main check), `import.meta.url` in the bundles reads globalThis.__vigilSelfUrl.
 */
const LOADER = `"use strict";
const sea = require("node:sea");
const { pathToFileURL } = require("node:url");
globalThis.__vigilSelfUrl = pathToFileURL(process.execPath).href;
process.argv[1] = process.execPath;
const child = process.env.VIGIL_SEA_ROLE === "browser-child";
const src = Buffer.from(sea.getRawAsset(child ? "browser-child.mjs" : "vigil.mjs")).toString("base64");
import("data:text/javascript;base64," + src).catch((e) => {
  process.stderr.write("vigil: cannot start: " + (e && e.message ? e.message : String(e)) + "\\n");
  process.exit(1);
});
`;

async function bundles(dir: string): Promise<void> {
  await build({
    entryPoints: {
      vigil: "src/cli/main.ts",
      "browser-child": "src/service/runners/browser/script-child.ts",
    },
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    absWorkingDir: ROOT,
    bundle: true,
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node24",
    minify: true,
    legalComments: "none",
    // loaded from the unpacked browser runtime at run time (src/service/runners/browser/runtime.ts)
    external: [...BROWSER_PACKAGES, CHROMIUM_PACKAGE, "chromium-bidi", "electron", "cpu-features", "*.node"],
    plugins: [
      {
        name: "react-devtools-core-stub",
        setup(b) {
          b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "x", namespace: "stub" }));
          b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
            contents: "export default { initialize() {}, connectToDevTools() {} };",
            loader: "js",
          }));
        },
      },
    ],
    define: { "process.env.NODE_ENV": '"production"', "import.meta.url": "globalThis.__vigilSelfUrl" },
    banner: {
      js: [
        "import { createRequire as __vigilCreateRequire } from 'node:module';",
        "const require = __vigilCreateRequire(process.execPath);",
        // CommonJS packages bundled here read these (ssh2's wasm crypto names its directory)
        "const __filename = process.execPath;",
        "const __dirname = (await import('node:path')).dirname(process.execPath);",
      ].join("\n"),
    },
    logLevel: "warning",
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
  // a build dir of this process's own: builds started at once (parallel test runs) do not share files
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(OUT, ".build-"));
  try {
    const step = (name: string, t0: number) =>
      console.error(`package: ${name} ${Math.round(performance.now() - t0)} ms`);
    let t0 = performance.now();
    await bundles(work);
    writeFileSync(join(work, "loader.cjs"), LOADER);
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
