/**
 * Help texts, generated from the command registry so they never drift from what the parser accepts.
 * The README's command reference is taken from this output.
 */
import { GLOBAL_OPTIONS } from "./args.ts";
import { COMMANDS } from "./commands/index.ts";
import { EXIT_HELP } from "./exit-codes.ts";
import { flagRows, rows } from "./help-text.ts";
import { PROGRAMS } from "./programs.ts";

export { resourceHelp, verbHelp, verbUsage } from "./help-text.ts";

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
    "  vigil <command> <verb> [flags] [--] [args]",
    "                                         run one command and exit",
    "  vigil <command> --help                 the verbs and flags of one command",
    "",
    "Commands:",
    ...rows([
      ...commandList(),
      ...PROGRAMS.map((p): [string, string] => [
        p.verbless ? p.name : `${p.name} [${p.verbs.map((v) => v.name).join("|")}]`,
        p.summary,
      ]),
    ]),
    "",
    "Global flags (every command, before or after the verb):",
    ...flagRows(GLOBAL_OPTIONS),
    "",
    "Connection (every command, the console, serve, share and agent alike):",
    "  flag > environment > profile in the config file: --base-url / VIGIL_BASE_URL, --api-key /",
    "  VIGIL_API_KEY, --account / VIGIL_ACCOUNT_ID, --profile / VIGIL_PROFILE, --config / VIGIL_CONFIG,",
    "  --data / VIGIL_DATA_DIR. With no base URL, commands use the data dir's local service (started in",
    "  the background when none runs).",
    "",
    "Arguments: `--` ends the flags; an id starting with `-` (a status page's -IQWUp6G235-C3Rp) is read as",
    "an argument anywhere, before or after `--`.",
    "",
    "Output: a table by default (text from the service is sanitised, secrets masked, times as",
    "2026-11-21 07:00:00Z with how long ago); with --json, the service's JSON (ISO 8601 UTC times), one",
    "shape per verb: a list is always one array, with or without --limit (the next page's cursor on stderr).",
    "",
    "Exit status:",
    ...EXIT_HELP.map((l) => `  ${l}`),
    "",
    "Shell completion: vigil completion bash|zsh|fish (see vigil completion --help).",
    "",
  ].join("\n");
}
