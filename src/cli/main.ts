/**
 * The `vigil` entry point: the console (no command), `vigil serve`, and the scriptable commands
 * `vigil <resource> <verb> [args] [--json]`.
 *
 * Exit codes: one table for every command (src/cli/exit-codes.ts): 0 ok, 1 failing / a run failed, 2 usage,
 * 3 not found, 4 auth, 5 service unreachable, 6 refused by rule, 130 interrupted. Every failure is ONE line
 * on stderr, sanitised for the terminal and with the API key redacted; never a stack trace.
 */
import { realpathSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";
import { UsageError } from "../api/errors.ts";
import { ConfigError, type ResolvedConfig, resolveConfig } from "../config/resolve.ts";
import { startPaneRefusal } from "../config/start-pane.ts";
import { VigilError } from "../contract/errors.ts";
import { errorMessage } from "../shared/errors.ts";
import { VERSION } from "../version.ts";
import { findPositional, GLOBAL_OPTIONS, type ParsedValues, parseTokens } from "./args.ts";
import type { ResourceSpec } from "./command.ts";
import { exitCodeOf } from "./exit-codes.ts";
import { configFlags, fail, interrupt, print } from "./io.ts";
import { findProgram } from "./programs.ts";

/**
 * `vigil` with no command. With a TTY on stdin and stdout: the interactive console (src/cli/console.ts,
 * loaded only on this path, so scripted and non-TTY runs never load Ink). Without one — or with --json —
 * print the checks overview once (starting the embedded service if nothing else is configured) and exit 0.
 * @returns the exit code
 */
export async function runConsole(resolved: ResolvedConfig, values: ParsedValues): Promise<number> {
  const theme = values.theme;
  if (theme !== undefined && theme !== "dark" && theme !== "light")
    throw new UsageError(`--theme must be dark or light, got "${String(theme)}"`);
  // before Ink draws a frame or a service starts, and whether or not there is a terminal
  const paneRefusal = startPaneRefusal(resolved.startPane, resolved.startPaneFrom);
  if (paneRefusal) throw new ConfigError(paneRefusal);
  // the console uses the stale age (the overview printed without a terminal does not)
  if (resolved.staleAfterRefusal && process.stdin.isTTY && process.stdout.isTTY && values.json !== true)
    throw new ConfigError(resolved.staleAfterRefusal);
  if (process.stdin.isTTY && process.stdout.isTTY && values.json !== true) {
    const { runInteractiveConsole } = await import("./console.ts");
    return await runInteractiveConsole(resolved, {
      fullscreen: values.fullscreen === true,
      ...(theme ? { theme } : {}),
      resolveProfile: (name) =>
        resolveConfig({ flags: { ...configFlags(values), profile: name }, env: process.env }),
    });
  }
  const { runOverview } = await import("./overview.ts");
  return await runOverview(resolved, { json: values.json === true });
}

/** Turn any error into its one-line message and exit code. */
function report(e: unknown, resource: ResourceSpec | undefined): number {
  if (interrupt.signal.aborted) {
    fail("interrupted");
    return 130;
  }
  if (e instanceof UsageError) {
    const hint =
      // configuration, connection problems and refusals are not about the command line: no --help hint
      ["ConfigError", "ConnectError", "RefusedError", "NotFoundError"].includes(e.name)
        ? ""
        : ` (see vigil ${resource ? `${resource.name} ` : ""}--help)`;
    fail(`${e.message}${hint}`);
    return exitCodeOf(e);
  }
  if (e instanceof VigilError) {
    fail(e.message);
    return exitCodeOf(e);
  }
  const err = e as { name?: unknown; message?: unknown } | undefined;
  const msg = typeof err?.message === "string" ? err.message.split("\n")[0] : String(e);
  fail(`unexpected error: ${msg}`);
  return 1;
}

export async function main(argv: string[]): Promise<number | undefined> {
  // what the completion scripts call (src/cli/completion.ts); not a command of its own
  if (argv[0] === "__complete") return await (await import("./completion.ts")).runComplete(argv.slice(1));
  let resource: ResourceSpec | undefined;
  try {
    const ri = findPositional(argv, [GLOBAL_OPTIONS]);
    if (ri < 0) {
      const { values } = parseTokens(argv, {});
      if (values.version) {
        print(`vigil ${VERSION}`);
        return 0;
      }
      if (values.help) {
        print((await import("./dispatch.ts")).topHelp());
        return 0;
      }
      return await runConsole(resolveConfig({ flags: configFlags(values), env: process.env }), values);
    }
    // serve, share, agent, completion: the same grammar, without loading the API commands
    const program = findProgram(argv[ri]!);
    if (program) {
      resource = program;
      const { runProgramLine } = await import("./run-verb.ts");
      return await runProgramLine(program, argv, ri);
    }
    const { runCommandLine } = await import("./dispatch.ts");
    return await runCommandLine(argv, ri, (r) => {
      resource = r;
    });
  } catch (e) {
    return report(e, resource);
  }
}

/** Exit once stdout and stderr have flushed (pipes may still hold data). */
function exit(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

function installGuards(): void {
  // `vigil checks list | head -1`: a closed pipe is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
  });
  const last = (e: unknown) => {
    fail(`unexpected error: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
    process.exit(1);
  };
  process.on("uncaughtException", last);
  process.on("unhandledRejection", last);
  const onSignal = () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort(new Error("interrupted"));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/** True when this file (or the bundle built from it) is the program node was started with. */
function isMainModule(): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  try {
    return realpathSync(arg) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) {
  // Cache V8's compiled code of the bundle between runs (in the OS temp dir): later starts skip most of
  // the parse and compile work of the console's chunks.
  module.enableCompileCache?.();
  installGuards();
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) exit(code);
    },
    (e) => {
      fail(`unexpected error: ${errorMessage(e)}`);
      exit(1);
    },
  );
}
