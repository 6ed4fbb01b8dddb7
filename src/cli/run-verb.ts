/**
 * Find the command and verb an argv names (or the help it asks for), parse the verb's flags with the one
 * parser (args.ts), and run it — for the API commands (dispatch.ts, which connects first) and the programs
 * (programs.ts: serve, share, agent, completion), alike. No command registry is imported here.
 */
import { UsageError } from "../api/errors.ts";
import { VERSION } from "../version.ts";
import { Args, bindPositionals, findPositional, GLOBAL_OPTIONS, hasFlag, parseTokens } from "./args.ts";
import type { CommandContext, ResourceSpec, VerbSpec } from "./command.ts";
import { resourceHelp, verbHelp } from "./help-text.ts";
import { readAllStdin } from "./input.ts";
import { interrupt, print } from "./io.ts";
import type { Output } from "./output.ts";

/** Which resource/verb the argv names, or what to do instead (help was printed). */
export type Target =
  | { kind: "done"; code: number }
  | { kind: "command"; resource: ResourceSpec; verb: VerbSpec; tokens: string[] };

function shown(text: string): Target {
  print(text);
  return { kind: "done", code: 0 };
}

/** The verb of `resource` that `rest` (the argv without the command word) names. */
export function locateVerb(resource: ResourceSpec, rest: string[]): Target {
  const helpWanted = hasFlag(rest, "help", "h");
  if (resource.verbless) {
    const verb = resource.verbs[0]!;
    if (helpWanted) return shown(verbHelp(resource, verb));
    return { kind: "command", resource, verb, tokens: rest };
  }
  const verbNames = resource.verbs.map((v) => v.name).join(", ");
  const vi = findPositional(rest, [GLOBAL_OPTIONS, ...resource.verbs.map((v) => v.options ?? {})]);
  const fallback = resource.defaultVerb
    ? resource.verbs.find((v) => v.name === resource.defaultVerb)
    : undefined;
  if (vi < 0 || rest[vi - 1] === "--") {
    if (helpWanted) return shown(resourceHelp(resource));
    if (fallback) return { kind: "command", resource, verb: fallback, tokens: rest };
    throw new UsageError(`${resource.name}: missing verb (one of ${verbNames})`);
  }
  const verb = resource.verbs.find((v) => v.name === rest[vi]);
  if (!verb) {
    if (helpWanted) return shown(resourceHelp(resource));
    throw new UsageError(`${resource.name}: unknown verb "${rest[vi]}" (one of ${verbNames})`);
  }
  if (helpWanted) return shown(verbHelp(resource, verb));
  return { kind: "command", resource, verb, tokens: rest.filter((_, i) => i !== vi) };
}

/**
 * Parse `tokens` for `verb` and run it; `connect` gives a connected context (API verbs), else offline.
 * `output: false` (the programs: they print their own) runs it without an Output (ctx.out is unusable):
 * output.ts is loaded only for the verbs that print with it — its text widths (string-width) build
 * Unicode tables on load, ~20 ms that a `vigil serve` started by a console would spend before it listens.
 */
export async function runVerb(
  verb: VerbSpec,
  tokens: string[],
  connect?: (values: Args["values"]) => Promise<{ client: CommandContext["client"]; close(): Promise<void> }>,
  o: { output?: boolean } = {},
): Promise<number> {
  const parsed = parseTokens(tokens, verb.options ?? {});
  if (parsed.values.version) {
    print(`vigil ${VERSION}`);
    return 0;
  }
  // only --json prints secrets at all: without it the flag would be silently ignored
  if (parsed.values["show-secrets"] === true && parsed.values.json !== true)
    throw new UsageError("--show-secrets needs --json: tables and details always mask secrets");
  const positionals = bindPositionals(parsed.positionals, verb.positionals ?? []);
  const args = new Args(parsed.values, positionals);
  const out: Output =
    o.output === false
      ? (undefined as never)
      : new (await import("./output.ts")).Output({
          stdout: process.stdout,
          stderr: process.stderr,
          json: parsed.values.json === true,
          showSecrets: parsed.values["show-secrets"] === true,
        });
  const base = { out, args, readStdin: readAllStdin, signal: interrupt.signal };
  if (verb.offline || !connect) {
    const code = await verb.run({ ...base, client: undefined as never });
    return typeof code === "number" ? code : 0;
  }
  const conn = await connect(parsed.values);
  try {
    const code = await verb.run({ ...base, client: conn.client });
    return typeof code === "number" ? code : 0;
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/** Run the program (programs.ts) `resource`; `ri` is the index of its word in `argv`. */
export async function runProgramLine(resource: ResourceSpec, argv: string[], ri: number): Promise<number> {
  const target = locateVerb(
    resource,
    argv.filter((_, i) => i !== ri),
  );
  if (target.kind === "done") return target.code;
  return await runVerb(target.verb, target.tokens, undefined, { output: false });
}
