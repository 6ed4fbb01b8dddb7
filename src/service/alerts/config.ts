/**
 * Settings of the alerting module, from service options and the environment (options win). Each is declared
 * where it is used — the core ones below, a transport's own (the endpoint it posts to) in its file under
 * channels/ — with its option name, variable, rule, default and one doc line (the kinds: settings.ts); the
 * type, the parsing and the doc table here are derived from those declarations, so a new channel type needs
 * no line in this file. The table of them all — option, variable, default — is `alertingSettingsTable()`,
 * pinned whole in test/service/alerts/settings-pin.test.ts.
 *
 * A malformed value in the environment is refused with one line naming the variable (`SettingError`): the
 * service does not start on a default the operator did not choose.
 *
 * PAGING and ONCALL post to configurable URLs because the real services are unreachable offline; CHAT posts
 * to the channel's own incoming-webhook `url`; WEBHOOK to its `url`.
 */
import { TRANSPORT_SETTINGS, type TransportSettings } from "./channels/registry.ts";
import {
  msSetting,
  optionSetting,
  resolveSettings,
  type SettingOptions,
  type SettingValues,
  settingsTable,
} from "./settings.ts";

export { SettingError } from "./settings.ts";

/** The settings every transport and the worker read. */
const CORE = {
  retryIntervalMs: msSetting({
    env: "VIGIL_WEBHOOK_RETRY_MS",
    min: 0,
    default: 20_000,
    doc: "spacing of webhook/transport retries",
    shownDefault: "20000 (seed §6.3)",
  }),
  maxRetries: optionSetting({
    default: 5,
    doc: "retries after the first attempt",
    shownDefault: "5 (seed §6.3)",
  }),
  attemptTimeoutMs: msSetting({
    env: "VIGIL_WEBHOOK_TIMEOUT_MS",
    min: 1,
    default: 30_000,
    doc: "no answer within this is a failed attempt",
  }),
  sslCheckIntervalMs: msSetting({
    env: "VIGIL_SSL_CHECK_MS",
    min: 1000,
    default: 3_600_000,
    doc: "certificate expiry scan",
    shownDefault: "3600000 (about hourly)",
  }),
  pollMs: optionSetting({ default: 1000, doc: "worker's safety poll for due deliveries" }),
  concurrency: optionSetting({ default: 8, doc: "parallel sends" }),
};

/** The core settings' values (what every transport's context holds). */
export type CoreConfig = SettingValues<typeof CORE>;

/** The settings' values: the core ones and every transport's. */
export type AlertingConfig = CoreConfig & SettingValues<TransportSettings>;

/** What a service option may set (any of them; a variable's name is in the table). */
export type AlertingOptions = SettingOptions<typeof CORE & TransportSettings>;

const GROUPS = [CORE, ...TRANSPORT_SETTINGS] as const;

/** The settings; a malformed one in `env` throws `SettingError` naming its variable (never a silent default). */
export function resolveAlertingConfig(
  opts: AlertingOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): AlertingConfig {
  return resolveSettings(GROUPS, opts, env);
}

/** The doc table of every setting: option — what it is | variable | default. */
export function alertingSettingsTable(): string {
  return settingsTable(GROUPS);
}

/** Every setting's declaration (the tests check names and the README against them). */
export const ALERTING_SETTINGS: readonly { key: string; env: string | undefined }[] = GROUPS.flatMap((g) =>
  Object.entries(g).map(([key, s]) => ({ key, env: s.env })),
);
