/**
 * The shape of a CLI command: resources (`checks`, `incidents`, ...) with verbs (`list`, `get`, ...). Each
 * verb declares its positionals and flags (used for parsing AND for --help) and a `run` that gets a
 * connected client and an Output. A verb returns its exit code (default 0); errors are thrown and turned
 * into exit codes by main.ts.
 */
import type { Args, OptionSpecs, PositionalSpec } from "./args.ts";
import type { Client } from "./connect.ts";
import type { Output } from "./output.ts";

export type CommandContext = {
  client: Client;
  /** Tables, JSON and messages of an API verb; a program (programs.ts) prints its own and gets none. */
  out: Output;
  args: Args;
  /** Whole standard input as text (for `--file -`). */
  readStdin: () => Promise<string>;
  /** Aborted on SIGINT/SIGTERM so long waits stop promptly. */
  signal: AbortSignal;
};

export type VerbSpec = {
  name: string;
  summary: string;
  positionals?: PositionalSpec[];
  options?: OptionSpecs;
  /** Extra help paragraphs (plain text, already wrapped). */
  notes?: string[];
  examples?: string[];
  /** Needs no service: run without connecting (ctx.client is unusable). */
  offline?: boolean;
  run(ctx: CommandContext): Promise<number | undefined> | Promise<void>;
};

export type ResourceSpec = {
  name: string;
  summary: string;
  /** A single-verb command used without a verb word (e.g. `vigil trigger --tag prod`). */
  verbless?: boolean;
  /** The verb run when none is named (`vigil serve` runs `serve run`). */
  defaultVerb?: string;
  verbs: VerbSpec[];
};

/** Shorthand for the common list flags of page/limit lists. */
export const PAGE_OPTIONS: OptionSpecs = {
  limit: { type: "string", value: "N", help: "page size, 1-100; fetch one page only (default: every page)" },
  page: { type: "string", value: "N", help: "fetch only this page number (default: every page)" },
};

/** The flags of logs read one page at a time (never every page): --limit (default 100) and --page. */
export const ONE_PAGE_OPTIONS: OptionSpecs = {
  limit: { type: "string", value: "N", help: "page size 1-100 (default 100)" },
  page: { type: "string", value: "N", help: "page number (default 1)" },
};

/** The query of `ONE_PAGE_OPTIONS`. */
export const onePage = (a: Args) => ({
  limit: a.int("limit", { min: 1, max: 100 }) ?? 100,
  page: a.int("page", { min: 1 }),
});

/** Shorthand for the flags of cursor lists. */
export const CURSOR_OPTIONS: OptionSpecs = {
  limit: { type: "string", value: "N", help: "page size, 1-100; fetch one page only (default: every page)" },
  "next-id": { type: "string", value: "CURSOR", help: "fetch only the page at this cursor" },
};
