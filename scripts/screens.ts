/**
 * `npm run screens`: screenshots of the real console for the README, as SVG in assets/. It builds
 * dist/vigil.js (the npm script does), starts the console — the bundle `npx vigil` runs — on a
 * pseudo-terminal of a fixed size read by a headless xterm (scripts/screens/terminal.ts), on a fresh data
 * dir with the demo workspace, types the keys a user would and saves what the terminal shows
 * (scripts/screens/svg.ts):
 *
 * - assets/screen-overview.svg: the landing screen, the overview (120×24);
 * - assets/screen-result.svg: the failing check's results (`Enter`, `r`), its newest failing result opened
 *   (`Enter`, 120×26);
 * - assets/screen-analytics.svg: the analytics pane (`3`) of that check, 24 h, column charts (120×40).
 *
 * `npm run screens -- --check` writes nothing: it makes the screens anew and exits 1 naming each file in
 * assets/ that differs (test/scripts/screens.test.ts runs it the same way, so `npm test` — CI — fails on
 * stale screens). `--out DIR` writes elsewhere; `--bundle FILE` drives another build of vigil.
 *
 * Deterministic: the same sources give the same bytes, on any machine, whatever the time.
 * - The time: every vigil process runs with scripts/screens/fixed-clock.ts preloaded (NODE_OPTIONS
 *   `--import`), a test-only module that does nothing unless VIGIL_SCREENS_FIXED_NOW is set: the service
 *   (and the demo's agents) see a clock standing still at FIXED_NOW below, so the demo's history ends
 *   there and the scheduler starts no live run (no measured timings); each console's clock starts at
 *   FIXED_NOW when it starts and runs, so its polling works — each screen is taken seconds after its
 *   console started, well inside the minute that everything shown is rounded to (ages, clock times).
 * - The randomness: the same module seeds Math.random (the demo's history: latencies, its simulated
 *   failures) and node:crypto's random ids (check ids set each demo check's latency profile).
 * - The start-up races: before the first console starts, the script waits (`vigil status --json`) until
 *   the demo's heartbeat job has sent its first ping and the demo's private-location agent has been seen,
 *   so every console reads the same data; each screen is taken once the console shows it whole (no
 *   "reading…", "loading…", no request in flight).
 * - The ports: the service and the demo target listen on VIGIL_SCREENS_PORT_BASE (29310), +1, +2 (a
 *   check's URL and a TCP result show the target's address); the script stops in one line when one is
 *   taken.
 * - The terminal: fixed sizes, TERM=xterm-256color without COLORTERM (256 colours), TZ=UTC, LANG=C.UTF-8,
 *   a fresh HOME and data dir (neither is shown), the SVG's colours and font stack fixed in svg.ts.
 * What remains outside: a screen whose console took longer than 45 s to show it fails the run rather
 * than risk a minute boundary (say so and re-run); the demo heartbeat job pings again about a minute
 * after the start (at the same fixed time), which none of these screens shows. With its clock standing
 * still the service never stops by itself: the script stops it (`vigil serve stop`) however it ends.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { toSvg } from "./screens/svg.ts";
import { HeadlessTerminal } from "./screens/terminal.ts";

const ROOT = resolve(import.meta.dirname, "..");
/** The instant the demo's history ends and every screen is taken: a Monday morning. */
export const FIXED_NOW = "2026-03-02T09:56:00.000Z";
/** The demo's randomness: this seed gives a failing check on the overview. */
export const SEED = "13";
/** A screen must be taken within this long of its console's start (its clock runs from FIXED_NOW). */
const SCREEN_BUDGET_MS = 45_000;

export type Screen = {
  file: string;
  title: string;
  cols: number;
  rows: number;
  args: string[];
  /** Drive the console from its first frame to the screen to save. */
  drive(t: HeadlessTerminal): Promise<void>;
};

const has = (lines: string[], text: string) => lines.some((l) => l.includes(text));
/** The console has finished reading what the screen shows: nothing loading, no request in flight. */
const settled = (lines: string[]) =>
  has(lines, "⇅ 0") &&
  has(lines, "● online") &&
  has(lines, "data just now") &&
  !lines.some((l) => /reading|loading/.test(l));

/** The row the cursor (›) is on, and its index (-1 when none is drawn). */
const cursorRow = (lines: string[]) => {
  const at = lines.findIndex((l) => /^\s*›/.test(l));
  return { at, text: lines[at] ?? "" };
};

async function overviewReady(t: HeadlessTerminal): Promise<string[]> {
  return t.waitFor(
    (l) =>
      has(l, "vigil › Overview") &&
      has(l, "every private location has an agent") &&
      has(l, "failing for") &&
      settled(l),
    "the overview with its failing check read",
  );
}

export const SCREENS: Screen[] = [
  {
    file: "screen-overview.svg",
    title: "vigil: the overview of the demo workspace",
    cols: 120,
    rows: 24,
    args: [],
    drive: async (t) => {
      await overviewReady(t);
    },
  },
  {
    file: "screen-result.svg",
    title: "vigil: a failing result of a check, opened from its results",
    cols: 120,
    rows: 26,
    args: [],
    drive: async (t) => {
      await overviewReady(t);
      t.type("\r");
      await t.waitFor((l) => has(l, "vigil › Checks ›") && settled(l), "the failing check's detail");
      t.type("r");
      // the cursor starts on the newest result: step it down to the first failing row, one key at a time,
      // each step read from the screen as it is then: a row index taken from an earlier frame can miss
      // (seen once under load: the cursor was on the failing row, the row at the index taken was not)
      for (let steps = 0; ; steps++) {
        const list = await t.waitFor(
          (l) =>
            has(l, "vigil › Results ›") &&
            l.some((x) => /^\s*›?\s*✖/.test(x)) &&
            cursorRow(l).at >= 0 &&
            settled(l),
          "the check's results with a failing one",
        );
        const from = cursorRow(list);
        if (/^\s*›\s*✖/.test(from.text)) break;
        if (steps >= 20) throw new Error(`no failing result under the cursor after ${steps} steps`);
        t.type("j");
        await t.waitFor((l) => {
          const now = cursorRow(l);
          return now.at !== from.at || now.text !== from.text;
        }, "the cursor to move");
      }
      t.type("\r");
      await t.waitFor(
        (l) => has(l, "› result ") && has(l, "Response time limits") && settled(l),
        "the failing result",
      );
    },
  },
  {
    file: "screen-analytics.svg",
    title: "vigil: the analytics pane, response time and availability over 24 h",
    cols: 120,
    rows: 40,
    args: ["--pane", "analytics"],
    drive: async (t) => {
      await t.waitFor(
        (l) => has(l, "vigil › Analytics ›") && has(l, "Availability") && settled(l),
        "the analytics report",
      );
    },
  },
];

function environment(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_CACHE_HOME: join(home, "cache"),
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    TZ: "UTC",
    NODE_OPTIONS: `--import=${join(ROOT, "scripts/screens/fixed-clock.ts")}`,
    VIGIL_SCREENS_FIXED_NOW: FIXED_NOW,
    VIGIL_SCREENS_SEED: SEED,
    VIGIL_SCREENS_PORT_BASE: String(portBase()),
  };
}

/** The service's and the demo target's ports (fixed-clock.ts): VIGIL_SCREENS_PORT_BASE, +1, +2. */
const portBase = () => Number(process.env.VIGIL_SCREENS_PORT_BASE || 29310);

/** Fail at once, in one line, when one of the fixed ports is taken (another `npm run screens`?). */
async function portsFree(): Promise<void> {
  const base = portBase();
  for (let port = base; port < base + 3; port++) {
    await new Promise<void>((resolve, reject) => {
      const server = createServer();
      server.once("error", () =>
        reject(
          new Error(
            `port ${port} on 127.0.0.1 is taken (another npm run screens?): free it or set VIGIL_SCREENS_PORT_BASE to the first of 3 free ports`,
          ),
        ),
      );
      server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
    });
  }
}

/** Wait until the demo's start-up is over: the heartbeat job's first ping stored, the agent seen. */
async function demoStarted(node: string, bundle: string, env: Record<string, string>): Promise<void> {
  const deadline = performance.now() + 60_000;
  let last = "";
  for (;;) {
    let status: { counts?: { lastRunAt?: string }; privateLocations?: unknown[] } = {};
    try {
      last = execFileSync(node, [bundle, "status", "--json"], { env, encoding: "utf8", stdio: "pipe" });
      status = JSON.parse(last);
    } catch (e) {
      // exit 1 (something fails) still prints the overview
      last = String((e as { stdout?: string }).stdout ?? e);
      try {
        status = JSON.parse(last);
      } catch {
        // not up yet
      }
    }
    if (status.counts?.lastRunAt === FIXED_NOW && status.privateLocations?.length === 0) return;
    if (performance.now() > deadline) {
      let log = "";
      try {
        log = readFileSync(join(env.XDG_DATA_HOME!, "vigil/service.log"), "utf8")
          .split("\n")
          .slice(-12)
          .join("\n");
      } catch {
        // no log
      }
      throw new Error(
        `the demo did not finish starting (ping, agent) within 60 s:\n${last}\nservice.log:\n${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type Shot = { file: string; svg: string; ms: number };

/** Make every screen; `log` gets one line per step. */
export async function makeScreens(
  opts: { bundle?: string; log?: (line: string) => void } = {},
): Promise<Shot[]> {
  const node = join(ROOT, "node_modules/.bin/node");
  const bundle = resolve(opts.bundle ?? join(ROOT, "dist/vigil.js"));
  if (!existsSync(bundle)) throw new Error(`${bundle} not found: build it first (npm run build)`);
  const log = opts.log ?? (() => {});
  const home = mkdtempSync(join(tmpdir(), "vigil-screens-"));
  const env = environment(home);
  const shots: Shot[] = [];
  // the service's clock stands still, so it never stops by itself: stop it however the run ends
  const cleanUp = () => {
    try {
      execFileSync(node, [bundle, "serve", "stop", "--data", join(home, "data/vigil")], {
        env,
        stdio: "pipe",
      });
    } catch {
      // not running
    }
    rmSync(home, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", interrupted).once("SIGTERM", interrupted);
  try {
    await portsFree();
    const started = performance.now();
    await demoStarted(node, bundle, env);
    log(`demo workspace started in ${Math.round(performance.now() - started)} ms`);
    for (const screen of SCREENS) {
      const at = performance.now();
      const t = new HeadlessTerminal({
        argv: [node, bundle, ...screen.args],
        env,
        cwd: home,
        cols: screen.cols,
        rows: screen.rows,
      });
      try {
        await screen.drive(t);
        const grid = await t.grid();
        const ms = performance.now() - at;
        if (ms > SCREEN_BUDGET_MS)
          throw new Error(
            `${screen.file}: took ${Math.round(ms)} ms, over the ${SCREEN_BUDGET_MS} ms budget`,
          );
        shots.push({ file: screen.file, svg: toSvg(grid, screen.title), ms });
        log(`${screen.file} in ${Math.round(ms)} ms (${t.via})`);
      } finally {
        await t.close();
      }
    }
  } finally {
    process.off("SIGINT", interrupted).off("SIGTERM", interrupted);
    cleanUp();
  }
  return shots;
}

/** The files of `dir` that differ from the shots (missing ones included). */
export function staleIn(dir: string, shots: Shot[]): string[] {
  return shots
    .filter((s) => {
      const path = join(dir, s.file);
      return !existsSync(path) || readFileSync(path, "utf8") !== s.svg;
    })
    .map((s) => join(dir, s.file));
}

/** What changed in a stale file, in one line: its first text that differs, as committed and as made now. */
export function firstDifference(committed: string, made: string): string {
  const text = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? "");
  const a = text(committed);
  const b = text(made);
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `was "${a[i] ?? ""}", now "${b[i] ?? ""}"`;
  return "the same text, other colours or positions";
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: "boolean", default: false },
      out: { type: "string", default: join(ROOT, "assets") },
      bundle: { type: "string" },
    },
  });
  const began = performance.now();
  const shots = await makeScreens({ bundle: values.bundle, log: (l) => console.error(`screens: ${l}`) });
  const took = `${((performance.now() - began) / 1000).toFixed(1)} s`;
  if (values.check) {
    const stale = staleIn(values.out, shots);
    if (stale.length > 0) {
      console.error(`screens: stale (run npm run screens and commit them): ${stale.join(", ")}`);
      for (const path of stale) {
        const made = shots.find((s) => path.endsWith(s.file))?.svg ?? "";
        const committed = existsSync(path) ? readFileSync(path, "utf8") : "";
        console.error(`  ${path}: ${committed ? firstDifference(committed, made) : "missing"}`);
      }
      return 1;
    }
    console.error(`screens: ${shots.length} screens up to date (${took})`);
    return 0;
  }
  mkdirSync(values.out, { recursive: true });
  for (const s of shots) writeFileSync(join(values.out, s.file), s.svg);
  console.error(`screens: wrote ${shots.map((s) => join(values.out, s.file)).join(", ")} (${took})`);
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`screens: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
