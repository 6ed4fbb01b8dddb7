/**
 * The kinds of alerting setting, each declared where it is used: the core ones in config.ts, a transport's
 * own (the endpoint it posts to, its sender) in its file under channels/. A declaration names its option
 * (the object key), its environment variable, the rule its value follows, its default and one doc line;
 * config.ts derives the settings' type, their parsing and the doc table from the declarations.
 *
 * A malformed value in the environment (not a whole number, out of range, not a URL of the right scheme) is
 * refused with one line naming the variable (`SettingError`): the service does not start on a default the
 * operator did not choose. Unset or blank is the default.
 */

/** A setting from the environment that is not what it must be: the service refuses to start, naming it. */
export class SettingError extends Error {
  override name = "SettingError";
}

/**
 * One setting: `V` its value, `D` its default (`undefined`: none, the setting is optional). `env` is the
 * variable it is read from (none: an option only); `read` throws `SettingError` naming it.
 */
export type Setting<V, D extends V | undefined = V | undefined> = {
  readonly env: string | undefined;
  /** What it is, one line: the doc table's first column after the option name. */
  readonly doc: string;
  readonly default: D;
  /** The doc table's default column. */
  readonly shownDefault: string;
  read(env: NodeJS.ProcessEnv): V | undefined;
};

// biome-ignore lint/suspicious/noExplicitAny: any setting, whatever its value (a Setting<V> is invariant in V)
export type Settings = Record<string, Setting<any, any>>;

/** The value a setting resolves to: its default's type when it has one, else possibly undefined. */
type ValueOf<S> = S extends Setting<infer V, infer D> ? (undefined extends D ? V | undefined : V) : never;

/** The resolved values of a group of settings. */
export type SettingValues<S> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** The options that override them (a service option wins over its variable). */
export type SettingOptions<S> = {
  [K in keyof S]?: S[K] extends Setting<infer V, infer _D> ? V : never;
};

/** Several groups as one (the transports' settings together). */
export type AllOf<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** The longest wait a timer takes (setTimeout fires at once beyond it). */
export const MAX_MS = 2_147_483_647;

const trimmed = (v: string | undefined): string | undefined => (v && v.trim() !== "" ? v.trim() : undefined);

/** A whole number of milliseconds `min`-MAX_MS. */
export function msSetting<D extends number>(s: {
  env: string;
  min: number;
  default: D;
  doc: string;
  shownDefault?: string;
}): Setting<number, D> {
  const { env: name, min } = s;
  return {
    env: name,
    doc: s.doc,
    default: s.default,
    shownDefault: s.shownDefault ?? String(s.default),
    read(env) {
      const v = env[name];
      if (v === undefined || v.trim() === "") return undefined;
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || n < min || n > MAX_MS)
        throw new SettingError(
          `${name} must be a whole number of milliseconds ${min}-${MAX_MS}, got ${JSON.stringify(v)}`,
        );
      return n;
    },
  };
}

/**
 * A URL with one of `schemes` (`"https:"`), optional: unset, the transport records its deliveries SKIPPED.
 * The value is not repeated in the error (it may hold a password).
 */
export function urlSetting(s: {
  env: string;
  schemes: readonly string[];
  doc: string;
  shownDefault?: string;
}): Setting<string, undefined> {
  const { env: name, schemes } = s;
  return {
    env: name,
    doc: s.doc,
    default: undefined,
    shownDefault: s.shownDefault ?? "none → SKIPPED",
    read(env) {
      const v = trimmed(env[name]);
      if (v === undefined) return undefined;
      const p = URL.canParse(v) ? new URL(v).protocol : undefined;
      if (!p || !schemes.includes(p))
        throw new SettingError(
          `${name} must be a URL starting with ${schemes.map((x) => `${x}//`).join(" or ")}`,
        );
      return v;
    },
  };
}

/** HTTP endpoints. */
export const HTTP = ["http:", "https:"] as const;

/** A mail address (`a@b.example` or `Name <a@b.example>`), one line. */
export function mailAddressSetting<D extends string>(s: {
  env: string;
  default: D;
  doc: string;
}): Setting<string, D> {
  const { env: name } = s;
  return {
    env: name,
    doc: s.doc,
    default: s.default,
    shownDefault: s.default,
    read(env) {
      const v = trimmed(env[name]);
      if (v !== undefined && (!/@/.test(v) || /[\r\n]/.test(v)))
        throw new SettingError(`${name} must be a mail address, got ${JSON.stringify(v)}`);
      return v;
    },
  };
}

/** A setting given only as a service option (no variable). */
export function optionSetting<D extends number>(s: {
  default: D;
  doc: string;
  shownDefault?: string;
}): Setting<number, D> {
  return {
    env: undefined,
    doc: s.doc,
    default: s.default,
    shownDefault: s.shownDefault ?? String(s.default),
    read: () => undefined,
  };
}

/**
 * The values of `groups` (each a record of settings): an option first, else its variable (read only when
 * there is no option: a malformed variable the options override is not refused), else its default.
 */
export function resolveSettings<G extends readonly Settings[]>(
  groups: G,
  opts: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): SettingValues<AllOf<G[number]>> {
  const out: Record<string, unknown> = {};
  for (const group of groups)
    for (const [key, s] of Object.entries(group)) out[key] = opts[key] ?? s.read(env) ?? s.default;
  // allowed cast: the values are built at run time from the declarations their type is derived from
  return out as SettingValues<AllOf<G[number]>>;
}

/** The doc table of `groups`: option — what it is | variable | default. */
export function settingsTable(groups: readonly Settings[]): string {
  const rows = groups.flatMap((g) =>
    Object.entries(g).map(([key, s]) => `| ${key} — ${s.doc} | ${s.env ?? "—"} | ${s.shownDefault} |`),
  );
  return ["| setting | env | default |", "|---|---|---|", ...rows].join("\n");
}
