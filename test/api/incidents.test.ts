import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UsageError } from "../../src/api/errors.ts";
import { incidentsApi } from "../../src/api/incidents.ts";
import { expectRequest, type Harness, incident, notFound, startHarness } from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof incidentsApi>;
beforeEach(async () => {
  h = await startHarness();
  api = incidentsApi(h.http);
});
afterEach(() => h.close());

const createBody = {
  name: "Elevated API errors",
  severity: "MAJOR" as const,
  services: [{ id: "svc-1" }],
  incidentUpdates: [{ description: "Looking into it", status: "INVESTIGATING" as const }],
};

describe("incidentsApi.create", () => {
  it("POSTs the body (notifySubscribers defaulted) and accepts the 201", async () => {
    h.srv.reply({ status: 201, json: incident });
    const inc = await api.create({
      ...createBody,
      incidentUpdates: [
        ...createBody.incidentUpdates,
        {
          description: "Fixed",
          publicIncidentUpdateDate: "2026-11-21T08:00:00.000Z",
          notifySubscribers: true,
        },
      ],
      lastUpdateStatus: "INVESTIGATING",
    });
    const r = h.srv.last;
    expectRequest(r, "POST", "/v1/status-pages/incidents", {
      body: {
        name: "Elevated API errors",
        severity: "MAJOR",
        services: [{ id: "svc-1" }],
        incidentUpdates: [
          { description: "Looking into it", status: "INVESTIGATING", notifySubscribers: false },
          {
            description: "Fixed",
            publicIncidentUpdateDate: "2026-11-21T08:00:00.000Z",
            notifySubscribers: true,
          },
        ],
        lastUpdateStatus: "INVESTIGATING",
      },
    });
    expect(inc).toEqual(incident);
  });

  it.each([
    ["a name over 255 characters", { ...createBody, name: "x".repeat(256) }],
    ["an empty name", { ...createBody, name: "" }],
    ["no services", { ...createBody, services: [] }],
    ["a service without id", { ...createBody, services: [{ name: "API" }] }],
    ["an unknown severity", { ...createBody, severity: "HUGE" }],
    ["missing incidentUpdates", { name: "x", severity: "MINOR", services: [{ id: "s" }] }],
    ["an update without description", { ...createBody, incidentUpdates: [{ status: "INVESTIGATING" }] }],
    ["an unknown update status", { ...createBody, incidentUpdates: [{ description: "d", status: "DONE" }] }],
    [
      "a bad publicIncidentUpdateDate",
      { ...createBody, incidentUpdates: [{ description: "d", publicIncidentUpdateDate: "yesterday" }] },
    ],
  ])("refuses %s with a UsageError, nothing sent", async (_label, body) => {
    const e = await api.create(body as never).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.exitCode).toBe(2);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("names the offending field", async () => {
    const e = await api.create({ ...createBody, services: [] }).catch((x) => x);
    expect(e.message).toBe('incident: "services" must contain at least 1 items');
  });

  it("a 255-character name is fine", async () => {
    h.srv.reply({ status: 201, json: incident });
    await api.create({ ...createBody, name: "x".repeat(255) });
    expect(h.srv.requests).toHaveLength(1);
  });
});

describe("incidentsApi.update", () => {
  it("PUTs name, severity and services only", async () => {
    h.srv.reply({ json: { ...incident, severity: "CRITICAL" } });
    const inc = await api.update("inc-1", {
      name: "Elevated API errors",
      severity: "CRITICAL",
      services: [{ id: "svc-1", name: "API", accountId: "acc" }],
      lastUpdateStatus: "IDENTIFIED",
    });
    const r = h.srv.last;
    expectRequest(r, "PUT", "/v1/status-pages/incidents/inc-1", {
      body: {
        name: "Elevated API errors",
        severity: "CRITICAL",
        services: [{ id: "svc-1", name: "API", accountId: "acc" }],
        lastUpdateStatus: "IDENTIFIED",
      },
    });
    expect(inc.severity).toBe("CRITICAL");
  });

  it("drops incidentUpdates (read-only in a PUT) instead of sending them", async () => {
    h.srv.reply({ json: incident });
    await api.update("inc-1", createBody as never);
    expect(Object.keys(h.srv.last.json as object)).not.toContain("incidentUpdates");
  });

  it("refuses empty services and long names", async () => {
    await expect(api.update("inc-1", { name: "n", severity: "MINOR", services: [] })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(
      api.update("inc-1", { name: "n".repeat(256), severity: "MINOR", services: [{ id: "s" }] }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });
});

describe("incidentsApi reads", () => {
  it("get GETs /v1/status-pages/incidents/{id} with its history", async () => {
    h.srv.reply({ json: incident });
    const inc = await api.get("inc-1");
    expectRequest(h.srv.last, "GET", "/v1/status-pages/incidents/inc-1");
    expect(inc).toEqual(incident);
    expect(inc.incidentUpdates?.[0]?.status).toBe("INVESTIGATING");
  });

  it("get: unknown severity and status values pass through", async () => {
    h.srv.reply({ json: { ...incident, severity: "COSMIC", lastUpdateStatus: "MAINTENANCE" } });
    const inc = await api.get("inc-1");
    expect(inc.severity).toBe("COSMIC");
    expect(inc.lastUpdateStatus).toBe("MAINTENANCE");
  });

  it("get: 404 is an ApiError", async () => {
    h.srv.reply(notFound("Incident not found"));
    const e = await api.get("inc-x").catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe("GET /v1/status-pages/incidents/inc-x failed: 404 Incident not found");
  });

  it("list GETs /v1/status-pages/incidents with limit and nextId", async () => {
    h.srv.reply({ json: { length: 1, entries: [incident], nextId: null } });
    const p = await api.list({ limit: 10, nextId: "abc" });
    expectRequest(h.srv.last, "GET", "/v1/status-pages/incidents", { query: "limit=10&nextId=abc" });
    expect(p).toEqual({ length: 1, entries: [incident], nextId: null });
  });

  it("list refuses limit 0 and 101", async () => {
    await expect(api.list({ limit: 0 })).rejects.toBeInstanceOf(UsageError);
    await expect(api.list({ limit: 101 })).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("listAll follows nextId", async () => {
    h.srv.reply(
      { json: { length: 1, entries: [incident], nextId: "n2" } },
      { json: { length: 1, entries: [{ ...incident, id: "inc-2" }], nextId: null } },
    );
    const all = await api.listAll();
    expect(all.map((i) => i.id)).toEqual(["inc-1", "inc-2"]);
    expect(h.srv.requests.map((r) => r.rawQuery)).toEqual(["limit=100", "limit=100&nextId=n2"]);
  });
});
