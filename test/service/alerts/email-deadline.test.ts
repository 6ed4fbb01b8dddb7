/**
 * EMAIL against a slow SMTP server (smtp-server on loopback): an attempt without an answer in time is
 * cancelled, and the server ends up with exactly one mail — a retry only when the first attempt was cut
 * before the message went out, none when the message may have landed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../../support/until.ts";
import type { TestService } from "../support.ts";
import { type Slowness, startSmtp } from "./smtp.ts";
import {
  closedUrl,
  createChannel,
  createUrlCheck,
  notifications,
  runCheck,
  startAlertService,
} from "./support.ts";

let svc: TestService | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
afterEach(async () => {
  await svc?.dispose();
  await smtp?.close();
  svc = smtp = undefined;
});

/** One failure alert to one EMAIL channel; resolves with the delivery once it is final. */
async function deliverOne(slow: Slowness) {
  smtp = await startSmtp(slow);
  svc = await startAlertService({
    smtpUrl: smtp.url,
    attemptTimeoutMs: 300,
    retryIntervalMs: 50,
    maxRetries: 3,
  });
  const check = await createUrlCheck(svc, await closedUrl());
  await createChannel(svc, {
    type: "EMAIL",
    config: { address: "ops@example.test" },
    subscriptions: [{ checkId: check.id, activated: true }],
  });
  expect((await runCheck(svc, check.id)).status).toBe("FAILED");
  const s = svc;
  const d = await until("the delivery to be final", 10_000, async () =>
    (await notifications(s)).find((n) => n.status === "SUCCESS" || n.status === "FAILURE"),
  );
  // every session the service opened has ended: the server can receive nothing more from it
  const m = smtp;
  await until("every SMTP session to end", 5000, () => m.sessions().closed === m.sessions().opened);
  return d;
}

describe("EMAIL attempt deadline", () => {
  it("a server slow to answer the message gets it once: no retry after the message went out", async () => {
    const d = await deliverOne(() => ({ answerMs: 1500 }));
    expect(smtp!.mails).toHaveLength(1);
    expect(smtp!.sessions().opened).toBe(1);
    expect(d.status).toBe("FAILURE");
    expect(d.attemptCount).toBe(1);
    expect(d.attempts[0].outcome).toBe("UNKNOWN");
    expect(d.lastError).toMatch(
      /no answer within 300 ms after the message was sent — it may have been delivered/,
    );
  });

  it("a server slow before the message is cut off and retried: one mail, from the retry", async () => {
    const d = await deliverOne((n) => (n === 0 ? { envelopeMs: 1500 } : {}));
    expect(d.status).toBe("SUCCESS");
    expect(d.attemptCount).toBe(2);
    expect(d.attempts[0]).toMatchObject({ outcome: "FAILURE", error: "SMTP error: no answer within 300 ms" });
    expect(smtp!.mails).toHaveLength(1);
    expect(smtp!.mails[0]!.to).toEqual(["ops@example.test"]);
  });
});
