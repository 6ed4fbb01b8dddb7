/**
 * The scriptable commands: find the resource and verb an argv names (or the help it asks for), parse the
 * verb's flags, connect, run it. Loaded by main.ts only when a command is given, so the console's start
 * never pays for the command registry.
 */

import { UsageError } from "../api/errors.ts";
import { resolveConfig } from "../config/resolve.ts";
import { VERSION } from "../version.ts";
import { Args, bindPositionals, findPositional, GLOBAL_OPTIONS, hasFlag, parseTokens } from "./args.ts";
import type { ResourceSpec, VerbSpec } from "./command.ts";
import { COMMANDS, findCommand } from "./commands/index.ts";
import { connect } from "./connect.ts";
import { resourceHelp, topHelp, verbHelp } from "./help.ts";
import { readAllStdin } from "./input.ts";
import { configFlags, interrupt, print, secrets } from "./io.ts";
import { Output } from "./output.ts";

/** Registered verbs, for tests and docs. */
export const commands = COMMANDS;

export { topHelp };

/** Which resource/verb the argv names, or what to do instead (help, version, console). */
type Target =
  | { kind: "done"; code: number }
  | { kind: "command"; resource: ResourceSpec; verb: VerbSpec; tokens: string[] };

function shown(text: string): Target {
  print(text);
  return { kind: "done", code: 0 };
}

function locate(argv: string[], ri: number, setResource: (r: ResourceSpec) => void): Target {
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
  const out = new Output({
    stdout: process.stdout,
    stderr: process.stderr,
    json: parsed.values.json === true,
    showSecrets: parsed.values["show-secrets"] === true,
  });
  if (verb.offline) {
    const code = await verb.run({
      client: undefined as never,
      out,
      args,
      readStdin: readAllStdin,
      signal: interrupt.signal,
    });
    return typeof code === "number" ? code : 0;
  }
  const resolved = resolveConfig({ flags: configFlags(parsed.values), env: process.env });
  if (resolved.apiKey) secrets.push(resolved.apiKey);
  const conn = await connect(resolved);
  secrets.push(conn.apiKey);
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

/** Run the command that `argv` names; `ri` is the index of its resource word. */
export async function runCommandLine(
  argv: string[],
  ri: number,
  setResource: (r: ResourceSpec) => void,
): Promise<number> {
  const target = locate(argv, ri, setResource);
  if (target.kind === "done") return target.code;
  return await runCommand(target.verb, target.tokens);
}
