/**
 * Alerting settings from the environment: a malformed one is refused with one line naming the variable —
 * in the resolver, and by `vigil serve` at start — never turned into the default.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envVariables } from "../../../src/service/alerts/alerting.ts";
import { resolveAlertingConfig, SettingError } from "../../../src/service/alerts/config.ts";
import { NODE, ROOT } from "../../e2e/support/paths.ts";

const refused = (env: NodeJS.ProcessEnv) => () => resolveAlertingConfig({}, env);

describe("alerting settings from the environment", () => {
  it("takes well-formed values and leaves unset or blank ones to the defaults", () => {
    const c = resolveAlertingConfig(
      {},
      {
        VIGIL_WEBHOOK_RETRY_MS: "0",
        VIGIL_WEBHOOK_TIMEOUT_MS: " 5000 ",
        VIGIL_SSL_CHECK_MS: "",
        VIGIL_SMTP_URL: "smtps://u:p@mail.example:465",
        VIGIL_SMTP_FROM: "Vigil <vigil@example.test>",
        VIGIL_PAGING_URL: "https://events.example/v2/enqueue",
      },
    );
    expect(c).toMatchObject({
      retryIntervalMs: 0,
      attemptTimeoutMs: 5000,
      sslCheckIntervalMs: 3_600_000,
      smtpUrl: "smtps://u:p@mail.example:465",
      smtpFrom: "Vigil <vigil@example.test>",
      pagingUrl: "https://events.example/v2/enqueue",
    });
  });

  it.each([
    [
      "VIGIL_WEBHOOK_RETRY_MS",
      "20s",
      /^VIGIL_WEBHOOK_RETRY_MS must be a whole number of milliseconds 0-\d+, got "20s"$/,
    ],
    ["VIGIL_WEBHOOK_RETRY_MS", "-1", /^VIGIL_WEBHOOK_RETRY_MS must be .*got "-1"$/],
    ["VIGIL_WEBHOOK_TIMEOUT_MS", "1.5", /^VIGIL_WEBHOOK_TIMEOUT_MS must be .*got "1.5"$/],
    ["VIGIL_WEBHOOK_TIMEOUT_MS", "0", /^VIGIL_WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds 1-/],
    ["VIGIL_SSL_CHECK_MS", "99999999999", /^VIGIL_SSL_CHECK_MS must be .*got "99999999999"$/],
    ["VIGIL_SMTP_FROM", "vigil", /^VIGIL_SMTP_FROM must be a mail address, got "vigil"$/],
    [
      "VIGIL_SMS_GATEWAY_URL",
      "gateway.local/send",
      /^VIGIL_SMS_GATEWAY_URL must be a URL starting with http:\/\/ or https:\/\/$/,
    ],
    ["VIGIL_ONCALL_URL", "ftp://x", /^VIGIL_ONCALL_URL must be a URL/],
  ])("%s=%s is refused, naming the variable", (name, value, message) => {
    expect(refused({ [name]: value })).toThrow(SettingError);
    expect(refused({ [name]: value })).toThrow(message);
  });

  it("a malformed SMTP URL is refused without repeating it (it may hold a password)", () => {
    const f = refused({ VIGIL_SMTP_URL: "http://mailer:hunter2@mail.example" });
    expect(f).toThrow("VIGIL_SMTP_URL must be a URL starting with smtp:// or smtps://");
    expect(f).not.toThrow(/hunter2/);
  });

  it("VIGIL_WEBHOOK_VARIABLES that is not a JSON object is refused the same way", () => {
    expect(() => envVariables({ VIGIL_WEBHOOK_VARIABLES: "[1]" })).toThrow(SettingError);
  });
});

describe("vigil serve with a malformed setting", () => {
  const data = mkdtempSync(join(tmpdir(), "vigil-settings-"));
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it("does not start: one line naming the variable, exit status 1", () => {
    const r = spawnSync(
      NODE,
      [join(ROOT, "src/cli/main.ts"), "serve", "--port", "0", "--data", data, "--no-demo"],
      {
        env: { PATH: process.env.PATH, HOME: data, VIGIL_WEBHOOK_RETRY_MS: "twenty seconds" },
        encoding: "utf8",
        timeout: 20_000,
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'vigil serve: cannot start: VIGIL_WEBHOOK_RETRY_MS must be a whole number of milliseconds 0-2147483647, got "twenty seconds"\n',
    );
    expect(r.stdout).toBe("");
  });
});
