/**
 * `vigil webhook render|verify` as child processes: render prints the exact body a delivery would send
 * (sample variables, or a check's latest result), a template error names its line (exit 1); verify checks
 * a signature computed here with node:crypto, exit 0 / 1, secret from env or file only.
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createChannel,
  createUrlCheck,
  runCheck,
  startAlertService,
  startTarget,
} from "../service/alerts/support.ts";
import type { TestService } from "../service/support.ts";
import { runCli } from "./run-cli.ts";

let svc: TestService;
let target: Awaited<ReturnType<typeof startTarget>>;
let env: Record<string, string>;
let channelId: number;
let brokenId: number;
let emailId: number;
let checkId: string;
const TEMPLATE =
  '{"type":"{{ALERT_TYPE}}","check":"{{CHECK_NAME}}","code":{{API_CHECK_RESPONSE_STATUS_CODE}},"team":"{{tagValue TAGS "team" "none"}}","env":"{{DEPLOY_ENV}}"}';

beforeAll(async () => {
  svc = await startAlertService();
  target = await startTarget(503);
  env = { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey };
  checkId = (await createUrlCheck(svc, target.url)).id;
  await runCheck(svc, checkId);
  channelId = (
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "w", url: "http://127.0.0.1:9/x", template: TEMPLATE },
    })
  ).id;
  brokenId = (
    await createChannel(svc, {
      type: "WEBHOOK",
      config: {
        name: "b",
        url: "http://127.0.0.1:9/x",
        template: '{\n  "a": 1,\n  "b": "{{#if}}{{/each}}"\n}',
      },
    })
  ).id;
  emailId = (await createChannel(svc, { type: "EMAIL", config: { address: "a@example.test" } })).id;
});
afterAll(async () => {
  await svc?.dispose();
  await target?.close();
});

describe("vigil webhook render", () => {
  it("with a sample", async () => {
    const r = await runCli(["webhook", "render", "--channel", String(channelId)], {
      env: { ...env, VIGIL_WEBHOOK_VARIABLES: '{"DEPLOY_ENV":"staging"}' },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      type: "ALERT_FAILURE",
      check: "Sample check",
      code: 500,
      team: "platform",
      env: "staging",
    });
  });

  it("with the check's latest result and an alert type", async () => {
    const v = await svc.call("POST", "/v1/variables", { key: "DEPLOY_ENV", value: "prod" });
    expect(v.status).toBe(201);
    const r = await runCli(
      [
        "webhook",
        "render",
        "--channel",
        String(channelId),
        "--check",
        checkId,
        "--alert-type",
        "ALERT_RECOVERY",
      ],
      { env },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      type: "ALERT_RECOVERY",
      check: "Storefront health",
      code: 503,
      team: "web",
      env: "prod",
    });
  });

  it("--json prints the whole request", async () => {
    const r = await runCli(["webhook", "render", "--channel", String(channelId), "--json"], { env });
    expect(r.code).toBe(0);
    const req = JSON.parse(r.stdout);
    expect(req).toMatchObject({ method: "POST", url: "http://127.0.0.1:9/x" });
    expect(JSON.parse(req.body).type).toBe("ALERT_FAILURE");
  });

  it("a template error names its line, exit 1", async () => {
    const r = await runCli(["webhook", "render", "--channel", String(brokenId)], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^vigil: template error on line 3: body: /);
  });

  it("usage errors exit 2", async () => {
    const [none, badType, email] = await Promise.all([
      runCli(["webhook", "render"], { env }),
      runCli(["webhook", "render", "--channel", String(channelId), "--alert-type", "NOPE"], { env }),
      runCli(["webhook", "render", "--channel", String(emailId)], { env }),
    ]);
    expect(none.code).toBe(2);
    expect(badType.code).toBe(2);
    expect(email.code).toBe(2);
    expect(email.stderr).toContain("only WEBHOOK");
  });
});

describe("vigil webhook verify", () => {
  const body = '{"type":"ALERT_FAILURE","check":"Storefront health"}';
  const secret = "hook-secret-value";
  const sig = createHmac("sha256", secret).update(body).digest("hex");
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vigil-verify-"));
    writeFileSync(join(dir, "secret"), `${secret}\n`, { mode: 0o600 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("valid with the secret from env, no service needed", async () => {
    const r = await runCli(["webhook", "verify", "--secret-env", "HOOK", "--signature", sig], {
      env: { HOOK: secret },
      input: body,
    });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("valid");
  });

  it("valid with the secret from a file", async () => {
    const r = await runCli(["webhook", "verify", "--secret-file", join(dir, "secret"), "--signature", sig], {
      input: body,
    });
    expect(r.code).toBe(0);
  });

  it("invalid: altered body, wrong secret, malformed signature (exit 1)", async () => {
    const verifyWith = (hook: string, signature: string, input: string) =>
      runCli(["webhook", "verify", "--secret-env", "HOOK", "--signature", signature], {
        env: { HOOK: hook },
        input,
      });
    const [altered, wrong, junk] = await Promise.all([
      verifyWith(secret, sig, `${body} `),
      verifyWith("other", sig, body),
      verifyWith(secret, "xyz", body),
    ]);
    expect(altered.code).toBe(1);
    expect(altered.stderr).toContain("invalid");
    expect(wrong.code).toBe(1);
    expect(junk.code).toBe(1);
  });

  it("timestamp window", async () => {
    const fresh = await runCli(
      ["webhook", "verify", "--secret-env", "HOOK", "--signature", sig, "--timestamp", String(Date.now())],
      { env: { HOOK: secret }, input: body },
    );
    expect(fresh.code).toBe(0);
    const old = await runCli(
      [
        "webhook",
        "verify",
        "--secret-env",
        "HOOK",
        "--signature",
        sig,
        "--timestamp",
        String(Date.now() - 3_600_000),
        "--json",
      ],
      { env: { HOOK: secret }, input: body },
    );
    expect(old.code).toBe(1);
    expect(JSON.parse(old.stdout)).toMatchObject({ valid: false });
  });

  it("the secret never comes from argv; missing secret is a usage error", async () => {
    const [missing, argv, unset] = await Promise.all([
      runCli(["webhook", "verify", "--signature", sig], { input: body }),
      runCli(["webhook", "verify", "--secret", secret, "--signature", sig], { input: body }),
      runCli(["webhook", "verify", "--secret-env", "NOPE", "--signature", sig], { input: body }),
    ]);
    expect(missing.code).toBe(2);
    expect(argv.code).toBe(2);
    expect(argv.stderr).not.toContain(secret);
    expect(unset.code).toBe(2);
    expect(unset.stderr).not.toContain(secret);
  });
});

describe("vigil alert-notifications list", () => {
  it("shows the delivery log (an email delivery not sent here: SKIPPED in the API)", async () => {
    const check = await createUrlCheck(svc, target.url, { name: "logged" });
    await svc.call("PUT", `/v1/alert-channels/${emailId}/subscriptions`, {
      checkId: check.id,
      activated: true,
    });
    await runCheck(svc, check.id);
    const json = await runCli(["alert-notifications", "list", "--json", "--channel", String(emailId)], {
      env,
    });
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "EMAIL", status: "SKIPPED", alertType: "ALERT_FAILURE" });
    const table = await runCli(["alert-notifications", "list", "--failures"], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/STATUS/);
    // the console's word and mark for SKIPPED (store/triage/delivery-state.ts), the API's in --json above
    expect(table.stdout).not.toContain("SKIPPED");
    // the channel named as the console names it, one way for every type: number, type, target
    expect(table.stdout).toMatch(
      new RegExp(
        `EMAIL +#${emailId} EMAIL a@example\\.test +ALERT_FAILURE +⊘ not sent +0 +EMAIL transport not configured`,
      ),
    );
  });
});
