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

function envNum(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

const envStr = (v: string | undefined): string | undefined => (v && v.trim() !== "" ? v.trim() : undefined);

export function resolveAlertingConfig(
  opts: AlertingOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): AlertingConfig {
  const cfg: AlertingConfig = {
    retryIntervalMs: opts.retryIntervalMs ?? envNum(env.VIGIL_WEBHOOK_RETRY_MS) ?? 20_000,
    maxRetries: opts.maxRetries ?? 5,
    attemptTimeoutMs: opts.attemptTimeoutMs ?? envNum(env.VIGIL_WEBHOOK_TIMEOUT_MS) ?? 30_000,
    smtpFrom: opts.smtpFrom ?? envStr(env.VIGIL_SMTP_FROM) ?? "vigil@localhost",
    sslCheckIntervalMs: opts.sslCheckIntervalMs ?? envNum(env.VIGIL_SSL_CHECK_MS) ?? 3_600_000,
    pollMs: opts.pollMs ?? 1000,
    concurrency: opts.concurrency ?? 8,
  };
  const optional = {
    smtpUrl: opts.smtpUrl ?? envStr(env.VIGIL_SMTP_URL),
    smsGatewayUrl: opts.smsGatewayUrl ?? envStr(env.VIGIL_SMS_GATEWAY_URL),
    callGatewayUrl: opts.callGatewayUrl ?? envStr(env.VIGIL_CALL_GATEWAY_URL),
    pagingUrl: opts.pagingUrl ?? envStr(env.VIGIL_PAGING_URL),
    oncallUrl: opts.oncallUrl ?? envStr(env.VIGIL_ONCALL_URL),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (cfg as Record<string, unknown>)[k] = v;
  return cfg;
}
