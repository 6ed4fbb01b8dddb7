/**
 * End to end on loopback: a check made to fail (its target answers 500) and triggered through the API
 * yields exactly one ALERT_FAILURE delivery per subscribed WEBHOOK channel, signed as the receiver checks
 * with its own HMAC code; passing again yields one ALERT_RECOVERY; repeated states raise nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support.ts";
import {
  createChannel,
  createUrlCheck,
  notifications,
  type Receiver,
  receiverVerifies,
  runCheck,
  settledLog,
  startAlertService,
  startReceiver,
  startTarget,
  until,
} from "./support.ts";

let svc: TestService;
let hookA: Receiver;
let hookB: Receiver;
let other: Receiver;
let target: Awaited<ReturnType<typeof startTarget>>;

beforeAll(async () => {
  svc = await startAlertService();
  [hookA, hookB, other] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
  target = await startTarget(200);
});
afterAll(async () => {
  await svc?.dispose();
  await Promise.all([hookA?.close(), hookB?.close(), other?.close(), target?.close()]);
});

describe("failure → recovery over signed webhooks", () => {
  let checkId: string;
  let chA: number;
  let chB: number;

  beforeAll(async () => {
    const check = await createUrlCheck(svc, target.url);
    checkId = check.id;
    chA = (
      await createChannel(svc, {
        type: "WEBHOOK",
        config: {
          name: "A",
          url: `${hookA.url}/hook/{{CHECK_ID}}`,
          webhookSecret: "secret-A",
          headers: [{ key: "X-Team", value: '{{tagValue TAGS "team" "none"}}' }],
          queryParameters: [{ key: "type", value: "{{ALERT_TYPE}}" }],
          template:
            '{"type":"{{ALERT_TYPE}}","check":"{{{CHECK_NAME}}}","where":"{{RUN_LOCATION}}","ms":{{RESPONSE_TIME}} }',
        },
        subscriptions: [{ checkId, activated: true }],
      })
    ).id;
    chB = (
      await createChannel(svc, {
        type: "WEBHOOK",
        config: { name: "B", url: `${hookB.url}/b` },
        subscriptions: [{ checkId, activated: true }],
      })
    ).id;
    // subscribed but switched off for failures and recoveries; and one not subscribed at all
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "off", url: `${other.url}/off` },
      sendFailure: false,
      sendRecovery: false,
      subscriptions: [{ checkId, activated: true }],
    });
    await createChannel(svc, { type: "WEBHOOK", config: { name: "unsubscribed", url: `${other.url}/x` } });
  });

  it("a passing run raises nothing", async () => {
    const s = await runCheck(svc, checkId);
    expect(s.status).toBe("PASSED");
    expect(await settledLog(svc)).toHaveLength(0);
    expect(hookA.requests.length + hookB.requests.length + other.requests.length).toBe(0);
  });

  it("failing: exactly one ALERT_FAILURE per subscribed channel, signed", async () => {
    target.status.value = 500;
    const before = Date.now();
    expect((await runCheck(svc, checkId)).status).toBe("FAILED");
    await until(() => hookA.requests.length === 1 && hookB.requests.length === 1, 4000, "both deliveries");
    // a second failing run is the same state: nothing new
    expect((await runCheck(svc, checkId)).status).toBe("FAILED");
    expect(await settledLog(svc)).toHaveLength(2);
    expect(hookA.requests).toHaveLength(1);
    expect(hookB.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);

    const a = hookA.requests[0]!;
    expect(a.method).toBe("POST");
    expect(a.url).toBe(`/hook/${checkId}?type=ALERT_FAILURE`);
    expect(a.headers["x-team"]).toBe("web");
    expect(receiverVerifies(a, "secret-A")).toBe(true);
    expect(receiverVerifies(a, "wrong")).toBe(false);
    const ts = Number(a.headers["x-service-timestamp"]);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(Date.now());
    expect(String(a.headers["x-service-delivery-id"])).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(a.body.toString("utf8"));
    expect(body).toMatchObject({ type: "ALERT_FAILURE", check: "Storefront health", where: "Ireland" });
    expect(typeof body.ms).toBe("number");

    const b = hookB.requests[0]!;
    expect(b.headers["x-service-signature"]).toBeUndefined();
    expect(b.headers["x-service-timestamp"]).toBeDefined();
    const vars = JSON.parse(b.body.toString("utf8")); // default body: the §6.1 variables
    expect(vars).toMatchObject({
      ALERT_TYPE: "ALERT_FAILURE",
      CHECK_ID: checkId,
      CHECK_TYPE: "URL",
      CHECK_NAME: "Storefront health",
      REGION: "eu-west-1",
      RUN_LOCATION: "Ireland",
      TAGS: ["prod", "team:web"],
      API_CHECK_RESPONSE_STATUS_CODE: 500,
      IS_REMINDER: false,
    });
    expect(vars.ALERT_TITLE).toBe('Check "Storefront health" has failed');
    expect(typeof vars.CHECK_RESULT_ID).toBe("string");
    expect(vars.RESULT_LINK).toBe(`${svc.url}/v1/check-results/${checkId}/${vars.CHECK_RESULT_ID}`);

    const log = await notifications(svc);
    const failures = log.filter((n: { alertType: string }) => n.alertType === "ALERT_FAILURE");
    expect(failures).toHaveLength(2);
    for (const n of failures) {
      expect(n.status).toBe("SUCCESS");
      expect(n.attempts).toHaveLength(1);
      expect(n.attempts[0]).toMatchObject({ attempt: 1, outcome: "SUCCESS", httpStatus: 200 });
      expect(JSON.stringify(n)).not.toContain("secret-A");
    }
    expect(failures.map((n: { alertChannelId: number }) => n.alertChannelId).sort()).toEqual(
      [chA, chB].sort(),
    );
    expect(failures.find((n: { alertChannelId: number }) => n.alertChannelId === chA).id).toBe(
      a.headers["x-service-delivery-id"],
    );
  });

  it("passing again: exactly one ALERT_RECOVERY per channel", async () => {
    target.status.value = 200;
    expect((await runCheck(svc, checkId)).status).toBe("PASSED");
    await until(() => hookA.requests.length === 2 && hookB.requests.length === 2, 4000, "recoveries");
    expect((await runCheck(svc, checkId)).status).toBe("PASSED");
    expect(await settledLog(svc)).toHaveLength(4);
    expect(hookA.requests).toHaveLength(2);
    expect(hookB.requests).toHaveLength(2);
    const a = hookA.requests[1]!;
    expect(a.url).toBe(`/hook/${checkId}?type=ALERT_RECOVERY`);
    expect(JSON.parse(a.body.toString()).type).toBe("ALERT_RECOVERY");
    expect(receiverVerifies(a, "secret-A")).toBe(true);
    expect(JSON.parse(hookB.requests[1]!.body.toString()).ALERT_TITLE).toBe(
      'Check "Storefront health" has recovered',
    );
    expect(other.requests).toHaveLength(0);
  });

  it("filters the delivery log by channel and failures", async () => {
    expect(await notifications(svc, `&alertChannelId=${chA}`)).toHaveLength(2);
    expect(await notifications(svc, "&hasFailures=true")).toHaveLength(0);
    expect(await notifications(svc, "&status=SUCCESS")).toHaveLength(4);
    const bad = await svc.call("GET", "/v1/alert-notifications?from=0&to=200000");
    expect(bad.status).toBe(400);
  });
});

describe("muted checks alert nothing", () => {
  it("no delivery for a muted failing check", async () => {
    const hook = await startReceiver();
    try {
      const check = await createUrlCheck(svc, target.url, { name: "muted", muted: true });
      await createChannel(svc, {
        type: "WEBHOOK",
        config: { name: "m", url: hook.url },
        subscriptions: [{ checkId: check.id, activated: true }],
      });
      target.status.value = 500;
      expect((await runCheck(svc, check.id)).status).toBe("FAILED");
      expect((await settledLog(svc)).filter((n) => n.checkId === check.id)).toHaveLength(0);
      expect(hook.requests).toHaveLength(0);
    } finally {
      target.status.value = 200;
      await hook.close();
    }
  });
});
