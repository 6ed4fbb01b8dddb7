/**
 * Help texts, generated from the command registry so they never drift from what the parser accepts.
 * The README's command reference is taken from this output.
 */
import { GLOBAL_OPTIONS, type OptionSpec, type OptionSpecs } from "./args.ts";
import type { ResourceSpec, VerbSpec } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";

function flagLabel(name: string, o: OptionSpec): string {
  const short = o.short ? `-${o.short}, ` : "";
  const value = o.type === "string" ? ` ${o.value ?? "VALUE"}` : "";
  return `${short}--${name}${value}`;
}

function rows(pairs: [string, string][], indent = "  "): string[] {
  const w = Math.min(34, Math.max(0, ...pairs.map(([l]) => l.length)));
  return pairs.map(([l, h]) =>
    l.length > w ? `${indent}${l}\n${indent}${" ".repeat(w)}  ${h}` : `${indent}${l.padEnd(w)}  ${h}`,
  );
}

function flagRows(opts: OptionSpecs): string[] {
  return rows(
    Object.entries(opts).map(([n, o]) => [
      flagLabel(n, o),
      `${o.help}${o.multiple && !/repeat/.test(o.help) ? " (repeatable)" : ""}`,
    ]),
  );
}

/** Greedy word wrap for prose paragraphs. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function verbUsage(r: ResourceSpec, v: VerbSpec): string {
  const pos = (v.positionals ?? []).map((p) => (p.optional ? `[${p.name}]` : p.name)).join(" ");
  const hasFlags = Object.keys(v.options ?? {}).length > 0;
  return ["vigil", r.name, r.verbless ? "" : v.name, pos, hasFlags ? "[flags]" : "", "[--json]"]
    .filter(Boolean)
    .join(" ");
}

const GLOBAL_HELP_LINE = "Global flags (--json, --base-url, --profile, --read-only, ...): see vigil --help.";

function verbBlock(r: ResourceSpec, v: VerbSpec, full: boolean): string[] {
  const out = [`${verbUsage(r, v)}`, `  ${v.summary}`];
  const opts = v.options ?? {};
  if (Object.keys(opts).length) out.push(...flagRows(opts).map((l) => `  ${l}`));
  if (full) {
    for (const n of v.notes ?? []) out.push("", ...wrap(n, 100));
    if (v.examples?.length) out.push("", "Examples:", ...v.examples.map((e) => `  ${e}`));
  }
  return out;
}

/** `vigil <resource> <verb> --help` */
export function verbHelp(r: ResourceSpec, v: VerbSpec): string {
  return [`Usage: ${verbBlock(r, v, true).join("\n")}`, "", GLOBAL_HELP_LINE, ""].join("\n");
}

/** `vigil <resource> --help`: every verb with its flags. */
export function resourceHelp(r: ResourceSpec): string {
  if (r.verbless && r.verbs[0]) return verbHelp(r, r.verbs[0]);
  const parts = [`vigil ${r.name}: ${r.summary}`, ""];
  for (const v of r.verbs) parts.push(...verbBlock(r, v, true), "");
  parts.push(GLOBAL_HELP_LINE, "");
  return parts.join("\n");
}

export function commandList(): [string, string][] {
  return COMMANDS.map((r) => [
    r.verbless ? r.name : `${r.name} ${r.verbs.map((v) => v.name).join("|")}`,
    r.summary,
  ]);
}

/** `vigil --help` */
export function topHelp(): string {
  return [
    "vigil: a keyboard-driven console and scriptable client for synthetic monitoring",
    "",
    "Usage:",
    "  vigil [global flags]                   open the console",
    "  vigil <command> <verb> [args] [flags]  run one API command and exit",
    "  vigil <command> --help                 the verbs and flags of one command",
    "  vigil serve [--host H] [--port N] [--data DIR] [--no-demo]",
    "                                         run the embedded service (see vigil serve --help)",
    "  vigil agent [--base-url URL] [--concurrency N] [--proxy URL]",
    "                                         run a private location's checks here (key: $VIGIL_AGENT_KEY)",
    "",
    "Commands:",
    ...rows([
      ...commandList(),
      ["serve", "run the embedded monitoring service"],
      ["agent", "run a private location's checks on this machine"],
      ["share", "serve the read-only console to teammates over SSH"],
    ]),
    "",
    "Global flags:",
    ...flagRows(GLOBAL_OPTIONS),
    "",
    "Connection (flag > environment > profile in the config file):",
    "  VIGIL_BASE_URL, VIGIL_API_KEY, VIGIL_ACCOUNT_ID, VIGIL_PROFILE, VIGIL_CONFIG, VIGIL_DATA_DIR.",
    "  With no base URL, commands use the service started by `vigil serve` (found in the data dir).",
    "",
    "Output: a table by default (text from the service is sanitised and secrets are masked); with",
    "--json, the API's JSON as returned (lists fetched page by page are joined into one array).",
    "",
    "Exit status: 0 ok, 1 API or network error (or a check that did not pass), 2 usage error.",
    "",
  ].join("\n");
}
