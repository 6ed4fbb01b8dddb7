/**
 * Status-page email subscribers: the hosted subscription routes, and notification mail through the outbox
 * to a real local SMTP server when an incident update is created or updated with notifySubscribers true.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support.ts";
import { startSmtp } from "./smtp.ts";
import { notifications, settledLog, startAlertService, until } from "./support.ts";

let svc: TestService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pageId: string;
let otherPageId: string;
let serviceId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  svc = await startAlertService({ smtpUrl: smtp.url, smtpFrom: "status@example.test" });
  serviceId = (await svc.call("POST", "/v1/status-pages/services", { name: "Checkout" })).body.id;
  const unrelated = (await svc.call("POST", "/v1/status-pages/services", { name: "Blog" })).body.id;
  pageId = (
    await svc.call("POST", "/v1/status-pages", {
      name: "Acme Status",
      url: "acme",
      cards: [{ name: "Shop", services: [{ id: serviceId }] }],
    })
  ).body.id;
  otherPageId = (
    await svc.call("POST", "/v1/status-pages", {
      name: "Blog Status",
      url: "blog",
      cards: [{ name: "Blog", services: [{ id: unrelated }] }],
    })
  ).body.id;
});
afterAll(async () => {
  await svc?.dispose();
  await smtp?.close();
});

describe("subscription routes", () => {
  it("bulk create (verified / pending), duplicates skipped, list, delete, 404s, 400s", async () => {
    const a = await svc.call("POST", `/v1/status-pages/${pageId}/subscriptions/bulk`, {
      subscriptions: [
        { type: "EMAIL", config: "alice@example.test" },
        { type: "EMAIL", config: "bob@example.test" },
      ],
      autoVerify: true,
    });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ created: 2, skipped: 0, status: "VERIFIED" });
    const b = await svc.call("POST", `/v1/status-pages/${pageId}/subscriptions/bulk`, {
      subscriptions: [
        { type: "EMAIL", config: "alice@example.test" },
        { type: "EMAIL", config: "carol@example.test" },
      ],
    });
    expect(b.body).toEqual({ created: 1, skipped: 1, status: "PENDING" });
    await svc.call("POST", `/v1/status-pages/${otherPageId}/subscriptions/bulk`, {
      subscriptions: [{ type: "EMAIL", config: "dave@example.test" }],
      autoVerify: true,
    });
    const list = await svc.call("GET", `/v1/status-pages/${pageId}/subscriptions`);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { address: string; status: string }) => `${s.address}:${s.status}`)).toEqual([
      "alice@example.test:VERIFIED",
      "bob@example.test:VERIFIED",
      "carol@example.test:PENDING",
    ]);
    expect(list.body[0]).toMatchObject({
      type: "EMAIL",
      id: expect.any(String),
      created_at: expect.any(String),
    });

    expect(
      (await svc.call("POST", `/v1/status-pages/${pageId}/subscriptions/bulk`, { subscriptions: [] })).status,
    ).toBe(400);
    expect(
      (
        await svc.call("POST", `/v1/status-pages/${pageId}/subscriptions/bulk`, {
          subscriptions: [{ type: "EMAIL", config: "not-an-email" }],
        })
      ).status,
    ).toBe(400);
    expect((await svc.call("GET", "/v1/status-pages/nope/subscriptions")).status).toBe(404);
    const extra = await svc.call("POST", `/v1/status-pages/${pageId}/subscriptions/bulk`, {
      subscriptions: [{ type: "EMAIL", config: "eve@example.test" }],
      autoVerify: true,
    });
    expect(extra.body.created).toBe(1);
    const eve = (await svc.call("GET", `/v1/status-pages/${pageId}/subscriptions`)).body.find(
      (s: { address: string }) => s.address === "eve@example.test",
    );
    expect((await svc.call("DELETE", `/v1/status-pages/${pageId}/subscriptions/${eve.id}`)).status).toBe(204);
    expect((await svc.call("DELETE", `/v1/status-pages/${pageId}/subscriptions/${eve.id}`)).status).toBe(404);
  });
});

describe("notification on incident updates with notifySubscribers", () => {
  it("create incident (notify) → mail to each verified subscriber of pages showing the service", async () => {
    const inc = await svc.call("POST", "/v1/status-pages/incidents", {
      name: "Checkout errors",
      severity: "MAJOR",
      services: [{ id: serviceId }],
      incidentUpdates: [
        { description: "We are looking into it", status: "INVESTIGATING", notifySubscribers: true },
      ],
    });
    expect(inc.status).toBe(201);
    await until(() => smtp.mails.length === 2, 4000, "2 mails");
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(["alice@example.test", "bob@example.test"]);
    expect(smtp.mails[0]!.from).toBe("status@example.test");
    expect(smtp.mails[0]!.raw).toContain("We are looking into it");
    expect(smtp.mails[0]!.raw).toMatch(/Subject: .*Acme.Status.*Checkout.errors.*INVESTIGATING/);

    // an update without notifySubscribers sends nothing
    const id = inc.body.id;
    const quiet = await svc.call("POST", `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: "Still looking",
      status: "IDENTIFIED",
    });
    expect(quiet.status).toBe(201);
    // updating it with notifySubscribers true sends one mail each
    const upd = await svc.call("PUT", `/v1/status-pages/incidents/${id}/incident-updates/${quiet.body.id}`, {
      description: "Fix deployed",
      status: "MONITORING",
      notifySubscribers: true,
    });
    expect(upd.status).toBe(200);
    await until(() => smtp.mails.length === 4, 4000, "4 mails");
    expect(smtp.mails.slice(2).every((m) => m.raw.includes("Fix deployed"))).toBe(true);
    const log = await settledLog(svc); // every delivery final: no more mail can come
    expect(smtp.mails).toHaveLength(4);

    const subscriberMails = log.filter((n: { kind: string }) => n.kind === "SUBSCRIBER");
    expect(subscriberMails).toHaveLength(4);
    for (const n of subscriberMails) {
      expect(n).toMatchObject({ type: "EMAIL", status: "SUCCESS", statusPageId: pageId, incidentId: id });
    }
  });
});

describe("without SMTP", () => {
  it("subscriber mail is SKIPPED with the reason", async () => {
    const bare = await startAlertService();
    try {
      const s = (await bare.call("POST", "/v1/status-pages/services", { name: "S" })).body.id;
      const p = (
        await bare.call("POST", "/v1/status-pages", {
          name: "P",
          url: "p",
          cards: [{ name: "c", services: [{ id: s }] }],
        })
      ).body.id;
      await bare.call("POST", `/v1/status-pages/${p}/subscriptions/bulk`, {
        subscriptions: [{ type: "EMAIL", config: "x@example.test" }],
        autoVerify: true,
      });
      await bare.call("POST", "/v1/status-pages/incidents", {
        name: "i",
        severity: "MINOR",
        services: [{ id: s }],
        incidentUpdates: [{ description: "d", notifySubscribers: true }],
      });
      const log = await notifications(bare);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: "SKIPPED", type: "EMAIL", kind: "SUBSCRIBER" });
      expect(log[0].lastError).toContain("VIGIL_SMTP_URL");
    } finally {
      await bare.dispose();
    }
  });
});
