/**
 * The help of one command or verb, laid out from its table entry (src/cli/command.ts) so it never drifts
 * from what the parser accepts. No command registry here: programs (src/cli/programs.ts) print their help
 * without loading every API command.
 */
import type { OptionSpec, OptionSpecs } from "./args.ts";
import type { ResourceSpec, VerbSpec } from "./command.ts";

export function flagLabel(name: string, o: OptionSpec): string {
  const short = o.short ? `-${o.short}, ` : "";
  const value = o.type === "string" ? ` ${o.value ?? "VALUE"}` : "";
  return `${short}--${o.negatable ? "[no-]" : ""}${name}${value}`;
}

export function rows(pairs: [string, string][], indent = "  "): string[] {
  const w = Math.min(34, Math.max(0, ...pairs.map(([l]) => l.length)));
  return pairs.map(([l, h]) =>
    l.length > w ? `${indent}${l}\n${indent}${" ".repeat(w)}  ${h}` : `${indent}${l.padEnd(w)}  ${h}`,
  );
}

export function flagRows(opts: OptionSpecs): string[] {
  return rows(
    Object.entries(opts).map(([n, o]) => [
      flagLabel(n, o),
      `${o.help}${o.multiple && !/repeat/.test(o.help) ? " (repeatable)" : ""}`,
    ]),
  );
}

/** Greedy word wrap for prose paragraphs. */
export function wrap(text: string, width: number): string[] {
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
  const verbWord = r.verbless ? "" : r.defaultVerb === v.name ? `[${v.name}]` : v.name;
  return ["vigil", r.name, verbWord, hasFlags ? "[flags]" : "", pos ? `[--] ${pos}` : ""]
    .filter(Boolean)
    .join(" ");
}

export const GLOBAL_HELP_LINE =
  "Global flags (--json, --base-url, --api-key, --account, --profile, --read-only, ...): see vigil --help.\n" +
  "Exit status: 0 ok, 1 failing, 2 usage, 3 not found, 4 auth, 5 unreachable, 6 refused (see vigil --help).";

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
