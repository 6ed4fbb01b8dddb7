import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, startTestService, type TestService } from "./support.ts";

let svc: TestService;
let service: { id: string; name: string; accountId: string };
beforeAll(async () => {
  svc = await startTestService();
  service = (await svc.call("POST", "/v1/status-pages/services", { name: "Checkout" })).body;
});
afterAll(async () => {
  await svc.dispose();
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const body = (extra: Record<string, unknown> = {}) => ({
  name: "Checkout errors",
  severity: "MAJOR",
  services: [{ id: service.id }],
  incidentUpdates: [{ description: "Investigating 500s" }],
  ...extra,
});

describe("incidents", () => {
  let id = "";

  it("create answers 201 with updates, services and dates", async () => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", body());
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({
      name: "Checkout errors",
      severity: "MAJOR",
      lastUpdateStatus: "INVESTIGATING",
      duration: null,
      services: [{ id: service.id, name: "Checkout" }],
    });
    expect(r.body.created_at).toMatch(DATE);
    expect(r.body.incidentUpdates).toHaveLength(1);
    const u = r.body.incidentUpdates[0];
    expect(u).toMatchObject({
      description: "Investigating 500s",
      status: "INVESTIGATING",
      notifySubscribers: false,
    });
    expect(u.publicIncidentUpdateDate).toMatch(ISO_MS);
    expect(u.created_at).toMatch(DATE);
  });

  it.each([
    [{ name: "x".repeat(256) }, "name", '"name" length must be less than or equal to 255 characters long'],
    [{ services: [] }, "services", '"services" must contain at least 1 items'],
    [{ severity: "HUGE" }, "severity", '"severity" must be one of [CRITICAL, MAJOR, MEDIUM, MINOR]'],
    [{ incidentUpdates: undefined }, "incidentUpdates", '"incidentUpdates" is required'],
    [{ services: [{ id: "nope" }] }, "services.0.id", '"services[0].id" must be an existing service'],
  ])("rejects a bad create body (%#)", async (extra, key, message) => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", body(extra));
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400);
    expect(r.body.validation).toEqual({ source: "payload", keys: [key] });
    expect(r.body.message).toBe(message);
  });

  it("a name of exactly 255 characters is fine", async () => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", body({ name: "y".repeat(255) }));
    expect(r.status).toBe(201);
    expect((await svc.call("DELETE", `/v1/status-pages/incidents/${r.body.id}`)).status).toBe(204);
  });

  it("PUT updates name, severity and services but not updates", async () => {
    const other = (await svc.call("POST", "/v1/status-pages/services", { name: "Search" })).body;
    const r = await svc.call("PUT", `/v1/status-pages/incidents/${id}`, {
      name: "Checkout and search errors",
      severity: "CRITICAL",
      services: [{ id: service.id }, { id: other.id, name: other.name, accountId: other.accountId }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Checkout and search errors", severity: "CRITICAL" });
    expect(r.body.services.map((s: { id: string }) => s.id)).toEqual([service.id, other.id]);
    expect(r.body.incidentUpdates).toHaveLength(1);
    // incidentUpdates (as read) are ignored by a PUT: the history stays as it is
    const withUpdates = await svc.call("PUT", `/v1/status-pages/incidents/${id}`, {
      ...body(),
      incidentUpdates: [],
    });
    expect(withUpdates.status).toBe(200);
    expect(withUpdates.body.incidentUpdates).toHaveLength(1);
    const noServices = await svc.call("PUT", `/v1/status-pages/incidents/${id}`, {
      name: "n",
      severity: "MINOR",
      services: [],
    });
    expect(noServices.status).toBe(400);
    expect(
      (await svc.call("PUT", "/v1/status-pages/incidents/nope", body({ incidentUpdates: undefined }))).status,
    ).toBe(404);
  });

  it("lastUpdateStatus follows the latest update and duration is set once RESOLVED", async () => {
    const t0 = Date.parse("2026-01-01T10:00:00.000Z");
    const r = await svc.call(
      "POST",
      "/v1/status-pages/incidents",
      body({
        incidentUpdates: [
          {
            description: "looking",
            status: "INVESTIGATING",
            publicIncidentUpdateDate: new Date(t0).toISOString(),
          },
          {
            description: "found",
            status: "IDENTIFIED",
            publicIncidentUpdateDate: new Date(t0 + 600_000).toISOString(),
          },
        ],
      }),
    );
    expect(r.body.lastUpdateStatus).toBe("IDENTIFIED");
    expect(r.body.duration).toBeNull();
    const posted = await svc.call("POST", `/v1/status-pages/incidents/${r.body.id}/incident-updates`, {
      description: "fixed",
      status: "RESOLVED",
      publicIncidentUpdateDate: new Date(t0 + 3_600_000).toISOString(),
    });
    expect(posted.status).toBe(201);
    const after = await svc.call("GET", `/v1/status-pages/incidents/${r.body.id}`);
    expect(after.body.lastUpdateStatus).toBe("RESOLVED");
    expect(after.body.duration).toBe(3600);
    expect(after.body.incidentUpdates.map((u: { status: string }) => u.status)).toEqual([
      "INVESTIGATING",
      "IDENTIFIED",
      "RESOLVED",
    ]);
  });

  it("lists the latest incidents newest first with a cursor", async () => {
    for (let i = 0; i < 3; i++)
      await svc.call("POST", "/v1/status-pages/incidents", body({ name: `list-${i}` }));
    const p1 = await svc.call("GET", "/v1/status-pages/incidents?limit=2");
    expect(p1.status).toBe(200);
    expect(p1.body.entries.map((e: { name: string }) => e.name)).toEqual(["list-2", "list-1"]);
    expect(p1.body.length).toBe(2);
    const p2 = await svc.call("GET", `/v1/status-pages/incidents?limit=2&nextId=${p1.body.nextId}`);
    expect(p2.body.entries[0].name).toBe("list-0");
    expect((await svc.call("GET", "/v1/status-pages/incidents?limit=101")).status).toBe(400);
  });

  it("only the latest 100 incidents are listed", async () => {
    const fresh = await import("./support.ts").then((m) => m.startTestService());
    try {
      const s = (await fresh.call("POST", "/v1/status-pages/services", { name: "S" })).body;
      for (let i = 0; i < 103; i++)
        await fresh.call("POST", "/v1/status-pages/incidents", {
          name: `n${i}`,
          severity: "MINOR",
          services: [{ id: s.id }],
          incidentUpdates: [],
        });
      const seen: string[] = [];
      let next: string | null = null;
      do {
        const q: string = next ? `&nextId=${next}` : "";
        const p = await fresh.call("GET", `/v1/status-pages/incidents?limit=100${q}`);
        seen.push(...p.body.entries.map((e: { name: string }) => e.name));
        next = p.body.nextId;
      } while (next);
      expect(seen).toHaveLength(100);
      expect(seen[0]).toBe("n102");
      expect(seen).not.toContain("n2");
    } finally {
      await fresh.dispose();
    }
  });

  it("a read carries the latest 100 updates (oldest first); status and duration still use all of them", async () => {
    const t0 = Date.parse("2026-02-01T00:00:00.000Z");
    const at = (i: number) => new Date(t0 + i * 60_000).toISOString();
    const r = await svc.call("POST", "/v1/status-pages/incidents", {
      ...body(),
      incidentUpdates: [{ description: "first", status: "INVESTIGATING", publicIncidentUpdateDate: at(0) }],
    });
    const id = r.body.id;
    for (let i = 1; i <= 149; i++)
      await svc.call("POST", `/v1/status-pages/incidents/${id}/incident-updates`, {
        description: `update ${i}`,
        status: i === 149 ? "RESOLVED" : "MONITORING",
        publicIncidentUpdateDate: at(i),
      });
    const inc = (await svc.call("GET", `/v1/status-pages/incidents/${id}`)).body;
    expect(inc.incidentUpdates).toHaveLength(100);
    expect(inc.incidentUpdates[0].description).toBe("update 50");
    expect(inc.incidentUpdates[99].description).toBe("update 149");
    expect(inc.lastUpdateStatus).toBe("RESOLVED");
    expect(inc.duration).toBe(149 * 60);
    // an update outside the latest 100 is still there, one by one
    const list = (await svc.call("GET", `/v1/status-pages/incidents/${id}/incident-updates`)).body;
    expect(list).toHaveLength(100);
    const firstId = r.body.incidentUpdates[0].id;
    expect(
      (await svc.call("GET", `/v1/status-pages/incidents/${id}/incident-updates/${firstId}`)).body,
    ).toMatchObject({
      description: "first",
    });
  });

  it("deletes with 204", async () => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", body());
    expect((await svc.call("DELETE", `/v1/status-pages/incidents/${r.body.id}`)).status).toBe(204);
    expect((await svc.call("GET", `/v1/status-pages/incidents/${r.body.id}`)).status).toBe(404);
  });
});

describe("incident updates", () => {
  let incidentId = "";
  let updateId = "";

  beforeAll(async () => {
    const r = await svc.call("POST", "/v1/status-pages/incidents", body());
    incidentId = r.body.id;
    updateId = r.body.incidentUpdates[0].id;
  });

  it("reads one", async () => {
    const r = await svc.call("GET", `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: updateId,
      description: "Investigating 500s",
      status: "INVESTIGATING",
    });
    expect(r.body.publicIncidentUpdateDate).toMatch(ISO_MS);
  });

  it("PUT modifies it and the incident follows", async () => {
    const r = await svc.call("PUT", `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`, {
      description: "Root cause found",
      status: "IDENTIFIED",
      notifySubscribers: true,
      publicIncidentUpdateDate: "2026-11-20T12:00:00+01:00",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      description: "Root cause found",
      status: "IDENTIFIED",
      notifySubscribers: true,
    });
    expect(r.body.publicIncidentUpdateDate).toBe("2026-11-20T11:00:00.000Z");
    expect(r.body.updated_at).toMatch(DATE);
    const inc = await svc.call("GET", `/v1/status-pages/incidents/${incidentId}`);
    expect(inc.body.lastUpdateStatus).toBe("IDENTIFIED");
    const bad = await svc.call(
      "PUT",
      `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`,
      {
        description: "x",
        status: "DONE",
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.validation.keys).toEqual(["status"]);
    const empty = await svc.call(
      "PUT",
      `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`,
      {},
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('"description" is required');
  });

  it("create answers 201; list returns the latest first; delete 204", async () => {
    const c = await svc.call("POST", `/v1/status-pages/incidents/${incidentId}/incident-updates`, {
      description: "Monitoring",
      status: "MONITORING",
    });
    expect(c.status).toBe(201);
    expect(c.body.status).toBe("MONITORING");
    const list = await svc.call("GET", `/v1/status-pages/incidents/${incidentId}/incident-updates`);
    expect(list.status).toBe(200);
    expect(list.body[0].id).toBe(c.body.id);
    expect(list.body).toHaveLength(2);
    const inc = await svc.call("GET", `/v1/status-pages/incidents/${incidentId}`);
    expect(inc.body.lastUpdateStatus).toBe("MONITORING");
    expect(
      (await svc.call("DELETE", `/v1/status-pages/incidents/${incidentId}/incident-updates/${c.body.id}`))
        .status,
    ).toBe(204);
    expect(
      (await svc.call("GET", `/v1/status-pages/incidents/${incidentId}/incident-updates/${c.body.id}`))
        .status,
    ).toBe(404);
  });

  it("unknown incident or update ids are 404", async () => {
    expect(
      (await svc.call("GET", `/v1/status-pages/incidents/nope/incident-updates/${updateId}`)).status,
    ).toBe(404);
    expect(
      (await svc.call("GET", `/v1/status-pages/incidents/${incidentId}/incident-updates/nope`)).status,
    ).toBe(404);
    expect(
      (await svc.call("POST", "/v1/status-pages/incidents/nope/incident-updates", { description: "x" }))
        .status,
    ).toBe(404);
  });
});
