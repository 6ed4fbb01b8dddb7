/**
 * A private location left without agents alerts on its own kind: after the grace period, one
 * ALERT_NO_AGENT per subscribed channel of each of its checks (not before, not twice); when an agent is back,
 * one ALERT_NO_AGENT_RECOVERY. Real webhook deliveries to a receiver on loopback; the agent a real process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noAgentScan } from "../../../src/service/agents/monitor.ts";
import { resolveAlertingConfig } from "../../../src/service/alerts/config.ts";
import { openRepo } from "../../../src/service/repo/store.ts";
import { pastTime } from "../../support/until.ts";
import {
  createChannel,
  type Receiver,
  settledLog,
  startAlertService,
  startReceiver,
  until,
} from "../alerts/support.ts";
import { tempDb } from "../runs/support.ts";
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

describe("a scan that changes nothing", () => {
  it("reads no check: only a location due an alert or a recovery has its checks read", () => {
    const t = tempDb();
    try {
      const repo = openRepo(t.db);
      const locId = repo.insertLocation(
        { name: "Lab", slugName: "lab", icon: "x", proxyUrl: null },
        "2026-01-01",
      );
      let reads = 0;
      const counting = {
        ...repo,
        readAllChecks: (...a: Parameters<typeof repo.readAllChecks>) => {
          reads++;
          return repo.readAllChecks(...a);
        },
        alertableChecks: (...a: Parameters<typeof repo.alertableChecks>) => {
          reads++;
          return repo.alertableChecks(...a);
        },
      };
      const now = Date.now();
      const scan = (startedAt: number, agentCount: number) =>
        noAgentScan({
          repo: counting,
          config: resolveAlertingConfig({}, {}),
          userVariables: {},
          now: () => now,
          health: () => ({ agentCount, lastSeen: null, agents: [] }),
          graceMs: 60_000,
          startedAt,
        });
      // within the grace, an agent present and never alerted: nothing due, nothing read
      expect(scan(now, 0)).toEqual([]);
      expect(scan(now - 120_000, 1)).toEqual([]);
      expect(reads).toBe(0);
      // past the grace without an agent: the location is due, its checks are read (it has none: no alert)
      expect(scan(now - 120_000, 0)).toEqual([]);
      expect(reads).toBe(1);
      expect(repo.noAgentAlerts().has(locId)).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
