/**
 * The interactive console runs in a Node tuned for a small, long-lived process: `vigil` on a TTY
 * re-executes itself once, in the same process (`process.execve`: same pid, same terminal, no parent left
 * waiting), with settings that only take effect when a process starts:
 *
 * - `--v8-pool-size=1`: one V8 worker thread instead of one per core;
 * - `MALLOC_ARENA_MAX=1`: one malloc arena for every thread instead of up to 8 per core — each thread's
 *   arena keeps the pages its compiler zones and buffers freed;
 * - `--liftoff-only`: Ink's layout engine (yoga, WebAssembly) stays compiled by V8's baseline compiler,
 *   not compiled again by its optimising one, whose compile zones peaked at ~25 MB of malloc (V8's
 *   malloced peak 27–30 → 6–7 MB). Layout of a frame's ~40 rows does not need the faster code: the
 *   console's CPU per `j` moved 5.8–6.8 ms as it was, 6.2–6.9 with this; and the first frame is no later
 *   (the one V8 worker left is not busy compiling yoga again).
 *
 * With `--optimize-for-size`, which works at run time and is set once the checks are held (nursery.ts),
 * measured with 10,000 checks (issue 27; the checks list live 20–30 s, the 2-core machine at load 3–10,
 * rounds alternating builds): 145–150 MB as it was, 116–121 MB with `--optimize-for-size` alone, 113–116
 * MB re-executed as well without `--liftoff-only`, 108–113 MB with it (110–112 MB as committed); start →
 * first frame 156–485 ms as it was (median ~220), 221–379 ms (median ~228) re-executed.
 *
 * Only the interactive console: the scriptable commands are short-lived, and `vigil serve` keeps Node's
 * defaults. Nothing is re-executed where `process.execve` does not exist (Windows) nor in the single
 * executable of `npm run package` (its command line is all the program's); a setting the user
 * gave already (NODE_OPTIONS, node's own flags, MALLOC_ARENA_MAX) is kept; and the re-executed process
 * removes what was added from its environment, so the processes it starts (the local service, `$EDITOR`)
 * get the user's environment as it was.
 */

import { isSea } from "node:sea";

/** V8 flags the console starts with. */
export const CONSOLE_NODE_FLAGS = ["--v8-pool-size=1", "--liftoff-only"] as const;
/** Environment the console starts with (glibc's malloc reads it once, at the first allocation). */
export const CONSOLE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "1" };
/** Set in the re-executed process: the names of what was added to its environment, space-separated. */
export const RELAUNCHED = "VIGIL_RELAUNCHED";

export type RelaunchInput = {
  execPath: string;
  /** node's own flags this process started with (process.execArgv). */
  execArgv: readonly string[];
  /** The program file node runs (dist/vigil.js, or src/cli/main.ts from source). */
  script: string;
  /** The arguments after the program file. */
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** process.execve exists here. */
  canExec: boolean;
};

export type Relaunch = { file: string; argv: string[]; env: Record<string, string> };

const flagName = (flag: string) => flag.split("=")[0]!.replace(/_/g, "-");

/** What to re-execute with, or undefined: already re-executed, nothing to add, or no execve here. */
export function relaunchPlan(input: RelaunchInput): Relaunch | undefined {
  if (!input.canExec || input.env[RELAUNCHED] !== undefined) return undefined;
  const given = new Set(
    [...input.execArgv, ...(input.env.NODE_OPTIONS ?? "").split(/\s+/)].filter(Boolean).map(flagName),
  );
  const flags = CONSOLE_NODE_FLAGS.filter((f) => !given.has(flagName(f)));
  const added = Object.entries(CONSOLE_ENV).filter(([k]) => input.env[k] === undefined);
  if (flags.length === 0 && added.length === 0) return undefined;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.env)) if (v !== undefined) env[k] = v;
  for (const [k, v] of added) env[k] = v;
  env[RELAUNCHED] = added.map(([k]) => k).join(" ");
  return {
    file: input.execPath,
    argv: [input.execPath, ...flags, ...input.execArgv, input.script, ...input.args],
    env,
  };
}

/** In the re-executed process: remove the marker and what the relaunch added from `env`. */
export function forgetRelaunch(env: Record<string, string | undefined>): void {
  const added = env[RELAUNCHED];
  if (added === undefined) return;
  for (const k of added.split(" ").filter(Boolean)) delete env[k];
  delete env[RELAUNCHED];
}

/**
 * The file to re-execute: the bundle's launcher (dist/vigil.js — it turns the compile cache on before the
 * CLI's modules are parsed) when `main` is the bundle's vigil-main.js beside it, else `main` itself.
 */
export function relaunchScript(main: string, exists: (path: string) => boolean): string {
  const m = /^(.*[\\/])vigil-main\.js$/.exec(main);
  const launcher = m ? `${m[1]}vigil.js` : undefined;
  return launcher !== undefined && exists(launcher) ? launcher : main;
}

/**
 * Re-execute this process as the tuned console, when it is not already; returns only when it does not
 * (already tuned, or no execve on this platform), having removed the relaunch's own variables from
 * process.env.
 */
export function relaunchTuned(exists: (path: string) => boolean): void {
  const execve = (
    process as { execve?: (file: string, args: string[], env: Record<string, string>) => never }
  ).execve;
  const plan = relaunchPlan({
    execPath: process.execPath,
    execArgv: process.execArgv,
    script: relaunchScript(process.argv[1] ?? "", exists),
    args: process.argv.slice(2),
    env: process.env,
    // a single executable (npm run package) reads no node flags from its command line: not re-executed
    canExec: typeof execve === "function" && process.argv[1] !== undefined && !isSea(),
  });
  if (plan) {
    try {
      execve?.call(process, plan.file, plan.argv, plan.env);
    } catch {
      // not re-executed (the call refused): the console runs with Node's defaults
    }
  }
  forgetRelaunch(process.env);
}
