/**
 * Argument parsing for `vigil <resource> <verb> [args] [--flags]`, on node:util parseArgs (strict).
 *
 * Global flags may appear anywhere (before the resource, between resource and verb, after the verb). The
 * resource and verb are found by a pre-scan that knows which flags take a value, then the remaining tokens
 * are parsed with the global flags plus the verb's own flags. Every problem is a UsageError (exit 2) with a
 * one-line reason; main.ts adds the `(see vigil <resource> --help)` hint.
 */
import { parseArgs } from "node:util";
import { UsageError } from "../api/errors.ts";

export type OptionSpec = {
  type: "string" | "boolean";
  /** May be given several times (values collected in order). */
  multiple?: boolean;
  short?: string;
  /** Placeholder shown in help for string options, e.g. "ID". */
  value?: string;
  /** A boolean that is mostly given as `--no-NAME` (help shows `--[no-]NAME`). */
  negatable?: boolean;
  help: string;
};
export type OptionSpecs = Record<string, OptionSpec>;

export type PositionalSpec = { name: string; optional?: boolean; help?: string };

/** Flags understood by every command (config resolution, output mode, help). */
export const GLOBAL_OPTIONS: OptionSpecs = {
  "base-url": { type: "string", value: "URL", help: "API base URL (env VIGIL_BASE_URL)" },
  "api-key": {
    type: "string",
    value: "KEY",
    help: "API key (prefer env VIGIL_API_KEY: flags show up in process lists)",
  },
  account: {
    type: "string",
    value: "ID",
    help: "account id sent as x-service-account (env VIGIL_ACCOUNT_ID)",
  },
  profile: { type: "string", value: "NAME", help: "named profile from the config file (env VIGIL_PROFILE)" },
  config: { type: "string", value: "FILE", help: "config file path (env VIGIL_CONFIG)" },
  data: { type: "string", value: "DIR", help: "data dir of the local service (env VIGIL_DATA_DIR)" },
  "read-only": { type: "boolean", help: "refuse every mutating request (nothing is sent)" },
  json: { type: "boolean", help: "print the API's JSON instead of a table (secrets masked)" },
  "show-secrets": {
    type: "boolean",
    help: "with --json (refused without it): leave secrets (webhook secrets, keys) unmasked",
  },
  fullscreen: { type: "boolean", help: "console: use the alternate screen (off by default)" },
  theme: {
    type: "string",
    value: "dark|light",
    help: "console: built-in colour theme (your own: the config's theme section; NO_COLOR turns colour off)",
  },
  pane: {
    type: "string",
    value: "NAME",
    help: "console: the pane to start on (overview, checks, incidents, …; env VIGIL_PANE, profile startPane)",
  },
  utc: {
    type: "boolean",
    help: "chart times (analytics axes, buckets) in UTC instead of local time (env VIGIL_UTC, profile utc)",
  },
  mouse: {
    type: "boolean",
    help: "console: click, double-click and wheel (M toggles; env VIGIL_MOUSE, profile mouse)",
  },
  notify: {
    type: "string",
    value: "bell|desktop",
    help: "console: ring or notify on a new failure, a recovery, an overdue heartbeat (env VIGIL_NOTIFY, profile notify)",
  },
  help: { type: "boolean", short: "h", help: "show help" },
  version: { type: "boolean", short: "V", help: "print the version" },
};

export type ParsedValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** Names of the flags in `specs` that consume the next token as their value (long and short forms). */
function valueTaking(specs: OptionSpecs[]): Set<string> {
  const out = new Set<string>();
  for (const s of specs)
    for (const [name, o] of Object.entries(s)) {
      if (o.type !== "string") continue;
      out.add(`--${name}`);
      if (o.short) out.add(`-${o.short}`);
    }
  return out;
}

/**
 * Index of the first positional token at or after `from`, skipping flags (and the values of flags that
 * take one); -1 when none. A `--` ends the flags: the token after it is the positional.
 */
export function findPositional(argv: readonly string[], specs: OptionSpecs[], from = 0): number {
  const takes = valueTaking(specs);
  for (let i = from; i < argv.length; i++) {
    const t = argv[i]!;
    if (t === "--") return i + 1 < argv.length ? i + 1 : -1;
    if (t.startsWith("-") && t !== "-") {
      if (!t.includes("=") && takes.has(t)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** Quick look for a boolean global flag anywhere before a `--`. */
export function hasFlag(argv: readonly string[], long: string, short?: string): boolean {
  for (const t of argv) {
    if (t === "--") return false;
    if (t === `--${long}` || (short && t === `-${short}`)) return true;
  }
  return false;
}

/** One-line reason from a parseArgs error. */
function describeParseError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const first = (err.message ?? String(e)).split("\n")[0] ?? "";
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const name = /'([^']+)'/.exec(first)?.[1] ?? first;
      return `unknown option ${name}`;
    }
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = /'(-[^ ']+)/.exec(first)?.[1] ?? "option";
      if (/ambiguous/.test(first))
        return `${name} needs a value (write ${name}=VALUE for a value starting with "-")`;
      if (/missing/.test(first)) return `${name} needs a value`;
      if (/does not take an argument/.test(first)) return `${name} does not take a value`;
      return first.replace(/\.$/, "");
    }
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL": {
      const arg = /'([^']*)'/.exec(first)?.[1];
      return arg === undefined ? "unexpected argument" : `unexpected argument "${arg}"`;
    }
    default:
      return first.replace(/\.$/, "");
  }
}

export type ParsedCommand = { values: ParsedValues; positionals: string[] };

/**
 * Whether a token starting with one `-` is an argument rather than flags: an id such as the status page
 * `-IQWUp6G235-C3Rp`, a negative number. It is flags when it is a known short flag (`-h`), a group of known
 * short boolean flags (`-hV`), or a known short string flag with its value attached (`-fcheck.yaml`); an
 * unknown single letter (`-x`) stays a flag, so it is refused as an unknown option.
 */
export function isDashArgument(token: string, specs: OptionSpecs): boolean {
  if (!token.startsWith("-") || token.startsWith("--") || token.length < 2) return false;
  const shorts = new Map<string, OptionSpec>();
  for (const o of Object.values(specs)) if (o.short) shorts.set(o.short, o);
  const letters = token.slice(1);
  if (letters.length === 1) return false;
  const first = shorts.get(letters[0]!);
  if (first?.type === "string") return false;
  return ![...letters].every((c) => shorts.get(c)?.type === "boolean");
}

/**
 * Strict parse of `tokens` against the global flags plus `options`. `--` ends the flags (everything after
 * it is an argument); before it, an argument may start with `-` (isDashArgument) and stand anywhere, also
 * as a flag's value (`--next-id -abc`).
 */
export function parseTokens(tokens: string[], options: OptionSpecs): ParsedCommand {
  const all = { ...GLOBAL_OPTIONS, ...options };
  const merged: Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }> = {};
  for (const [name, o] of Object.entries(all)) {
    merged[name] = {
      type: o.type,
      ...(o.multiple ? { multiple: true } : {}),
      ...(o.short ? { short: o.short } : {}),
    };
  }
  // arguments that look like flags stand in as placeholders parseArgs reads as plain words
  const held = new Map<string, string>();
  const end = tokens.indexOf("--");
  const args = tokens.map((t, i) => {
    if ((end >= 0 && i > end) || !isDashArgument(t, all)) return t;
    const key = `\u0000${held.size}`;
    held.set(key, t);
    return key;
  });
  const restore = <T>(v: T): T =>
    typeof v === "string"
      ? ((held.get(v) ?? v) as T)
      : Array.isArray(v)
        ? (v.map((x) => (typeof x === "string" ? (held.get(x) ?? x) : x)) as T)
        : v;
  try {
    const r = parseArgs({
      args,
      options: merged,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
    const values: ParsedValues = {};
    for (const [k, v] of Object.entries(r.values)) values[k] = restore(v) as ParsedValues[string];
    return { values, positionals: r.positionals.map(restore) };
  } catch (e) {
    throw new UsageError(describeParseError(e));
  }
}

/**
 * Typed access to parsed flags and named positionals, turning bad values into UsageErrors that name the flag.
 */
export class Args {
  readonly values: ParsedValues;
  readonly #positionals: Record<string, string | undefined>;

  constructor(values: ParsedValues, positionals: Record<string, string | undefined>) {
    this.values = values;
    this.#positionals = positionals;
  }

  /** A named positional argument (as declared by the verb). */
  arg(name: string): string | undefined {
    return this.#positionals[name];
  }

  /** A required positional; the parser already enforced presence, this only narrows the type. */
  need(name: string): string {
    const v = this.#positionals[name];
    if (v === undefined || v === "") throw new UsageError(`missing ${name}`);
    return v;
  }

  has(flag: string): boolean {
    return this.values[flag] !== undefined;
  }

  string(flag: string): string | undefined {
    const v = this.values[flag];
    if (Array.isArray(v)) return v.at(-1) as string | undefined;
    return typeof v === "string" ? v : undefined;
  }

  requiredString(flag: string): string {
    const v = this.string(flag);
    if (v === undefined || v.trim() === "") throw new UsageError(`--${flag} is required`);
    return v;
  }

  /** A repeatable flag; each occurrence may also hold a comma-separated list when `splitCommas`. */
  strings(flag: string, splitCommas = false): string[] {
    const v = this.values[flag];
    const raw = v === undefined ? [] : Array.isArray(v) ? (v as unknown[]).map(String) : [String(v)];
    if (!splitCommas) return raw;
    return raw
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter((s) => s !== "");
  }

  flag(flag: string): boolean | undefined {
    const v = this.values[flag];
    return typeof v === "boolean" ? v : undefined;
  }

  int(flag: string, range: { min?: number; max?: number } = {}): number | undefined {
    const s = this.string(flag);
    if (s === undefined) return undefined;
    if (!/^-?\d+$/.test(s.trim())) throw new UsageError(`--${flag} must be a whole number, got "${s}"`);
    const n = Number(s);
    const { min, max } = range;
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      const span =
        min !== undefined && max !== undefined
          ? `between ${min} and ${max}`
          : min !== undefined
            ? `at least ${min}`
            : `at most ${max}`;
      throw new UsageError(`--${flag} must be ${span}, got ${n}`);
    }
    return n;
  }

  /** One of a closed set (case-insensitive); returns the canonical spelling. */
  choice<T extends string>(flag: string, choices: readonly T[]): T | undefined {
    const s = this.string(flag);
    if (s === undefined) return undefined;
    const hit = choices.find((c) => c.toLowerCase() === s.trim().toLowerCase());
    if (!hit) throw new UsageError(`--${flag} must be one of ${choices.join(", ")}, got "${s}"`);
    return hit;
  }
}

/** Bind positionals to their declared names; too few or too many is a UsageError. */
export function bindPositionals(
  given: string[],
  specs: readonly PositionalSpec[],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const required = specs.filter((p) => !p.optional).length;
  if (given.length < required) {
    const missing = specs.slice(given.length).filter((p) => !p.optional);
    throw new UsageError(`missing ${missing.map((p) => p.name).join(" ")}`);
  }
  if (given.length > specs.length) {
    throw new UsageError(`unexpected argument "${given[specs.length]}"`);
  }
  specs.forEach((p, i) => {
    out[p.name] = given[i];
  });
  return out;
}
