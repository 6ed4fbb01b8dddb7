/**
 * The alerting settings pinned byte for byte: every variable, option name, default and refusal. The settings
 * are declared by the transports that use them (src/service/alerts/channels/<type>.ts) and the core ones in
 * src/service/alerts/config.ts; what the operator sees must not move when they do.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { transportFor } from "../../../src/service/alerts/channels/registry.ts";
import {
  ALERTING_SETTINGS,
  alertingSettingsTable,
  resolveAlertingConfig,
  SettingError,
} from "../../../src/service/alerts/config.ts";
import { errorMessage } from "../../../src/shared/errors.ts";
import { sampleAlert } from "../../../src/shared/webhook/variables.ts";

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    resolveAlertingConfig({}, env);
  } catch (e) {
    expect(e).toBeInstanceOf(SettingError);
    return errorMessage(e);
  }
  throw new Error("not refused");
};

describe("alerting settings, pinned", () => {
  it("defaults with an empty environment", () => {
    expect(resolveAlertingConfig({}, {})).toStrictEqual({
      retryIntervalMs: 20_000,
      maxRetries: 5,
      attemptTimeoutMs: 30_000,
      smtpFrom: "vigil@localhost",
      sslCheckIntervalMs: 3_600_000,
      pollMs: 1000,
      concurrency: 8,
      smtpUrl: undefined,
      smsGatewayUrl: undefined,
      callGatewayUrl: undefined,
      pagingUrl: undefined,
      oncallUrl: undefined,
    });
  });

  it("every variable read (trimmed), and the options winning over them", () => {
    const env = {
      VIGIL_WEBHOOK_RETRY_MS: " 7 ",
      VIGIL_WEBHOOK_TIMEOUT_MS: "8",
      VIGIL_SSL_CHECK_MS: "1000",
      VIGIL_SMTP_URL: " smtp://u:p@mail.example:25 ",
      VIGIL_SMTP_FROM: " Ops <ops@example.test> ",
      VIGIL_SMS_GATEWAY_URL: "http://sms.example/send",
      VIGIL_CALL_GATEWAY_URL: "https://call.example/send",
      VIGIL_PAGING_URL: "http://paging.example/v2/enqueue",
      VIGIL_ONCALL_URL: "https://oncall.example",
    };
    expect(resolveAlertingConfig({}, env)).toStrictEqual({
      retryIntervalMs: 7,
      maxRetries: 5,
      attemptTimeoutMs: 8,
      smtpFrom: "Ops <ops@example.test>",
      sslCheckIntervalMs: 1000,
      pollMs: 1000,
      concurrency: 8,
      smtpUrl: "smtp://u:p@mail.example:25",
      smsGatewayUrl: "http://sms.example/send",
      callGatewayUrl: "https://call.example/send",
      pagingUrl: "http://paging.example/v2/enqueue",
      oncallUrl: "https://oncall.example",
    });
    const opts = {
      retryIntervalMs: 1,
      maxRetries: 2,
      attemptTimeoutMs: 3,
      smtpFrom: "a@b",
      sslCheckIntervalMs: 4,
      pollMs: 5,
      concurrency: 6,
      smtpUrl: "smtps://x",
      smsGatewayUrl: "s",
      callGatewayUrl: "c",
      pagingUrl: "p",
      oncallUrl: "o",
    };
    expect(resolveAlertingConfig(opts, env)).toStrictEqual(opts);
    // an option wins even over a malformed variable: the variable is not read
    expect(
      resolveAlertingConfig(opts, { VIGIL_SMTP_URL: "nope", VIGIL_WEBHOOK_RETRY_MS: "x" }),
    ).toStrictEqual(opts);
  });

  it.each([
    [
      "VIGIL_WEBHOOK_RETRY_MS",
      "20s",
      'VIGIL_WEBHOOK_RETRY_MS must be a whole number of milliseconds 0-2147483647, got "20s"',
    ],
    [
      "VIGIL_WEBHOOK_RETRY_MS",
      "2147483648",
      'VIGIL_WEBHOOK_RETRY_MS must be a whole number of milliseconds 0-2147483647, got "2147483648"',
    ],
    [
      "VIGIL_WEBHOOK_TIMEOUT_MS",
      "0",
      'VIGIL_WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds 1-2147483647, got "0"',
    ],
    [
      "VIGIL_SSL_CHECK_MS",
      " 999",
      'VIGIL_SSL_CHECK_MS must be a whole number of milliseconds 1000-2147483647, got " 999"',
    ],
    ["VIGIL_SMTP_FROM", "vigil", 'VIGIL_SMTP_FROM must be a mail address, got "vigil"'],
    ["VIGIL_SMTP_FROM", "a@b\nBcc: x@y", 'VIGIL_SMTP_FROM must be a mail address, got "a@b\\nBcc: x@y"'],
    [
      "VIGIL_SMTP_URL",
      "http://u:hunter2@mail",
      "VIGIL_SMTP_URL must be a URL starting with smtp:// or smtps://",
    ],
    ["VIGIL_SMTP_URL", "mail.example", "VIGIL_SMTP_URL must be a URL starting with smtp:// or smtps://"],
    [
      "VIGIL_SMS_GATEWAY_URL",
      "sms.example",
      "VIGIL_SMS_GATEWAY_URL must be a URL starting with http:// or https://",
    ],
    [
      "VIGIL_CALL_GATEWAY_URL",
      "smtp://x",
      "VIGIL_CALL_GATEWAY_URL must be a URL starting with http:// or https://",
    ],
    ["VIGIL_PAGING_URL", "ftp://x", "VIGIL_PAGING_URL must be a URL starting with http:// or https://"],
    ["VIGIL_ONCALL_URL", "x", "VIGIL_ONCALL_URL must be a URL starting with http:// or https://"],
  ])("%s=%j: the one line", (name, value, line) => {
    expect(refusal({ [name]: value })).toBe(line);
  });

  it("blank values are unset", () => {
    const blank = Object.fromEntries(
      [
        "VIGIL_WEBHOOK_RETRY_MS",
        "VIGIL_WEBHOOK_TIMEOUT_MS",
        "VIGIL_SSL_CHECK_MS",
        "VIGIL_SMTP_URL",
        "VIGIL_SMTP_FROM",
        "VIGIL_SMS_GATEWAY_URL",
        "VIGIL_CALL_GATEWAY_URL",
        "VIGIL_PAGING_URL",
        "VIGIL_ONCALL_URL",
      ].map((k) => [k, "  "]),
    );
    expect(resolveAlertingConfig({}, blank)).toStrictEqual(resolveAlertingConfig({}, {}));
  });

  it.each([
    ["EMAIL", { address: "a@b.example" }, "EMAIL transport not configured (set VIGIL_SMTP_URL)"],
    ["SMS", { number: "+15555550100" }, "SMS gateway not configured (set VIGIL_SMS_GATEWAY_URL)"],
    ["CALL", { number: "+15555550100" }, "CALL gateway not configured (set VIGIL_CALL_GATEWAY_URL)"],
    ["PAGING", { serviceKey: "k" }, "PAGING transport not configured (set VIGIL_PAGING_URL)"],
    ["ONCALL", { apiKey: "k" }, "ONCALL transport not configured (set VIGIL_ONCALL_URL)"],
  ])("%s without its endpoint: SKIPPED, naming the variable", (type, config, reason) => {
    const ctx = {
      alert: sampleAlert("ALERT_FAILURE", 0),
      family: "failure",
      variables: {},
      userVariables: {},
      now: 0,
      config: resolveAlertingConfig({}, {}),
    } as const;
    expect(transportFor(type)?.prepare({ id: 1, type, config }, ctx)).toStrictEqual({ kind: "skip", reason });
  });

  it("the doc table, derived from the declarations", () => {
    expect(alertingSettingsTable()).toBe(
      [
        "| setting | env | default |",
        "|---|---|---|",
        "| retryIntervalMs — spacing of webhook/transport retries | VIGIL_WEBHOOK_RETRY_MS | 20000 (seed §6.3) |",
        "| maxRetries — retries after the first attempt | — | 5 (seed §6.3) |",
        "| attemptTimeoutMs — no answer within this is a failed attempt | VIGIL_WEBHOOK_TIMEOUT_MS | 30000 |",
        "| sslCheckIntervalMs — certificate expiry scan | VIGIL_SSL_CHECK_MS | 3600000 (about hourly) |",
        "| pollMs — worker's safety poll for due deliveries | — | 1000 |",
        "| concurrency — parallel sends | — | 8 |",
        "| smtpUrl — EMAIL transport, e.g. smtp://user:pass@host:587 | VIGIL_SMTP_URL | none → EMAIL SKIPPED |",
        "| smtpFrom — sender address | VIGIL_SMTP_FROM | vigil@localhost |",
        "| pagingUrl — PAGING events endpoint (trigger/resolve) | VIGIL_PAGING_URL | none → SKIPPED |",
        "| oncallUrl — ONCALL alerts API base (create/close) | VIGIL_ONCALL_URL | none → SKIPPED |",
        "| smsGatewayUrl — SMS: POST {to, name, message} | VIGIL_SMS_GATEWAY_URL | none → SKIPPED |",
        "| callGatewayUrl — CALL: POST {to, name, message} | VIGIL_CALL_GATEWAY_URL | none → SKIPPED |",
      ].join("\n"),
    );
  });

  it("no two settings share an option or a variable, and the README names every variable", () => {
    const keys = ALERTING_SETTINGS.map((s) => s.key);
    const envs = ALERTING_SETTINGS.flatMap((s) => (s.env ? [s.env] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(envs).size).toBe(envs.length);
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(envs.filter((e) => !readme.includes(`\`${e}\``))).toEqual([]);
  });
});
