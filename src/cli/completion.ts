/**
 * Shell completion, from the same command table as `--help` (the API commands of src/cli/commands/ and the
 * programs of src/cli/programs.ts, with the global flags of args.ts): `vigil completion bash|zsh|fish`
 * prints a small script that asks `vigil __complete SHELL WORD… CURRENT` for the candidates, so a verb or
 * flag added to the table completes without a new script. Ids (checks, incidents, status pages, alert
 * channels, private locations) come from the configured service, or the data dir's local service when it
 * already runs — never started for a completion — with a 2 s limit; nothing when it cannot be asked.
 */
import { UsageError } from "../api/errors.ts";
import { resolveConfig } from "../config/resolve.ts";
import { sanitizeLine } from "../shared/sanitize.ts";
import {
  findPositional,
  GLOBAL_OPTIONS,
  isDashArgument,
  type OptionSpecs,
  type ParsedValues,
  parseTokens,
} from "./args.ts";
import type { CommandContext, ResourceSpec, VerbSpec } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";
import { findRunning } from "./connect.ts";
import { configFlags } from "./io.ts";
import { PROGRAMS, SHELLS } from "./programs.ts";

export type Shell = (typeof SHELLS)[number];
export type Candidate = { value: string; help?: string };

const TABLE: readonly ResourceSpec[] = [...COMMANDS, ...PROGRAMS];

/** Values a flag takes from a closed set. */
const FLAG_VALUES: Record<string, readonly string[]> = {
  theme: ["dark", "light"],
  notify: ["bell", "desktop"],
};

/** Which list gives the ids of a positional (by its name in the table). */
const ID_SOURCES: Record<string, (c: IdClient) => Promise<Candidate[]>> = {
  CHECK_ID: async (c) => (await c.checks.listAll({})).map((x) => ({ value: x.id, help: x.name })),
  INCIDENT_ID: async (c) =>
    (await c.incidents.listAll({ maxItems: 200 })).map((x) => ({ value: x.id, help: x.name })),
  PAGE_ID: async (c) =>
    (await c.statusPages.listAll({ maxItems: 200 })).map((x) => ({ value: x.id, help: x.name })),
  CHANNEL_ID: async (c) =>
    (await c.alertChannels.listAll({ maxItems: 500 })).map((x) => ({ value: String(x.id), help: x.type })),
  LOCATION_ID: async (c) => (await c.privateLocations.list()).map((x) => ({ value: x.id, help: x.name })),
};

type IdClient = CommandContext["client"];

function flagCandidates(opts: OptionSpecs): Candidate[] {
  const out: Candidate[] = [];
  for (const [name, o] of Object.entries(opts)) {
    out.push({ value: `--${name}`, help: o.help });
    if (o.negatable) out.push({ value: `--no-${name}`, help: `not --${name}` });
  }
  return out;
}

/** What completing `current` after `words` (the words after `vigil`) needs: pure but for the id lookup. */
export type CompletionPlan =
  | { kind: "candidates"; candidates: Candidate[] }
  | { kind: "ids"; positional: string; words: string[] };

export function plan(words: readonly string[], current: string): CompletionPlan {
  const list = (c: Candidate[]) => ({ kind: "candidates" as const, candidates: c });
  const ci = findPositional(words, [GLOBAL_OPTIONS]);
  const resource = ci < 0 ? undefined : TABLE.find((r) => r.name === words[ci]);
  const rest = ci < 0 ? [] : words.filter((_, i) => i !== ci);
  let verb: VerbSpec | undefined;
  let vi = -1;
  if (resource?.verbless) verb = resource.verbs[0];
  else if (resource) {
    vi = findPositional(rest, [GLOBAL_OPTIONS, ...resource.verbs.map((v) => v.options ?? {})]);
    verb = vi < 0 ? undefined : resource.verbs.find((v) => v.name === rest[vi]);
  }
  const options: OptionSpecs = {
    ...GLOBAL_OPTIONS,
    ...(verb?.options ?? (resource ? Object.assign({}, ...resource.verbs.map((v) => v.options ?? {})) : {})),
  };
  // the value of the flag before the cursor
  const prev = words.at(-1);
  if (prev?.startsWith("--") && !prev.includes("=")) {
    const name = prev.slice(2);
    const o = options[name];
    if (o?.type === "string") {
      if (name === "profile") return { kind: "ids", positional: "PROFILE", words: [...words] };
      return list((FLAG_VALUES[name] ?? []).map((value) => ({ value })));
    }
  }
  if (current.startsWith("-") && !isDashArgument(current, options))
    return list(flagCandidates(options).filter((c) => c.value.startsWith(current)));
  if (!resource) {
    if (ci >= 0 && (words[ci] !== "help" || findPositional(words, [GLOBAL_OPTIONS], ci + 1) >= 0))
      return list([]);
    return list(
      [
        ...TABLE.map((r) => ({ value: r.name, help: r.summary })),
        { value: "help", help: "help on a command" },
      ].filter((c) => c.value.startsWith(current)),
    );
  }
  if (!verb) {
    if (vi >= 0) return list([]);
    return list(
      resource.verbs
        .map((v) => ({ value: v.name, help: v.summary }))
        .filter((c) => c.value.startsWith(current)),
    );
  }
  // the positional under the cursor: how many arguments stand before it (flags and their values skipped)
  const after = resource.verbless ? rest : rest.filter((_, i) => i !== vi);
  let count = 0;
  for (let i = findPositional(after, [options]); i >= 0; i = findPositional(after, [options], i + 1)) count++;
  const positional = verb.positionals?.[count];
  if (!positional) return list([]);
  if (positional.name === "SHELL")
    return list(SHELLS.filter((s) => s.startsWith(current)).map((value) => ({ value })));
  if (ID_SOURCES[positional.name]) return { kind: "ids", positional: positional.name, words: [...words] };
  return list([]);
}

/** Ids from the service the words configure (flags, environment, profile) — never starting one. */
async function ids(positional: string, words: string[], current: string): Promise<Candidate[]> {
  let values: ParsedValues = {};
  try {
    values = parseTokens(
      [...words],
      Object.assign({}, ...TABLE.flatMap((r) => r.verbs.map((v) => v.options ?? {}))),
    ).values;
  } catch {
    values = {}; // a half-typed command line: the environment and profile still say where the service is
  }
  if (positional === "PROFILE") return [];
  const resolved = resolveConfig({ flags: { ...configFlags(values), readOnly: true }, env: process.env });
  const found = findRunning(resolved);
  if (!found) return [];
  const { createClient } = await import("../api/client.ts");
  const client = createClient({
    baseUrl: found.baseUrl,
    apiKey: found.apiKey,
    accountId: resolved.accountId,
    readOnly: true,
    retries: 0,
    timeoutMs: 2000,
  });
  try {
    const source = ID_SOURCES[positional];
    const found = source ? await source(client) : [];
    return found.filter((c) => c.value.startsWith(current));
  } finally {
    await client.http.close().catch(() => undefined);
  }
}

/** The candidates for `current`, ids included. */
export async function candidates(words: readonly string[], current: string): Promise<Candidate[]> {
  const p = plan(words, current);
  if (p.kind === "candidates") return p.candidates;
  try {
    return await ids(p.positional, p.words, current);
  } catch {
    return [];
  }
}

/** One line per candidate in the form the shell's script reads. */
export function formatCandidates(shell: Shell, list: readonly Candidate[]): string {
  const clean = (s: string) => sanitizeLine(s, " ").replace(/[\t\n]/g, " ");
  return list
    .map((c) => {
      const value = clean(c.value);
      const help = c.help ? clean(c.help).slice(0, 80) : "";
      if (shell === "bash") return value;
      if (shell === "zsh")
        return help ? `${value.replaceAll(":", "\\:")}:${help}` : value.replaceAll(":", "\\:");
      return help ? `${value}\t${help}` : value;
    })
    .join("\n");
}

/** The completion script of `shell`. */
export function completionScript(shell: Shell): string {
  if (shell === "bash")
    return `# vigil completion for bash: source <(vigil completion bash)
_vigil() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local IFS=$'\\n'
  COMPREPLY=($(vigil __complete bash "\${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" 2>/dev/null))
  if [ \${#COMPREPLY[@]} -eq 0 ]; then compopt -o default 2>/dev/null; fi
}
complete -F _vigil vigil
`;
  if (shell === "zsh")
    return `#compdef vigil
# vigil completion for zsh: vigil completion zsh > "\${fpath[1]}/_vigil" (or source it)
_vigil() {
  local -a lines
  lines=("\${(@f)$(vigil __complete zsh "\${(@)words[2,CURRENT-1]}" "\${words[CURRENT]}" 2>/dev/null)}")
  lines=("\${(@)lines:#}")
  if (( \${#lines} )); then _describe 'vigil' lines; else _files; fi
}
if [ "\${funcstack[1]}" = "_vigil" ]; then _vigil "$@"; else compdef _vigil vigil; fi
`;
  return `# vigil completion for fish: vigil completion fish > ~/.config/fish/completions/vigil.fish
function __vigil_complete
    set -l words (commandline -opc)
    vigil __complete fish $words[2..-1] (commandline -ct) 2>/dev/null
end
complete -c vigil -f -a '(__vigil_complete)'
`;
}

/** `vigil completion SHELL` */
export async function runCompletion(ctx: CommandContext): Promise<number> {
  const shell = ctx.args.need("SHELL");
  if (!(SHELLS as readonly string[]).includes(shell))
    throw new UsageError(`SHELL must be one of ${SHELLS.join(", ")}, got "${shell}"`);
  process.stdout.write(completionScript(shell as Shell));
  return 0;
}

/** `vigil __complete SHELL WORD… CURRENT` (what the scripts call): candidates, one a line. */
export async function runComplete(argv: string[]): Promise<number> {
  const [shell, ...rest] = argv;
  if (!shell || !(SHELLS as readonly string[]).includes(shell)) return 2;
  const current = rest.at(-1) ?? "";
  const words = rest.slice(0, -1);
  const out = formatCandidates(shell as Shell, await candidates(words, current));
  if (out) process.stdout.write(`${out}\n`);
  return 0;
}
