/**
 * The `vigil` entry point: the console (no command), `vigil serve`, and the scriptable commands
 * `vigil <resource> <verb> [args] [--json]`.
 *
 * Exit codes: 0 ok; 1 API, network or unexpected error (also: a waited-for check did not pass); 2 usage
 * error (bad flags or arguments, bad configuration, no service to talk to); 130 interrupted. Every failure
 * is ONE line on stderr, sanitised for the terminal and with the API key redacted; never a stack trace.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { redactSecrets, UsageError, VigilError } from "../api/errors.ts";
import { ConfigError, type ConfigFlags, type ResolvedConfig, resolveConfig } from "../config/resolve.ts";
import { sanitizeLine } from "../tui/sanitize.ts";
import { VERSION } from "../version.ts";
import {
  Args,
  bindPositionals,
  findPositional,
  GLOBAL_OPTIONS,
  hasFlag,
  type ParsedValues,
  parseTokens,
} from "./args.ts";
import type { ResourceSpec, VerbSpec } from "./command.ts";
import { COMMANDS, findCommand } from "./commands/index.ts";
import { ConnectError, connect } from "./connect.ts";
import { resourceHelp, topHelp, verbHelp } from "./help.ts";
import { readAllStdin } from "./input.ts";
import { Output } from "./output.ts";

/** Secrets to scrub from any message we print (the resolved API keys). */
const secrets: string[] = [];
const interrupt = new AbortController();

function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function fail(message: string): void {
  process.stderr.write(`vigil: ${sanitizeLine(redactSecrets(message, secrets), " ")}\n`);
}

function configFlags(v: ParsedValues): ConfigFlags {
  const s = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  return {
    baseUrl: s("base-url"),
    apiKey: s("api-key"),
    account: s("account"),
    profile: s("profile"),
    config: s("config"),
    data: s("data"),
    readOnly: typeof v["read-only"] === "boolean" ? (v["read-only"] as boolean) : undefined,
  };
}

/**
 * `vigil` with no command. Until the interactive console lands, and always without a TTY: print the
 * checks overview once (starting the embedded service if nothing else is configured) and exit.
 * @returns the exit code
 */
export async function runConsole(resolved: ResolvedConfig, values: ParsedValues): Promise<number> {
  const { runOverview } = await import("./overview.ts");
  return await runOverview(resolved, { json: values.json === true });
}

/** Which resource/verb the argv names, or what to do instead (help, version, console). */
type Target =
  | { kind: "done"; code: number }
  | { kind: "console"; values: ParsedValues }
  | { kind: "command"; resource: ResourceSpec; verb: VerbSpec; tokens: string[] };

function shown(text: string): Target {
  print(text);
  return { kind: "done", code: 0 };
}

function locate(argv: string[], setResource: (r: ResourceSpec) => void): Target {
  const ri = findPositional(argv, [GLOBAL_OPTIONS]);
  if (ri < 0) {
    const { values } = parseTokens(argv, {});
    if (values.version) return shown(`vigil ${VERSION}`);
    if (values.help) return shown(topHelp());
    return { kind: "console", values };
  }
  const name = argv[ri]!;
  const rest = argv.filter((_, i) => i !== ri);
  if (name === "help") {
    const topic = rest.find((t) => !t.startsWith("-"));
    const r = topic ? findCommand(topic) : undefined;
    if (topic && !r) throw new UsageError(`unknown command "${topic}"`);
    return shown(r ? resourceHelp(r) : topHelp());
  }
  const resource = findCommand(name);
  if (!resource) throw new UsageError(`unknown command "${name}"`);
  setResource(resource);
  const helpWanted = hasFlag(rest, "help", "h");
  if (resource.verbless) {
    const verb = resource.verbs[0]!;
    if (helpWanted) return shown(verbHelp(resource, verb));
    return { kind: "command", resource, verb, tokens: rest };
  }
  const verbNames = resource.verbs.map((v) => v.name).join(", ");
  const vi = findPositional(rest, [GLOBAL_OPTIONS, ...resource.verbs.map((v) => v.options ?? {})]);
  if (vi < 0) {
    if (helpWanted) return shown(resourceHelp(resource));
    throw new UsageError(`${name}: missing verb (one of ${verbNames})`);
  }
  const verb = resource.verbs.find((v) => v.name === rest[vi]);
  if (!verb) {
    if (helpWanted) return shown(resourceHelp(resource));
    throw new UsageError(`${name}: unknown verb "${rest[vi]}" (one of ${verbNames})`);
  }
  if (helpWanted) return shown(verbHelp(resource, verb));
  return { kind: "command", resource, verb, tokens: rest.filter((_, i) => i !== vi) };
}

async function runCommand(verb: VerbSpec, tokens: string[]): Promise<number> {
  const parsed = parseTokens(tokens, verb.options ?? {});
  if (parsed.values.version) {
    print(`vigil ${VERSION}`);
    return 0;
  }
  const positionals = bindPositionals(parsed.positionals, verb.positionals ?? []);
  const args = new Args(parsed.values, positionals);
  const resolved = resolveConfig({ flags: configFlags(parsed.values), env: process.env });
  if (resolved.apiKey) secrets.push(resolved.apiKey);
  const conn = await connect(resolved);
  secrets.push(conn.apiKey);
  const out = new Output({
    stdout: process.stdout,
    stderr: process.stderr,
    json: parsed.values.json === true,
    showSecrets: parsed.values["show-secrets"] === true,
  });
  try {
    const code = await verb.run({
      client: conn.client,
      out,
      args,
      readStdin: readAllStdin,
      signal: interrupt.signal,
    });
    return typeof code === "number" ? code : 0;
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** Turn any error into its one-line message and exit code. */
function report(e: unknown, resource: ResourceSpec | undefined): number {
  if (interrupt.signal.aborted) {
    fail("interrupted");
    return 130;
  }
  if (e instanceof UsageError) {
    const hint =
      e instanceof ConfigError || e instanceof ConnectError
        ? ""
        : ` (see vigil ${resource ? `${resource.name} ` : ""}--help)`;
    fail(`${e.message}${hint}`);
    return 2;
  }
  if (e instanceof VigilError) {
    fail(e.message);
    return e.exitCode;
  }
  const err = e as { name?: unknown; message?: unknown } | undefined;
  const msg = typeof err?.message === "string" ? err.message.split("\n")[0] : String(e);
  fail(`unexpected error: ${msg}`);
  return 1;
}

export async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === "serve") {
    const m = await import("./serve.ts");
    const r: unknown = await m.runServe(argv.slice(1));
    return typeof r === "number" ? r : undefined;
  }
  let resource: ResourceSpec | undefined;
  try {
    const target = locate(argv, (r) => {
      resource = r;
    });
    if (target.kind === "done") return target.code;
    if (target.kind === "console") {
      return await runConsole(
        resolveConfig({ flags: configFlags(target.values), env: process.env }),
        target.values,
      );
    }
    return await runCommand(target.verb, target.tokens);
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

/** Registered verbs, for tests and docs. */
export const commands = COMMANDS;

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
  installGuards();
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) exit(code);
    },
    (e) => {
      fail(`unexpected error: ${e instanceof Error ? e.message : String(e)}`);
      exit(1);
    },
  );
}
