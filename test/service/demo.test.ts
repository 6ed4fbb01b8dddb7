import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_WORKSPACE } from "../../src/service/demo/workspace.ts";
import { until } from "../support/until.ts";
import { type Json, startTestService, type TestService, tempDir } from "./support.ts";

const data = tempDir();
afterAll(() => rmSync(data, { recursive: true, force: true }));

type Check = {
  id: string;
  name: string;
  checkType: string;
  tags: string[];
  activated: boolean;
  request?: Json;
  heartbeat?: Json;
};

describe("demo workspace", () => {
  let first: Check[] = [];

  it("is seeded on first start with every kind of resource", async () => {
    const svc: TestService = await startTestService({ dataDir: data, demo: true });
    try {
      first = (await svc.call("GET", "/v1/checks?limit=100")).body;
      expect(first).toHaveLength(DEMO_WORKSPACE.checks.length);
      expect(first.length).toBeGreaterThanOrEqual(12);
      expect(new Set(first.map((c) => c.checkType)).size).toBeGreaterThanOrEqual(6);
      expect(first.filter((c) => c.tags.includes("prod")).length).toBeGreaterThan(3);

      const channels = (await svc.call("GET", "/v1/alert-channels?limit=100")).body;
      expect(new Set(channels.map((c: { type: string }) => c.type)).size).toBeGreaterThanOrEqual(4);
      expect(channels.some((c: { subscriptions: unknown[] }) => c.subscriptions.length > 0)).toBe(true);

      const pages = (await svc.call("GET", "/v1/status-pages")).body;
      expect(pages.entries).toHaveLength(1);
      expect(pages.entries[0].cards.length).toBeGreaterThanOrEqual(2);
      expect(pages.entries[0].cards[0].services.length).toBeGreaterThan(0);

      const incidents = (await svc.call("GET", "/v1/status-pages/incidents")).body.entries;
      const open = incidents.filter((i: { lastUpdateStatus: string }) => i.lastUpdateStatus !== "RESOLVED");
      expect(open.length).toBeGreaterThanOrEqual(1);
      expect(open[0].incidentUpdates.length).toBeGreaterThan(1);
      const resolved = incidents.find((i: { lastUpdateStatus: string }) => i.lastUpdateStatus === "RESOLVED");
      expect(resolved.duration).toBe(3600);

      expect((await svc.call("GET", "/v1/private-locations")).body).toHaveLength(1);

      // demo checks point at the live demo target
      const health = first.find((c) => c.checkType === "URL")!;
      const res = await fetch(health.request.url);
      expect(res.status).toBeLessThan(500);
      await res.body?.cancel();

      // the demo heartbeat job pings its check
      const hb = first.find((c) => c.checkType === "HEARTBEAT" && c.name === "Nightly backup job")!;
      expect(hb.heartbeat.pingUrl).toBe(`${svc.url}/ping/${hb.heartbeat.pingToken}`);
      await until("a demo job's ping", 4000, async () => {
        const ev = await svc.call("GET", `/v1/checks/heartbeats/${hb.id}/events`);
        const events = ev.body?.[0]?.events ?? [];
        return events.some((e: { userAgent: string }) => e.userAgent.includes("vigil-demo"))
          ? true
          : undefined;
      });

      // a triggered demo check really runs against the target
      const api = first.find((c) => c.name === "Storefront API health")!;
      const trig = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: [api.id] } });
      expect(trig.status).toBe(201);
      const done = await svc.call(
        "GET",
        `/v1/check-sessions/${trig.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=10`,
      );
      expect(done.status).toBe(200);
      expect(done.body.status).toBe("PASSED");
    } finally {
      await svc.close();
    }
  });

  it("is not seeded twice and keeps its target's ports after a restart (no row rewritten)", async () => {
    const svc = await startTestService({ dataDir: data, demo: true });
    try {
      const again: Check[] = (await svc.call("GET", "/v1/checks?limit=100")).body;
      expect(again.map((c) => c.id)).toEqual(first.map((c) => c.id));
      // the target came back on the same ports, so every check is exactly as it was (a heartbeat's
      // pingUrl is made on read from the service's own URL, which changed)
      const stored = (cs: Check[]) =>
        cs.map((c) => ({ ...c, heartbeat: c.heartbeat && { ...c.heartbeat, pingUrl: undefined } }));
      expect(stored(again)).toEqual(stored(first));
      const after = again.find((c) => c.checkType === "API")!.request.url as string;
      const res = await fetch(after);
      expect(res.status).toBeLessThan(500);
      await res.body?.cancel();
      const tcp = again.find((c) => c.checkType === "TCP")!;
      expect(tcp.request.port).toBeGreaterThan(0);
      expect((await svc.call("GET", "/v1/status-pages")).body.entries).toHaveLength(1);
    } finally {
      await svc.close();
    }
  });

  it("starts its agents a moment after the service, not while a client's first reads are answered", async () => {
    const svc: TestService = await startTestService({ dataDir: data, demo: true });
    try {
      const live = async () =>
        ((await svc.call("GET", "/v1/private-locations")).body as { agentCount: number }[]).reduce(
          (n, l) => n + l.agentCount,
          0,
        );
      // DEMO_FOLLOW_MS (2 s) after the start: no agent process spawned yet
      expect(await live()).toBe(0);
      await until("the demo's agents to report", 20_000, async () => (await live()) >= 1);
    } finally {
      await svc.close();
    }
    // stopped with the service, the agents said goodbye: a restart at once shows none alive (not one
    // counted alive for 30 s after its last contact while no agent runs)
    const again: TestService = await startTestService({ dataDir: data, demo: true });
    try {
      const locations = (await again.call("GET", "/v1/private-locations")).body as { agentCount: number }[];
      expect(locations.map((l) => l.agentCount)).toEqual([0]);
    } finally {
      await again.close();
    }
  }, 30_000);

  it("sends nothing off the machine: demo channels deliver to the service's own receiver, signed", async () => {
    const svc = await startTestService({ dataDir: data, demo: true });
    try {
      const channels: Json[] = (await svc.call("GET", "/v1/alert-channels?limit=100")).body;
      const target = new URL(first.find((c) => c.checkType === "URL")!.request.url).origin;
      for (const ch of channels) {
        const url = ch.config.url as string | undefined;
        // every channel that carries a URL points at the demo target, which passes it on to this service
        if (url) expect(url.startsWith(`${target}/demo/receiver/`)).toBe(true);
      }
      const hook = channels.find((c) => c.type === "WEBHOOK")!;
      expect(hook.config.webhookSecret).toBeTruthy();
      const failing = await svc.call("POST", "/v1/checks/url", {
        name: "always down",
        request: { url: "http://127.0.0.1:9/" },
        alertChannelSubscriptions: [{ alertChannelId: hook.id, activated: true }],
      });
      const trig = await svc.call("POST", "/v1/check-sessions/trigger", {
        target: { checkId: [failing.body.id] },
      });
      await svc.call(
        "GET",
        `/v1/check-sessions/${trig.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=10`,
      );
      const delivered = await until("a delivery to the demo receiver", 8000, async () => {
        const log = (await svc.call("GET", `/v1/alert-notifications?alertChannelId=${hook.id}`))
          .body as Json[];
        return log.find((d) => d.status === "SUCCESS");
      });
      expect(delivered.alertConfig.url).toBe(`${target}/demo/receiver/webhook`);
      const received: Json[] = (await svc.call("GET", "/v1/demo/receiver")).body;
      expect(received.find((r) => r.name === "webhook")).toMatchObject({ signature: "valid" });
      // a wrong signature is refused, so a broken signer would show as a failed delivery
      const forged = await fetch(`${target}/demo/receiver/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-signature": "00".repeat(32) },
        body: "{}",
      });
      expect(forged.status).toBe(401);
    } finally {
      await svc.close();
    }
  });

  it("--no-demo starts empty", async () => {
    const svc = await startTestService({ demo: false });
    try {
      expect((await svc.call("GET", "/v1/checks")).body).toEqual([]);
      expect((await svc.call("GET", "/v1/status-pages")).body.entries).toEqual([]);
    } finally {
      await svc.dispose();
    }
  });
});
