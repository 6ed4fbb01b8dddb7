/**
 * Which Chromium browser checks run on, found once per process:
 * 1. `VIGIL_CHROMIUM` — a path to a Chromium/Chrome binary; when set it is the only one tried;
 * 2. a system Chromium: /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome;
 * 3. the Chromium that ships inside the `@sparticuz/chromium` npm package (Linux x64/arm64, no download,
 *    no apt step; the single executable carries the package: runtime.ts), unpacked once into a private
 *    cache dir (`$XDG_CACHE_HOME/vigil/chromium/<version>`,
 *    0700 — not the shared /tmp, where another user could plant a binary).
 * None usable → `unavailable` with the reason: browser runs then report "cannot run here" (never a fake
 * pass, never a check failure). The flags are our own (headless shell, no GPU, no background networking
 * so the browser calls nothing but what the check loads); not the package's Lambda flags, which turn web
 * security off.
 */
import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { errorMessage } from "../../../shared/errors.ts";
import { isObject, parseJsonAs } from "../../../shared/json.ts";
import { browserRuntime } from "./runtime.ts";

export type Chromium =
  | { executablePath: string; args: string[]; env: Record<string, string>; source: string }
  | { unavailable: string };

export const CHROMIUM_ARGS = [
  "--headless=shell",
  "--no-zygote",
  "--disable-gpu",
  "--in-process-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-domain-reliability",
  "--no-first-run",
  "--no-default-browser-check",
  "--no-pings",
  "--font-render-hinting=none",
  "--js-flags=--max-old-space-size=512",
];

const SYSTEM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Root cannot use Chromium's sandbox without a setuid helper; others keep it. */
function args(): string[] {
  return process.getuid?.() === 0 ? [...CHROMIUM_ARGS, "--no-sandbox"] : CHROMIUM_ARGS;
}

/**
 * The packaged fonts.conf names Lambda's paths (/tmp/fonts, /var/task/fonts): on any other machine it finds
 * no font at all, and Chromium's renderer dies at the first text it lays out ("Browser closed"). Ours names
 * the fonts unpacked beside the binary and the system's, with its cache in the same private directory.
 */
function fontConfig(home: string): string {
  const dir = join(home, "fontconfig");
  const file = join(dir, "fonts.conf");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    const dirs = [join(home, "fonts", "fonts"), "/usr/share/fonts", "/usr/local/share/fonts"];
    const xml = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      "<fontconfig>",
      ...dirs.map((d) => `  <dir>${esc(d)}</dir>`),
      `  <cachedir>${esc(join(dir, "cache"))}</cachedir>`,
      "</fontconfig>",
      "",
    ].join("\n");
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, xml, { mode: 0o600 });
    renameSync(tmp, file);
  }
  return dir;
}

function cacheDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "vigil", "chromium");
}

/**
 * The packaged Chromium, unpacked on first use (~2 s, ~200 MB) into `<cache>/<version>/`: unpacked in a
 * directory of its own, then renamed into place, so processes starting at once never run a half-written
 * binary (the one that loses the rename uses the winner's).
 */
async function bundled(env: NodeJS.ProcessEnv): Promise<Chromium> {
  if (process.platform !== "linux" || !["x64", "arm64"].includes(process.arch))
    return { unavailable: `no Chromium for ${process.platform}/${process.arch}: set VIGIL_CHROMIUM` };
  const rt = await browserRuntime(env);
  let entry: string;
  try {
    entry = rt.resolve("@sparticuz/chromium");
  } catch {
    return {
      unavailable: `no packaged Chromium in ${rt.source}: install chromium or set VIGIL_CHROMIUM`,
    };
  }
  const mod = await rt.load("@sparticuz/chromium");
  // its default export is a class with static methods (a function), or an object
  const pkg: unknown = isObject(mod) ? mod.default : undefined;
  const executablePath: unknown =
    typeof pkg === "function" || isObject(pkg) ? Reflect.get(pkg, "executablePath") : undefined;
  if (typeof executablePath !== "function")
    return { unavailable: `@sparticuz/chromium in ${rt.source} has no executablePath()` };
  const unpackChromium = (): unknown => Reflect.apply(executablePath, pkg, []);
  // its package.json is not exported: read it beside the resolved entry (build/index.js)
  const pkgJson = join(dirname(entry), "..", "package.json");
  const version = parseJsonAs(
    readFileSync(pkgJson, "utf8"),
    z.object({ version: z.string().min(1) }),
    pkgJson,
  ).version;
  const home = join(cacheDir(env), version);
  if (!existsSync(join(home, "chromium"))) {
    mkdirSync(cacheDir(env), { recursive: true, mode: 0o700 });
    const work = mkdtempSync(join(cacheDir(env), ".unpack-"));
    // the package unpacks into os.tmpdir(), read when called: point it at our directory meanwhile
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = work;
    try {
      await unpackChromium();
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    try {
      renameSync(work, home);
    } catch {
      rmSync(work, { recursive: true, force: true }); // another process was first
    }
  }
  return {
    executablePath: join(home, "chromium"),
    args: args(),
    env: { FONTCONFIG_PATH: fontConfig(home) },
    source: "bundled (@sparticuz/chromium)",
  };
}

/** Whether the binary starts at all (a missing library shows here, once, not in every run). */
function starts(path: string): string | undefined {
  const r = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 10_000 });
  if (r.status === 0) return undefined;
  return (r.stderr || r.error?.message || `exit ${r.status}`).trim().split("\n")[0];
}

async function locate(env: NodeJS.ProcessEnv): Promise<Chromium> {
  const own = env.VIGIL_CHROMIUM?.trim();
  if (own) {
    if (!executable(own)) return { unavailable: `VIGIL_CHROMIUM=${own} is not an executable file` };
    const why = starts(own);
    return why
      ? { unavailable: `VIGIL_CHROMIUM=${own} does not start: ${why}` }
      : { executablePath: own, args: args(), env: {}, source: "VIGIL_CHROMIUM" };
  }
  const system = SYSTEM.find(executable);
  if (system && !starts(system)) return { executablePath: system, args: args(), env: {}, source: "system" };
  try {
    const b = await bundled(env);
    if ("unavailable" in b) return b;
    const why = starts(b.executablePath);
    return why ? { unavailable: `the packaged Chromium does not start here: ${why}` } : b;
  } catch (err) {
    return { unavailable: `no usable Chromium: ${errorMessage(err).split("\n")[0]}` };
  }
}

let found: Promise<Chromium> | undefined;

/** The Chromium of this process (looked for once). */
export function chromium(env: NodeJS.ProcessEnv = process.env): Promise<Chromium> {
  found ??= locate(env);
  return found;
}

/** Forget what was found (tests switch VIGIL_CHROMIUM). */
export function forgetChromium(): void {
  found = undefined;
}
