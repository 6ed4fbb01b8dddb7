/**
 * The scriptable commands: find the resource and verb an argv names (or the help it asks for), parse the
 * verb's flags, connect, run it (src/cli/run-verb.ts). Loaded by main.ts only when a command is given, so
 * the console's start never pays for the command registry.
 */

import { UsageError } from "../api/errors.ts";
import { resolveConfig } from "../config/resolve.ts";
import type { ResourceSpec } from "./command.ts";
import { COMMANDS, findCommand } from "./commands/index.ts";
import { connect } from "./connect.ts";
import { resourceHelp, topHelp } from "./help.ts";
import { configFlags, print, secrets } from "./io.ts";
import { findProgram } from "./programs.ts";
import { locateVerb, runVerb } from "./run-verb.ts";

/** Registered verbs, for tests and docs. */
export const commands = COMMANDS;

export { topHelp };

/** Run the command that `argv` names; `ri` is the index of its resource word. */
export async function runCommandLine(
  argv: string[],
  ri: number,
  setResource: (r: ResourceSpec) => void,
): Promise<number> {
  const name = argv[ri]!;
  const rest = argv.filter((_, i) => i !== ri);
  if (name === "help") {
    const topic = rest.find((t) => !t.startsWith("-"));
    const r = topic ? (findCommand(topic) ?? findProgram(topic)) : undefined;
    if (topic && !r) throw new UsageError(`unknown command "${topic}"`);
    print(r ? resourceHelp(r) : topHelp());
    return 0;
  }
  const resource = findCommand(name);
  if (!resource) throw new UsageError(`unknown command "${name}"`);
  setResource(resource);
  const target = locateVerb(resource, rest);
  if (target.kind === "done") return target.code;
  return await runVerb(target.verb, target.tokens, async (values) => {
    const resolved = resolveConfig({ flags: configFlags(values), env: process.env });
    if (resolved.apiKey) secrets.push(resolved.apiKey);
    const conn = await connect(resolved);
    secrets.push(conn.apiKey);
    return conn;
  });
}
