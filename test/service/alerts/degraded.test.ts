/**
 * The degraded family end to end: a slow target (above degradedResponseTime) raises ALERT_DEGRADED only
 * for channels with sendDegraded; failing next is ALERT_DEGRADED_FAILURE (failure family); passing again
 * is a degraded recovery for every channel that heard of the episode. Escalation from the check's own
 * settings (useGlobalAlertSettings false): 2 failed runs in a row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support.ts";
import {
  createChannel,
  createUrlCheck,
  type Receiver,
  runCheck,
  settledLog,
  startAlertService,
  startReceiver,
  startTarget,
  until,
} from "./support.ts";

let svc: TestService;
let deg: Receiver;
let fail: Receiver;
let target: Awaited<ReturnType<typeof startTarget>>;

beforeAll(async () => {
  svc = await startAlertService();
  [deg, fail] = await Promise.all([startReceiver(), startReceiver()]);
  target = await startTarget(200);
});
afterAll(async () => {
  await svc?.dispose();
  await Promise.all([deg?.close(), fail?.close(), target?.close()]);
});

const types = (r: Receiver) => r.requests.map((q) => JSON.parse(q.body.toString()).ALERT_TYPE);

describe("degraded family", () => {
  it("degraded, then failing, then passing", async () => {
    const check = await createUrlCheck(svc, target.url, {
      // far from a loopback answer's time even on a loaded machine (40 ms made a plain 200 DEGRADED there)
      degradedResponseTime: 1000,
      maxResponseTime: 10_000,
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } },
    });
    const subscriptions = [{ checkId: check.id, activated: true }];
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "d", url: deg.url },
      sendDegraded: true,
      subscriptions,
    });
    await createChannel(svc, { type: "WEBHOOK", config: { name: "f", url: fail.url }, subscriptions });

    target.delayMs.value = 1200;
    expect((await runCheck(svc, check.id)).status).toBe("DEGRADED");
    expect(await settledLog(svc)).toHaveLength(0); // threshold 2: no alert raised
    expect(deg.requests).toHaveLength(0);
    expect((await runCheck(svc, check.id)).status).toBe("DEGRADED");
    await until(() => deg.requests.length === 1, 3000, "ALERT_DEGRADED");
    expect(types(deg)).toEqual(["ALERT_DEGRADED"]);

    target.delayMs.value = 0;
    target.status.value = 500;
    expect((await runCheck(svc, check.id)).status).toBe("FAILED");
    await until(
      () => deg.requests.length === 2 && fail.requests.length === 1,
      3000,
      "ALERT_DEGRADED_FAILURE",
    );

    target.status.value = 200;
    expect((await runCheck(svc, check.id)).status).toBe("PASSED");
    await until(() => deg.requests.length === 3 && fail.requests.length === 2, 3000, "recoveries");
    expect(await settledLog(svc)).toHaveLength(5);
    expect(types(deg)).toEqual(["ALERT_DEGRADED", "ALERT_DEGRADED_FAILURE", "ALERT_RECOVERY"]);
    expect(types(fail)).toEqual(["ALERT_DEGRADED_FAILURE", "ALERT_RECOVERY"]);
  });
});
