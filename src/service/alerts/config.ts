/**
 * Settings of the alerting module, from service options and the environment (options win).
 *
 * | setting | env | default |
 * |---|---|---|
 * | retryIntervalMs — spacing of webhook/transport retries | VIGIL_WEBHOOK_RETRY_MS | 20000 (seed §6.3) |
 * | maxRetries — retries after the first attempt | — | 5 (seed §6.3) |
 * | attemptTimeoutMs — no answer within this is a failed attempt | VIGIL_WEBHOOK_TIMEOUT_MS | 30000 |
 * | smtpUrl — EMAIL transport, e.g. smtp://user:pass@host:587 | VIGIL_SMTP_URL | none → EMAIL SKIPPED |
 * | smtpFrom — sender address | VIGIL_SMTP_FROM | vigil@localhost |
 * | smsGatewayUrl — SMS: POST {to, name, message} | VIGIL_SMS_GATEWAY_URL | none → SKIPPED |
 * | callGatewayUrl — CALL: POST {to, name, message} | VIGIL_CALL_GATEWAY_URL | none → SKIPPED |
 * | pagingUrl — PAGING events endpoint (trigger/resolve) | VIGIL_PAGING_URL | none → SKIPPED |
 * | oncallUrl — ONCALL alerts API base (create/close) | VIGIL_ONCALL_URL | none → SKIPPED |
 * | sslCheckIntervalMs — certificate expiry scan | VIGIL_SSL_CHECK_MS | 3600000 (about hourly) |
 * | pollMs — worker's safety poll for due deliveries | — | 1000 |
 *
 * A malformed value in the environment (not a whole number, out of range, not a URL of the right scheme) is
 * refused with one line naming the variable (`SettingError`): the service does not start on a default the
 * operator did not choose.
 *
 * PAGING and ONCALL post to configurable URLs because the real services are unreachable offline; CHAT posts
 * to the channel's own incoming-webhook `url`; WEBHOOK to its `url`.
 */
export type AlertingOptions = {
  retryIntervalMs?: number;
  maxRetries?: number;
  attemptTimeoutMs?: number;
  smtpUrl?: string;
  smtpFrom?: string;
  smsGatewayUrl?: string;
  callGatewayUrl?: string;
  pagingUrl?: string;
  oncallUrl?: string;
  sslCheckIntervalMs?: number;
  pollMs?: number;
  /** Parallel sends (default 8). */
  concurrency?: number;
};

export type AlertingConfig = Required<
  Pick<
    AlertingOptions,
    | "retryIntervalMs"
    | "maxRetries"
    | "attemptTimeoutMs"
    | "smtpFrom"
    | "sslCheckIntervalMs"
    | "pollMs"
    | "concurrency"
  >
> &
  Pick<AlertingOptions, "smtpUrl" | "smsGatewayUrl" | "callGatewayUrl" | "pagingUrl" | "oncallUrl">;

/** A setting from the environment that is not what it must be: the service refuses to start, naming it. */
export class SettingError extends Error {
  override name = "SettingError";
}

/** The longest wait a timer takes (setTimeout fires at once beyond it). */
const MAX_MS = 2_147_483_647;

/** A whole number of milliseconds from `env[name]`; unset or blank: undefined; anything else malformed: refused. */
function envMs(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v.trim());
  if (!/^\d+$/.test(v.trim()) || n < min || n > MAX_MS)
    throw new SettingError(
      `${name} must be a whole number of milliseconds ${min}-${MAX_MS}, got ${JSON.stringify(v)}`,
    );
  return n;
}

const envStr = (v: string | undefined): string | undefined => (v && v.trim() !== "" ? v.trim() : undefined);

/** A URL from `env[name]` with one of `protocols`; the value is not repeated in the error (it may hold a password). */
function envUrl(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | undefined {
  const v = envStr(env[name]);
  if (v === undefined) return undefined;
  const p = URL.canParse(v) ? new URL(v).protocol : undefined;
  if (!p || !protocols.includes(p))
    throw new SettingError(
      `${name} must be a URL starting with ${protocols.map((x) => `${x}//`).join(" or ")}`,
    );
  return v;
}

const HTTP = ["http:", "https:"] as const;

/** VIGIL_SMTP_FROM: an address (`a@b.example` or `Name <a@b.example>`), one line. */
function envFrom(env: NodeJS.ProcessEnv): string | undefined {
  const v = envStr(env.VIGIL_SMTP_FROM);
  if (v !== undefined && (!/@/.test(v) || /[\r\n]/.test(v)))
    throw new SettingError(`VIGIL_SMTP_FROM must be a mail address, got ${JSON.stringify(v)}`);
  return v;
}

/** The settings; a malformed one in `env` throws `SettingError` naming its variable (never a silent default). */
export function resolveAlertingConfig(
  opts: AlertingOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): AlertingConfig {
  const cfg: AlertingConfig = {
    retryIntervalMs: opts.retryIntervalMs ?? envMs(env, "VIGIL_WEBHOOK_RETRY_MS", 0) ?? 20_000,
    maxRetries: opts.maxRetries ?? 5,
    attemptTimeoutMs: opts.attemptTimeoutMs ?? envMs(env, "VIGIL_WEBHOOK_TIMEOUT_MS", 1) ?? 30_000,
    smtpFrom: opts.smtpFrom ?? envFrom(env) ?? "vigil@localhost",
    sslCheckIntervalMs: opts.sslCheckIntervalMs ?? envMs(env, "VIGIL_SSL_CHECK_MS", 1000) ?? 3_600_000,
    pollMs: opts.pollMs ?? 1000,
    concurrency: opts.concurrency ?? 8,
    // the optional ones: unset is undefined
    smtpUrl: opts.smtpUrl ?? envUrl(env, "VIGIL_SMTP_URL", ["smtp:", "smtps:"]),
    smsGatewayUrl: opts.smsGatewayUrl ?? envUrl(env, "VIGIL_SMS_GATEWAY_URL", HTTP),
    callGatewayUrl: opts.callGatewayUrl ?? envUrl(env, "VIGIL_CALL_GATEWAY_URL", HTTP),
    pagingUrl: opts.pagingUrl ?? envUrl(env, "VIGIL_PAGING_URL", HTTP),
    oncallUrl: opts.oncallUrl ?? envUrl(env, "VIGIL_ONCALL_URL", HTTP),
  };
  return cfg;
}
