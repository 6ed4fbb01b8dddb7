/**
 * The other channel types on loopback: EMAIL through a real local SMTP server, CHAT (incoming webhook),
 * PAGING (trigger / resolve with one dedup key per check), ONCALL (create / close by alias), SMS and CALL
 * through the gateway — and SKIPPED, with the reason, for every transport that is not configured.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support.ts";
import { type Mail, startSmtp } from "./smtp.ts";
import {
  createChannel,
  createUrlCheck,
  notifications,
  type Receiver,
  runCheck,
  startAlertService,
  startReceiver,
  startTarget,
  until,
} from "./support.ts";

let target: Awaited<ReturnType<typeof startTarget>>;
beforeAll(async () => {
  target = await startTarget(500);
});
afterAll(async () => {
  await target?.close();
});

const ALL_TYPES = (hookUrl: string) => [
  { type: "EMAIL", config: { address: "ops@example.test" } },
  { type: "CHAT", config: { url: `${hookUrl}/chat`, channel: "#alerts" } },
  { type: "PAGING", config: { serviceKey: "routing-key-123", serviceName: "Shop" } },
  { type: "ONCALL", config: { name: "og", apiKey: "oncall-key-456", region: "EU", priority: "P2" } },
  { type: "SMS", config: { name: "phone", number: "+15555550100" } },
  { type: "CALL", config: { name: "phone", number: "+15555550101" } },
];

async function failThenRecover(svc: TestService, checkId: string) {
  target.status.value = 500;
  expect((await runCheck(svc, checkId)).status).toBe("FAILED");
  target.status.value = 200;
  expect((await runCheck(svc, checkId)).status).toBe("PASSED");
  target.status.value = 500;
}

describe("every channel type delivered", () => {
  let svc: TestService;
  let hook: Receiver;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let checkId: string;

  beforeAll(async () => {
    hook = await startReceiver();
    smtp = await startSmtp();
    svc = await startAlertService({
      smtpUrl: smtp.url,
      smtpFrom: "vigil@example.test",
      pagingUrl: `${hook.url}/paging/v2/enqueue`,
      oncallUrl: `${hook.url}/oncall`,
      smsGatewayUrl: `${hook.url}/sms`,
      callGatewayUrl: `${hook.url}/call`,
    });
    checkId = (await createUrlCheck(svc, target.url)).id;
    for (const c of ALL_TYPES(hook.url))
      await createChannel(svc, { ...c, subscriptions: [{ checkId, activated: true }] });
    await failThenRecover(svc, checkId);
    await until(
      async () => {
        const log = await notifications(svc);
        return log.length === 12 && log.every((n) => n.status === "SUCCESS");
      },
      5000,
      "12 successful deliveries",
    );
  });
  afterAll(async () => {
    await svc?.dispose();
    await Promise.all([hook?.close(), smtp?.close()]);
  });

  const byPath = (p: string) => hook.requests.filter((r) => r.url.startsWith(p));
  const json = (r: { body: Buffer }) => JSON.parse(r.body.toString("utf8"));

  it("EMAIL: one mail per alert through SMTP, with auth from the URL", () => {
    expect(smtp.mails).toHaveLength(2);
    const [fail, rec] = smtp.mails as [Mail, Mail];
    expect(fail.to).toEqual(["ops@example.test"]);
    expect(fail.from).toBe("vigil@example.test");
    expect(fail.user).toBe("mailer");
    expect(fail.raw).toMatch(/Subject: .*Check.+Storefront.health.+has.failed/);
    expect(fail.raw).toContain('Check "Storefront health" has failed');
    expect(fail.raw).toContain("Location: Ireland");
    expect(fail.raw).toMatch(/x-service-delivery-id: [0-9a-f-]{36}/i);
    expect(rec.raw).toContain("has recovered");
  });

  it("CHAT: incoming-webhook JSON", () => {
    const [f, r] = byPath("/chat");
    expect(json(f!)).toMatchObject({ channel: "#alerts" });
    expect(json(f!).text).toContain('Check "Storefront health" has failed');
    expect(json(r!).text).toContain("has recovered");
  });

  it("PAGING: trigger then resolve, same dedup key, routing key added at send time", () => {
    const [t, r] = byPath("/paging/v2/enqueue").map(json);
    expect(t).toMatchObject({
      routing_key: "routing-key-123",
      event_action: "trigger",
      dedup_key: `vigil-${checkId}`,
    });
    expect(t.payload).toMatchObject({ severity: "critical", source: "Ireland" });
    expect(r).toMatchObject({
      routing_key: "routing-key-123",
      event_action: "resolve",
      dedup_key: `vigil-${checkId}`,
    });
  });

  it("ONCALL: create with an alias, close by alias", () => {
    const [c, x] = byPath("/oncall");
    expect(c!.url).toBe("/oncall/v2/alerts");
    expect(c!.headers.authorization).toBe("GenieKey oncall-key-456");
    expect(json(c!)).toMatchObject({ alias: `vigil-${checkId}`, priority: "P2" });
    expect(x!.url).toBe(`/oncall/v2/alerts/vigil-${checkId}/close?identifierType=alias`);
    expect(x!.headers.authorization).toBe("GenieKey oncall-key-456");
  });

  it("SMS and CALL: the gateway gets {to, name, message}", () => {
    expect(byPath("/sms").map(json)[0]).toMatchObject({ kind: "SMS", to: "+15555550100", name: "phone" });
    expect(byPath("/call").map(json)[1]).toMatchObject({ kind: "CALL", to: "+15555550101" });
    expect(byPath("/sms").map(json)[0].message).toContain("has failed");
  });

  it("the delivery log never shows channel secrets", async () => {
    const text = JSON.stringify(await notifications(svc));
    expect(text).not.toContain("routing-key-123");
    expect(text).not.toContain("oncall-key-456");
  });
});

describe("unconfigured transports", () => {
  it("every delivery is SKIPPED with the reason — visible, never silent", async () => {
    const hook = await startReceiver();
    const svc = await startAlertService({}, {});
    try {
      const checkId = (await createUrlCheck(svc, target.url)).id;
      for (const c of ALL_TYPES(hook.url))
        await createChannel(svc, { ...c, subscriptions: [{ checkId, activated: true }] });
      target.status.value = 500;
      await runCheck(svc, checkId);
      const log = await until(async () => {
        const l = await notifications(svc);
        return l.length === 6 && l.every((n) => n.status !== "IN_PROGRESS") ? l : undefined;
      });
      const byType = Object.fromEntries(log.map((n) => [n.type, n]));
      for (const t of ["EMAIL", "PAGING", "ONCALL", "SMS", "CALL"]) {
        expect(byType[t].status).toBe("SKIPPED");
        expect(byType[t].attempts).toHaveLength(0);
      }
      expect(byType.EMAIL.lastError).toContain("VIGIL_SMTP_URL");
      expect(byType.PAGING.lastError).toContain("VIGIL_PAGING_URL");
      expect(byType.ONCALL.lastError).toContain("VIGIL_ONCALL_URL");
      expect(byType.SMS.lastError).toContain("VIGIL_SMS_GATEWAY_URL");
      expect(byType.CALL.lastError).toContain("VIGIL_CALL_GATEWAY_URL");
      expect(byType.CHAT.status).toBe("SUCCESS"); // CHAT posts to its own url
      expect(await notifications(svc, "&hasFailures=true")).toHaveLength(5);
    } finally {
      await svc.dispose();
      await hook.close();
    }
  });
});
