/**
 * A private location left without agents alerts on its own kind: after the grace period, one
 * ALERT_NO_AGENT per subscribed channel of each of its checks (not before, not twice); when an agent is back,
 * one ALERT_NO_AGENT_RECOVERY. Real webhook deliveries to a receiver on loopback; the agent a real process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pastTime } from "../../support/until.ts";
import {
  createChannel,
  type Receiver,
  settledLog,
  startAlertService,
  startReceiver,
  until,
} from "../alerts/support.ts";
import type { TestService } from "../support.ts";
import { createLocation, createUrlCheck, startAgent } from "./support.ts";

let svc: TestService;
let hook: Receiver;
beforeAll(async () => {
  svc = await startAlertService({ noAgentGraceMs: 1200, noAgentScanMs: 100 });
  hook = await startReceiver();
});
afterAll(async () => {
  await svc?.dispose();
  await hook?.close();
});

const types = () => hook.requests.map((r) => JSON.parse(r.body.toString("utf8")).type as string);

describe("no live agent", () => {
  it("alerts once after the grace period, and recovers when an agent is back", async () => {
    const started = Date.now();
    const loc = await createLocation(svc, "lab-alone");
    const checkId = await createUrlCheck(svc, "Alone", "http://127.0.0.1:9/", "lab-alone");
    // a location without checks never alerts
    await createLocation(svc, "lab-unused");
    await createChannel(svc, {
      type: "WEBHOOK",
      config: {
        name: "hook",
        url: `${hook.url}/hook`,
        template: '{"type":"{{ALERT_TYPE}}","check":"{{{CHECK_NAME}}}"}',
      },
      subscriptions: [{ checkId, activated: true }],
    });
    await until(() => hook.requests.length >= 1, 6000, "ALERT_NO_AGENT");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    // an absence: three more scans (every 100 ms, none can be run on demand) raise nothing more
    await pastTime(Date.now() + 300);
    await settledLog(svc);
    expect(types()).toEqual(["ALERT_NO_AGENT"]);
    const first = JSON.parse(hook.requests[0]!.body.toString("utf8"));
    expect(first).toMatchObject({ check: "Alone" });

    const agent = startAgent(svc.url, loc.key);
    try {
      await agent.line(/for private location lab-alone/);
      await until(() => hook.requests.length >= 2, 6000, "ALERT_NO_AGENT_RECOVERY");
      expect(types()).toEqual(["ALERT_NO_AGENT", "ALERT_NO_AGENT_RECOVERY"]);
    } finally {
      await agent.stop();
    }
  });
});
