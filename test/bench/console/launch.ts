/**
 * Launch helpers shared by the console benchmarks: the environment the console runs with (clean, HOME
 * and XDG dirs in a temp dir, TERM=xterm-256color, pointed at a served API) and percentile maths.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BUNDLE, CACHE_HOME, NODE, ROOT } from "../../e2e/support/paths.ts";
import { Pty } from "./pty.ts";

let base: string | undefined;
/** One temp dir per bench process for every launch's HOME, removed when the process exits. */
function homeBase(): string {
  if (base === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "vigil-bench-home-"));
    base = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return base;
}

/**
 * The environment of a console the benchmarks start: Node 24's directory first on PATH, as `npx vigil` and
 * `npm start` have it (npm puts node_modules/.bin first), so the bundle's launcher finds that Node.
 */
export function consoleEnv(api?: { url: string; apiKey: string }): Record<string, string> {
  const home = mkdtempSync(join(homeBase(), "h-"));
  return {
    PATH: `${dirname(NODE)}:/usr/bin:/bin`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_CACHE_HOME: CACHE_HOME,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    ...(api ? { VIGIL_BASE_URL: api.url, VIGIL_API_KEY: api.apiKey } : {}),
    // the full re-read of the checks list and statuses sooner than every 5 minutes, to watch it
    ...(process.env.VIGIL_BENCH_FULL_READ_S
      ? { VIGIL_FULL_READ_SECONDS: process.env.VIGIL_BENCH_FULL_READ_S }
      : {}),
  };
}

/**
 * The console as a user starts it: the bundle run as the program (`vigil`: npm's bin link to it, `npx
 * vigil`, `npm start`), through its own first line — since the launcher (src/cli/launcher.ts) that is
 * /bin/sh, which starts Node with the console's settings; `node dist/vigil.js` would skip them, and the
 * figure would not be the user's. With `nodeFlags` (VIGIL_BENCH_CONSOLE_FLAGS: a profile, a GC trace) Node
 * is started on the bundle directly, without the launcher's settings.
 */
export function startConsole(
  api: { url: string; apiKey: string },
  cols: number,
  rows: number,
  args: string[] = [],
  bundle = BUNDLE,
  nodeFlags: readonly string[] = [],
): Pty {
  return new Pty({
    argv: nodeFlags.length > 0 ? [NODE, ...nodeFlags, bundle, ...args] : [bundle, ...args],
    env: consoleEnv(api),
    cwd: ROOT,
    cols,
    rows,
  });
}

/**
 * The builds a benchmark runs, to compare them in one run: VIGIL_BENCH_BUNDLES="before=/a/dist/vigil.js,
 * after=/b/dist/vigil.js" (default: this checkout's dist/vigil.js as "current").
 */
export function benchBundles(): { label: string; file: string }[] {
  const spec = process.env.VIGIL_BENCH_BUNDLES;
  if (!spec) return [{ label: "current", file: BUNDLE }];
  return spec.split(",").map((pair) => {
    const [label = "", file = ""] = pair.split("=");
    return { label, file };
  });
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A child process spinning on a core, for the "busy CPU beside it" figures: resolves once the child says
 * it has reached its loop (its first line), so the measuring starts with the core already taken.
 */
export async function busyCore(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", 'process.stdout.write("spinning\\n"); for (;;) {}'], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("the busy child never said it was spinning")), 10_000);
    child.stdout?.once("data", () => {
      clearTimeout(t);
      resolve();
    });
    child.once("error", reject);
  }).catch((e: unknown) => {
    child.kill("SIGKILL");
    throw e;
  });
  return child;
}
