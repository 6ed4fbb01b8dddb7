/**
 * Retries and the outbox across restarts, on loopback with shortened spacing: a 500-answering receiver
 * sees 6 attempts (1 + 5 retries) at the configured spacing and the delivery log lists each; 500s then a
 * 200 completes; a receiver that never answers times out; a broken template is a FAILURE with its line;
 * a service stopped mid-retry completes the delivery exactly once after a restart on the same data dir.
 */
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { pastTime } from "../../support/until.ts";
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

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(answer: Receiver["answer"], alerting = {}, template?: string) {
  const svc = await startAlertService(alerting);
  const hook = await startReceiver(answer);
  const target = await startTarget(500);
  cleanup.push(
    () => svc.close(),
    () => hook.close(),
    () => target.close(),
  );
  const check = await createUrlCheck(svc, target.url);
  const channel = await createChannel(svc, {
    type: "WEBHOOK",
    config: { name: "r", url: `${hook.url}/r`, webhookSecret: "k", ...(template ? { template } : {}) },
    subscriptions: [{ checkId: check.id, activated: true }],
  });
  return { svc, hook, target, check, channel };
}

describe("retries", () => {
  it("a 500-answering receiver sees 6 attempts at the configured spacing; the log shows each", async () => {
    const { svc, hook } = await setup(() => 500, { retryIntervalMs: 120 });
    await runCheckFailing(svc);
    const log = await until(
      async () => {
        const l = await notifications(svc);
        return l[0]?.status === "FAILURE" ? l : undefined;
      },
      6000,
      "FAILURE",
    );
    expect(hook.requests).toHaveLength(6);
    const ids = new Set(hook.requests.map((r) => r.headers["x-service-delivery-id"]));
    expect(ids.size).toBe(1);
    for (const r of hook.requests) expect(receiverVerifies(r, "k")).toBe(true);
    for (let i = 1; i < 6; i++) {
      const gap = hook.requests[i]!.at - hook.requests[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(110);
      expect(gap).toBeLessThan(1500);
    }
    const n = log[0];
    expect(n.attemptCount).toBe(6);
    expect(n.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const a of n.attempts)
      expect(a).toMatchObject({ outcome: "FAILURE", httpStatus: 500, error: "HTTP 500" });
    expect(n.lastError).toBe("HTTP 500");
    expect(n.nextAttemptAt).toBeNull();
    expect(await notifications(svc, "&hasFailures=true")).toHaveLength(1);
    expect(await settledLog(svc)).toHaveLength(1);
    expect(hook.requests).toHaveLength(6);
  });

  it("500, 500, then 200: SUCCESS on the third attempt", async () => {
    const { svc, hook } = await setup((n) => (n < 2 ? 500 : 200));
    await runCheckFailing(svc);
    const n = await until(async () => (await notifications(svc)).find((x) => x.status === "SUCCESS"), 4000);
    expect(n.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(["FAILURE", "FAILURE", "SUCCESS"]);
    expect(await settledLog(svc)).toHaveLength(1);
    expect(hook.requests).toHaveLength(3);
  });

  it("a receiver that never answers: each attempt times out and is retried", async () => {
    const { svc, hook } = await setup(() => "hang", {
      attemptTimeoutMs: 150,
      maxRetries: 1,
      retryIntervalMs: 50,
    });
    await runCheckFailing(svc);
    const n = await until(async () => (await notifications(svc)).find((x) => x.status === "FAILURE"), 4000);
    expect(hook.requests).toHaveLength(2);
    expect(n.attempts).toHaveLength(2);
    expect(n.lastError).toBe("no answer within 150 ms");
  });

  it("a broken template is a FAILURE on the channel with its line, nothing sent, no crash", async () => {
    const { svc, hook } = await setup(() => 200, {}, '{\n  "a": "{{ALERT_TYPE}}",\n  "b": {{#eq}}\n}');
    await runCheckFailing(svc);
    const n = await until(async () => (await notifications(svc)).find((x) => x.status === "FAILURE"), 3000);
    expect(n.lastError).toMatch(/^template error on line \d+: body: /);
    expect(n.attempts).toHaveLength(0);
    expect(hook.requests).toHaveLength(0);
    // the service still works
    expect((await svc.call("GET", "/v1/alert-channels")).status).toBe(200);
  });

  async function runCheckFailing(svc: TestService) {
    const checks = (await svc.call("GET", "/v1/checks")).body;
    expect((await runCheck(svc, checks[0].id)).status).toBe("FAILED");
  }
});

describe("restart with deliveries pending", () => {
  it("stopped mid-retry, started again on the same data dir: the delivery completes exactly once", async () => {
    const hook = await startReceiver((n) => (n < 2 ? 500 : 200));
    const target = await startTarget(500);
    cleanup.push(
      () => hook.close(),
      () => target.close(),
    );
    let svc = await startAlertService({ retryIntervalMs: 400 });
    const dataDir = svc.dataDir;
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const check = await createUrlCheck(svc, target.url);
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "r", url: `${hook.url}/r`, webhookSecret: "k" },
      subscriptions: [{ checkId: check.id, activated: true }],
    });
    expect((await runCheck(svc, check.id)).status).toBe("FAILED");
    await until(() => hook.requests.length === 1, 3000, "first attempt");
    const pending = await until(async () =>
      (await notifications(svc)).find(
        (x) => x.status === "IN_PROGRESS" && x.attemptCount === 1 && x.nextAttemptAt,
      ),
    );
    await svc.close(); // mid-retry: the next attempt is due in ~400 ms
    // an absence: the stopped service must not send the retry, so wait until it was due (+ two worker polls)
    await pastTime(Date.parse(pending.nextAttemptAt) + 100);
    expect(hook.requests).toHaveLength(1);

    svc = await startAlertService({ retryIntervalMs: 100 }, { dataDir });
    cleanup.push(() => svc.close());
    const done = await until(
      async () => (await notifications(svc)).find((x) => x.status === "SUCCESS"),
      4000,
    );
    expect(done.id).toBe(pending.id);
    expect(await settledLog(svc)).toHaveLength(1);
    expect(hook.requests).toHaveLength(3);
    expect(hook.requests.filter((r) => r.headers["x-service-delivery-id"] === pending.id)).toHaveLength(3);
    expect(done.attempts.map((a: { outcome: string }) => a.outcome)).toEqual([
      "FAILURE",
      "FAILURE",
      "SUCCESS",
    ]);
    // no new alert was raised by the restart itself
    expect(await notifications(svc)).toHaveLength(1);
  });
});
