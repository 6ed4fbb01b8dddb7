/**
 * The incident forms' confirmations as drawn, against the real embedded service on loopback: Enter reads
 * the incident afresh, and the confirmation says what the held copy could not — a teammate resolved it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { listLoaded } from "../../src/store/data/slices.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { openDetail, setPane } from "../../src/store/view/ui.ts";
import { type Json, startTestService, type TestService } from "../service/support.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.dispose();
});

it("u on an incident resolved since the list was read: the confirmation names it, the status stays RESOLVED", async () => {
  const serviceId = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body.id;
  const inc: Json = (
    await svc.call("POST", "/v1/status-pages/incidents", {
      name: "Queue backlog",
      severity: "MAJOR",
      services: [{ id: serviceId }],
      incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING" }],
    })
  ).body;
  const store = createConsoleStore();
  apply(store, listLoaded("incidents", [inc], Date.now())); // held: open
  apply(store, setPane(store.getState(), "incidents"));
  apply(store, openDetail(store.getState(), "incidents", inc.id));
  await svc.call("POST", `/v1/status-pages/incidents/${inc.id}/incident-updates`, {
    description: "Fixed",
    status: "RESOLVED",
  });
  const size = { columns: 120, rows: 40 };
  const c = renderConsole(store, size, { service: { url: svc.url, apiKey: svc.apiKey } });
  try {
    await c.press("u");
    await c.press("Drained");
    await c.press("\r");
    const f = await frameWhere(c, (x) => /Post this update to "Queue backlog"\?/.test(x));
    expect(f).toMatch(
      /⚠ "Queue backlog" is RESOLVED \((just now|\d+ s ago)\): this update is posted to a resolved/,
    );
    expect(f).toMatch(/status: RESOLVED {3}notify subscribers: no/);
    expect(f).toContain("Drained");
    for (const l of f.split("\n")) expect([...l].length).toBeLessThanOrEqual(size.columns);
  } finally {
    await c.close();
  }
});
