/**
 * Where browser checks load their packages from — Playwright (playwright-core, playwright, @playwright/test)
 * and the packaged Chromium (@sparticuz/chromium), which read their own files at run time and so are not
 * bundled:
 * - from source and from the npm bundle: this package's node_modules;
 * - in the single executable (`npm run package`, scripts/package.ts): the packages carried in the file as
 *   its `browser-runtime` asset, unpacked on first use into a private cache dir
 *   (`$XDG_CACHE_HOME/vigil/runtime/<hash of the archive>/node_modules/`, 0700), in a directory of its
 *   own then renamed into place, so processes starting at once never load a half-written tree.
 * The archive's format is scripts/package.ts's: `VIGILRT1`, a 4-byte length, a JSON index
 * [{path, mode, size, br}], the files' bytes in index order (brotli-compressed where `br`).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { getRawAsset, isSea } from "node:sea";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliDecompress as brotliDecompressCb } from "node:zlib";
import { z } from "zod";
import { parseJsonAs } from "../../../shared/json.ts";

const brotliDecompress = promisify(brotliDecompressCb);

export type BrowserRuntime = {
  /** Resolves a package's entry file. */
  resolve(name: string): string;
  /** Imports a package (ESM or CommonJS) by its resolved entry. */
  load(name: string): Promise<unknown>;
  /** Where the packages come from, for messages. */
  source: string;
};

const indexSchema = z.array(
  z.object({
    path: z.string(),
    mode: z.number().int(),
    size: z.number().int().nonnegative(),
    br: z.boolean(),
  }),
);

const MAGIC = "VIGILRT1";

/**
 * Unpack the archive into `dir` (which must not exist yet), asynchronously: the service goes on answering
 * while ~90 MB are written.
 */
export async function unpack(archive: Uint8Array, dir: string): Promise<void> {
  const buf = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  if (buf.subarray(0, MAGIC.length).toString("latin1") !== MAGIC)
    throw new Error("the browser runtime in this file is damaged");
  const headLen = buf.readUInt32BE(MAGIC.length);
  let at = MAGIC.length + 4;
  const index = parseJsonAs(
    buf.subarray(at, at + headLen).toString("utf8"),
    indexSchema,
    "the browser runtime's index (damaged file)",
  );
  at += headLen;
  for (const e of index) {
    const path = normalize(e.path);
    if (path.startsWith("..") || path.startsWith("/"))
      throw new Error(`bad path in the browser runtime: ${e.path}`);
    const bytes = buf.subarray(at, at + e.size);
    at += e.size;
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, e.br ? await brotliDecompress(bytes) : bytes, { mode: e.mode & 0o755 });
  }
}

function cacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "vigil", "runtime");
}

/** The single executable's packages, unpacked (once per archive) into the cache dir: that directory. */
async function unpacked(env: NodeJS.ProcessEnv): Promise<string> {
  const archive = new Uint8Array(getRawAsset("browser-runtime"));
  const hash = createHash("sha256").update(archive).digest("hex").slice(0, 16);
  const home = join(cacheDir(env), hash);
  if (existsSync(join(home, "node_modules"))) return home;
  mkdirSync(cacheDir(env), { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(cacheDir(env), ".unpack-"));
  try {
    await unpack(archive, work);
    renameSync(work, home);
  } catch (e) {
    rmSync(work, { recursive: true, force: true }); // another process was first, or the unpack failed
    if (!existsSync(join(home, "node_modules"))) throw e;
  }
  return home;
}

function runtimeAt(from: string, source: string): BrowserRuntime {
  const req = createRequire(from);
  return {
    resolve: (name) => req.resolve(name),
    load: async (name): Promise<unknown> => import(pathToFileURL(req.resolve(name)).href),
    source,
  };
}

let found: Promise<BrowserRuntime> | undefined;

/** The browser packages of this process (unpacked on first use in the single executable). */
export function browserRuntime(env: NodeJS.ProcessEnv = process.env): Promise<BrowserRuntime> {
  found ??= isSea()
    ? unpacked(env).then((dir) => runtimeAt(join(dir, "index.js"), "the packages carried in this vigil file"))
    : Promise.resolve(runtimeAt(import.meta.url, "node_modules"));
  // a failed unpack (a full disk) is tried again by the next run
  found.catch(() => {
    found = undefined;
  });
  return found;
}
