/**
 * An update typed while no incident was open (issue 28): in ONE console, with no restart — the engineer
 * types it, puts it away (Esc keeps the draft), opens the incident from the console itself (the
 * new-incident form of `i`), then reopens the draft from `:drafts`: Enter sends it to that incident, once.
 * (The triage work fixed the routing, src/store/actions/draft-route.ts; the tests there open the incident
 * through the API or restart the console. This is the path without either.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { until } from "../support/until.ts";
import { keyRig } from "./key-rig.ts";

let svc: TestService;
let paymentsId = "";
const dir = mkdtempSync(join(tmpdir(), "vigil-draft-open-"));
beforeAll(async () => {
  svc = await startTestService();
  paymentsId = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body.id;
});
afterAll(async () => {
  await svc?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

it("typed with none open, kept, then sent to the incident opened in the same console", async () => {
  const r = keyRig({ baseUrl: svc.url, apiKey: svc.apiKey, dataDir: dir });
  const s = () => r.store.getState();
  await r.loaders.checks();
  apply(r.store, setPane(s(), "checks"));

  r.press("u");
  await until("the note", 10_000, () => /no open incident yet/.test(r.form()?.note ?? ""));
  r.press("Payments are back");
  r.press("", { escape: true });
  expect(r.form()).toBeUndefined();
  const [kept] = r.drafts.list("test");
  expect(kept).toMatchObject({ kind: "update", values: { description: "Payments are back" } });
  expect(kept?.target.incidentId).toBeFalsy();

  // the incident, opened from the console
  r.actions.openNewIncidentWith(
    { name: "Card payments failing", severity: "MAJOR", description: "Investigating" },
    (all) => all.filter((x) => x.name === "Payments").map((x) => x.id),
  );
  await until(
    "the services picked",
    10_000,
    () => (r.form()?.values.services as string[] | undefined)?.length === 1,
  );
  r.press("\r");
  await until("the confirmation", 10_000, () => s().ui.overlay.kind === "confirm");
  r.press("y");
  await r.actions.idle();
  const incidents = (await svc.call("GET", "/v1/status-pages/incidents")).body.entries;
  expect(incidents.map((i: { name: string }) => i.name)).toEqual(["Card payments failing"]);
  expect(incidents[0].services[0].id).toBe(paymentsId);

  // :drafts → the kept update → Enter: to the one open now, confirmed by name
  r.actions.openDraft(kept!.id);
  expect(r.form()).toMatchObject({ kind: "update", values: { description: "Payments are back" } });
  r.press("\r");
  await until("the confirmation", 10_000, () => s().ui.overlay.kind === "confirm");
  expect(s().ui.overlay).toMatchObject({ title: 'Post this update to "Card payments failing"?' });
  r.press("y");
  await r.actions.idle();
  expect(r.form()).toBeUndefined();
  expect(r.drafts.list("test")).toEqual([]);
  const read = (await svc.call("GET", `/v1/status-pages/incidents/${incidents[0].id}`)).body;
  expect(read.incidentUpdates.map((u: { description: string }) => u.description)).toEqual([
    "Investigating",
    "Payments are back",
  ]);
  await r.actions.stop();
  await r.client.close();
});
