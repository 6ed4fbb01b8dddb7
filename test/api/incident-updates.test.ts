import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UsageError } from "../../src/api/errors.ts";
import { incidentUpdatesApi } from "../../src/api/incident-updates.ts";
import {
  expectRequest,
  type Harness,
  incidentUpdate,
  notFound,
  startHarness,
} from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof incidentUpdatesApi>;
beforeEach(async () => {
  h = await startHarness();
  api = incidentUpdatesApi(h.http);
});
afterEach(() => h.close());

const BASE = "/v1/status-pages/incidents/inc-1/incident-updates";

describe("incidentUpdatesApi", () => {
  it("get GETs one update", async () => {
    h.srv.reply({ json: incidentUpdate });
    const u = await api.get("inc-1", "upd-1");
    expectRequest(h.srv.last, "GET", `${BASE}/upd-1`);
    expect(u).toEqual(incidentUpdate);
  });

  it("get: 404 is an ApiError", async () => {
    h.srv.reply(notFound("Incident update not found"));
    const e = await api.get("inc-1", "nope").catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe(`GET ${BASE}/nope failed: 404 Incident update not found`);
  });

  it("update PUTs the update body", async () => {
    const updated = { ...incidentUpdate, status: "MONITORING", description: "Fix deployed" };
    h.srv.reply({ json: updated });
    const u = await api.update("inc-1", "upd-1", {
      description: "Fix deployed",
      status: "MONITORING",
      publicIncidentUpdateDate: "2026-11-21T07:30:00.000+01:00",
      notifySubscribers: true,
    });
    const r = h.srv.last;
    expectRequest(r, "PUT", `${BASE}/upd-1`, {
      body: {
        description: "Fix deployed",
        status: "MONITORING",
        publicIncidentUpdateDate: "2026-11-21T07:30:00.000+01:00",
        notifySubscribers: true,
      },
    });
    expect(u).toEqual(updated);
  });

  it("create POSTs to the incident's updates and accepts the hosted 200", async () => {
    h.srv.reply({ status: 200, json: { ...incidentUpdate, id: "upd-2", status: "RESOLVED" } });
    const u = await api.create("inc-1", { description: "Resolved", status: "RESOLVED" });
    const r = h.srv.last;
    expectRequest(r, "POST", BASE, {
      body: { description: "Resolved", status: "RESOLVED", notifySubscribers: false },
    });
    expect(u.id).toBe("upd-2");
  });

  it("list GETs the bare array", async () => {
    h.srv.reply({ json: [incidentUpdate, { ...incidentUpdate, id: "upd-0", status: "SCHEDULED" }] });
    const all = await api.list("inc-1");
    expectRequest(h.srv.last, "GET", BASE);
    expect(all).toHaveLength(2);
    expect(all[1]?.status).toBe("SCHEDULED");
  });

  it.each([
    ["an empty description", { description: "  " }],
    ["an unknown status", { description: "d", status: "DONE" }],
    ["a non-ISO date", { description: "d", publicIncidentUpdateDate: "21/11/2026" }],
  ])("create and update refuse %s before sending", async (_label, body) => {
    await expect(api.create("inc-1", body as never)).rejects.toBeInstanceOf(UsageError);
    await expect(api.update("inc-1", "upd-1", body as never)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("empty ids are UsageErrors; ids are encoded", async () => {
    await expect(api.get("", "x")).rejects.toBeInstanceOf(UsageError);
    await expect(api.get("x", "")).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
    h.srv.reply({ json: incidentUpdate });
    await api.get("a b", "c/d");
    expect(h.srv.last.path).toBe("/v1/status-pages/incidents/a%20b/incident-updates/c%2Fd");
  });
});
