/**
 * Resolve the effective configuration: flag > env > profile in the config file > default.
 *
 * No base URL anywhere means "the embedded service" (the console starts it; CLI commands use the one
 * that is running, see src/cli/connect.ts). A config file that holds an API key must be 0600: a
 * group/world-readable one is refused with the command that fixes it.
 */

import { readFileSync, statSync } from "node:fs";
import type { z } from "zod";
import { UsageError } from "../api/errors.ts";
import { errorCode, errorMessage } from "../shared/errors.ts";
import type { KeyOverrides } from "./keys.ts";
import { configPath as defaultConfigPath, dataDir as defaultDataDir } from "./paths.ts";
import { type ConfigFile, configFileSchema, type Profile, profileSchema } from "./schema.ts";
import { type LoadedSkin, loadSkin } from "./theme.ts";

export class ConfigError extends UsageError {
  override name = "ConfigError";
}

export type ConfigFlags = {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  account?: string | undefined;
  profile?: string | undefined;
  readOnly?: boolean | undefined;
  config?: string | undefined;
  data?: string | undefined;
  /** The console's start pane (`--pane`). */
  pane?: string | undefined;
  /** Charts' times in UTC (`--utc`). */
  utc?: boolean | undefined;
  /** The console reads the mouse (`--mouse`). */
  mouse?: boolean | undefined;
  /** `--notify bell|desktop`. */
  notify?: string | undefined;
};

export type ResolvedConfig = {
  baseUrl?: string;
  apiKey?: string;
  accountId?: string;
  readOnly: boolean;
  profile?: string;
  theme?: "dark" | "light";
  /** The pane the console starts on (`--pane` > VIGIL_PANE > the profile's `startPane`); unset: the first. */
  startPane?: string;
  /** Where startPane came from (`--pane`, VIGIL_PANE, `profile "x" startPane`): named when it is refused. */
  startPaneFrom?: string;
  /** The web app's page of a check (`{checkId}`): what `o` opens (VIGIL_WEB_URL or a profile's webUrl). */
  webUrl?: string;
  /** Data older than this is flagged stale (default 90 s; VIGIL_STALE_AFTER or a profile's staleAfterSeconds). */
  staleAfterMs: number;
  /**
   * VIGIL_STALE_AFTER broke its rule: the line the commands that use it (console, share) refuse with;
   * the others run (staleAfterMs is then the profile's or the default).
   */
  staleAfterRefusal?: string;
  /**
   * The whole checks list and every status are read again this often (VIGIL_FULL_READ_SECONDS, 10–300;
   * unset: every 5 minutes). Only shorter: to watch the re-read (a benchmark of its memory), or a service
   * whose checks change faster than that.
   */
  fullReadMs?: number;
  /** Charts' time axes and bucket times in UTC (`--utc` > VIGIL_UTC > a profile's `utc`; default local time). */
  utc: boolean;
  /** The console reads the mouse from the start (`--mouse` > VIGIL_MOUSE > a profile's `mouse`). */
  mouse: boolean;
  /** A bell or a desktop notification on a new failure, a recovery, an overdue heartbeat (`--notify` > VIGIL_NOTIFY > profile). */
  notify?: "bell" | "desktop";
  /** The config file's `keys` section (checked against the console's actions when the console starts). */
  keys?: KeyOverrides;
  /** The config file's `theme`: roles over a built-in, and the file they came from. */
  skin?: LoadedSkin;
  configPath: string;
  dataDir: string;
};

type Env = Record<string, string | undefined>;

/** Read and validate the config file; a missing file is an empty config. */
export function loadConfigFile(path: string): ConfigFile {
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, "utf8");
  } catch (e) {
    if (errorCode(e) === "ENOENT") return { profiles: {} };
    throw new ConfigError(`cannot read config file ${path}: ${errorMessage(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${errorMessage(e)}`);
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === "unrecognized_keys") {
      // the key named in full, and the setting it differs from only in case (readonly → readOnly)
      const key = issue.keys[0] ?? "";
      const field = [...issue.path.map(String), key].join(".");
      const known = [...Object.keys(profileSchema.shape), ...Object.keys(configFileSchema.shape)];
      const like = known.find((k) => k !== key && k.toLowerCase() === key.toLowerCase());
      throw new ConfigError(
        `config file ${path}: "${field}" is not a setting${like ? ` (did you mean ${like}?)` : ""}`,
      );
    }
    const field = (issue?.path ?? []).map(String).join(".") || "(root)";
    throw new ConfigError(`config file ${path}: "${field}" ${issue?.message ?? "is invalid"}`);
  }
  const holdsKey = Object.values(parsed.data.profiles).some((p) => p.apiKey);
  if (holdsKey && (mode & 0o077) !== 0) {
    throw new ConfigError(
      `config file ${path} holds an API key but is readable by others (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
    );
  }
  return parsed.data;
}

/** Refuse a setting that breaks its rule: its name (the one it came from), the rule and the value given. */
function checkFlag(name: string, value: unknown, schema: z.ZodType): void {
  if (value === undefined) return;
  const r = schema.safeParse(value);
  if (!r.success)
    throw new ConfigError(
      `${name}: ${r.error.issues[0]?.message ?? "invalid"}, got ${JSON.stringify(value)}`,
    );
}

/** Which of a flag, its variable and the profile's key a setting came from (the first set), for messages. */
const sourceName = (flag: unknown, envValue: string | undefined, names: [string, string, string]): string =>
  flag !== undefined ? names[0] : envValue ? names[1] : names[2];

/**
 * VIGIL_STALE_AFTER: whole seconds from 5 to 86400 (a profile's staleAfterSeconds' rule). A bad value is
 * refused only by the commands that use it (the console, share): `refusal`, not a throw here.
 */
function staleAfterEnv(v: string | undefined): { seconds?: number; refusal?: string } {
  if (v === undefined || v.trim() === "") return {};
  const n = Number(v.trim());
  if (/^\d+$/.test(v.trim()) && n >= 5 && n <= 86_400) return { seconds: n };
  return {
    refusal: `VIGIL_STALE_AFTER must be a whole number of seconds from 5 to 86400, got ${JSON.stringify(v)}`,
  };
}

/** VIGIL_READ_ONLY: 1/true/yes or 0/false/no; anything else is refused (a typo must not mean "writable"). */
function readOnlyEnv(v: string | undefined): boolean | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  if (/^(1|true|yes)$/i.test(v.trim())) return true;
  if (/^(0|false|no)$/i.test(v.trim())) return false;
  throw new ConfigError(`VIGIL_READ_ONLY must be 1, true, yes, 0, false or no, got ${JSON.stringify(v)}`);
}

export function resolveConfig(input: { flags: ConfigFlags; env: Env }): ResolvedConfig {
  const { flags, env } = input;
  const path = defaultConfigPath(env, flags.config);
  const file = loadConfigFile(path);
  const profileName = flags.profile ?? env.VIGIL_PROFILE ?? file.defaultProfile;
  let profile: Profile = {};
  if (profileName !== undefined) {
    const p = file.profiles[profileName];
    if (!p) {
      const known = Object.keys(file.profiles);
      throw new ConfigError(
        `unknown profile "${profileName}" (${known.length ? `known: ${known.join(", ")}` : `no profiles in ${path}`})`,
      );
    }
    profile = p;
  }
  const pick = (flag: string | undefined, envName: string, prof: string | undefined) =>
    flag ?? (env[envName] || undefined) ?? prof;
  const baseUrl = pick(flags.baseUrl, "VIGIL_BASE_URL", profile.baseUrl);
  checkFlag(
    sourceName(flags.baseUrl, env.VIGIL_BASE_URL, [
      "--base-url",
      "VIGIL_BASE_URL",
      `profile "${profileName}" baseUrl`,
    ]),
    baseUrl,
    profileSchema.shape.baseUrl,
  );
  const apiKey = pick(flags.apiKey, "VIGIL_API_KEY", profile.apiKey);
  const accountId = pick(flags.account, "VIGIL_ACCOUNT_ID", profile.accountId);
  if (baseUrl && !apiKey)
    throw new ConfigError("an API key is needed for --base-url: set VIGIL_API_KEY or a profile's apiKey");
  const envReadOnly = readOnlyEnv(env.VIGIL_READ_ONLY);
  const stale = staleAfterEnv(env.VIGIL_STALE_AFTER);
  const staleEnv = stale.seconds;
  const fullEnv = env.VIGIL_FULL_READ_SECONDS ? Number(env.VIGIL_FULL_READ_SECONDS) : undefined;
  if (fullEnv !== undefined && !(Number.isInteger(fullEnv) && fullEnv >= 10 && fullEnv <= 300))
    throw new ConfigError(
      `VIGIL_FULL_READ_SECONDS must be a whole number of seconds from 10 to 300, got ${JSON.stringify(env.VIGIL_FULL_READ_SECONDS)}`,
    );
  const envUtc = env.VIGIL_UTC ? /^(1|true|yes)$/i.test(env.VIGIL_UTC) : undefined;
  const envMouse = env.VIGIL_MOUSE ? /^(1|true|yes)$/i.test(env.VIGIL_MOUSE) : undefined;
  const notify = pick(flags.notify, "VIGIL_NOTIFY", profile.notify);
  checkFlag(
    sourceName(flags.notify, env.VIGIL_NOTIFY, [
      "--notify",
      "VIGIL_NOTIFY",
      `profile "${profileName}" notify`,
    ]),
    notify,
    profileSchema.shape.notify,
  );
  const out: ResolvedConfig = {
    readOnly: flags.readOnly ?? envReadOnly ?? profile.readOnly ?? false,
    utc: flags.utc ?? envUtc ?? profile.utc ?? false,
    mouse: flags.mouse ?? envMouse ?? profile.mouse ?? false,
    staleAfterMs: (staleEnv ?? profile.staleAfterSeconds ?? 90) * 1000,
    configPath: path,
    dataDir: defaultDataDir(env, flags.data),
  };
  if (fullEnv !== undefined) out.fullReadMs = fullEnv * 1000;
  if (stale.refusal) out.staleAfterRefusal = stale.refusal;
  if (baseUrl) out.baseUrl = baseUrl.replace(/\/+$/, "");
  if (apiKey) out.apiKey = apiKey;
  if (accountId) out.accountId = accountId;
  if (profileName) out.profile = profileName;
  if (profile.theme) out.theme = profile.theme;
  if (notify === "bell" || notify === "desktop") out.notify = notify;
  const webUrl = pick(undefined, "VIGIL_WEB_URL", profile.webUrl);
  checkFlag("VIGIL_WEB_URL", webUrl, profileSchema.shape.webUrl);
  if (webUrl) out.webUrl = webUrl;
  const startPane = pick(flags.pane, "VIGIL_PANE", profile.startPane);
  if (startPane) {
    out.startPane = startPane;
    out.startPaneFrom = sourceName(flags.pane, env.VIGIL_PANE, [
      "--pane",
      "VIGIL_PANE",
      `profile "${profileName}" startPane`,
    ]);
  }
  if (file.keys) out.keys = file.keys;
  if (file.theme !== undefined) {
    const skin = loadSkin(file.theme, path);
    if ("error" in skin) throw new ConfigError(skin.error);
    out.skin = skin;
  }
  return out;
}
