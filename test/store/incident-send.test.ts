/**
 * Incident writes through the key handler against the real embedded service, with a loopback proxy in
 * between that can refuse a request or forward it and then lose the answer: the draft stays on disk with
 * the error shown, the retry re-reads the incident first, and every update exists exactly once.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { type Json, startTestService, type TestService } from "../service/support.ts";
import { type FaultProxy, faultProxy } from "../support/fault-proxy.ts";
import { until } from "../support/until.ts";
import { keyRig } from "./key-rig.ts";

let svc: TestService;
let proxy: FaultProxy;
let serviceId: string;
const dirs: string[] = [];

beforeAll(async () => {
  svc = await startTestService();
  proxy = await faultProxy(svc.url);
  serviceId = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body.id;
});
afterAll(async () => {
  await proxy?.close();
  await svc?.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function newIncident(name: string): Promise<Json> {
  const r = await svc.call("POST", "/v1/status-pages/incidents", {
    name,
    severity: "MAJOR",
    services: [{ id: serviceId }],
    incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING" }],
  });
  return r.body;
}

const rig = (dataDir: string) => keyRig({ baseUrl: proxy.url, apiKey: svc.apiKey, dataDir });

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "vigil-send-"));
  dirs.push(d);
  return d;
}

const updatesOf = async (id: string): Promise<Json[]> =>
  (await svc.call("GET", `/v1/status-pages/incidents/${id}`)).body.incidentUpdates;

describe("posting incident updates, never twice", () => {
  it("fast path: 5, u, text, Enter, y posts to the latest open incident; the draft is gone", async () => {
    const inc = await newIncident("Fast path");
    const r = rig(tmp());
    r.press("5");
    r.press("u"); // incidents not loaded yet: the form opens at once and finds the incident
    r.press("Rolled back the deploy");
    r.press("\r");
    // Enter while the incident is looked up: the form is submitted as soon as it is found
    await until("the confirmation", 5000, () => r.store.getState().ui.overlay.kind === "confirm");
    expect(r.form()?.target.incidentId).toBe(inc.id);
    expect(r.store.getState().ui.overlay).toMatchObject({ kind: "confirm" });
    expect(r.drafts.list()).toHaveLength(1);
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    expect(r.drafts.list()).toEqual([]);
    const ups = await updatesOf(inc.id);
    expect(ups.map((u: Json) => u.description)).toEqual(["Investigating", "Rolled back the deploy"]);
    expect(ups[1].status).toBe("INVESTIGATING");
    await r.client.close();
  });

  it("the answer is lost after the update landed: the retry re-reads and does not post again", async () => {
    const inc = await newIncident("Lost answer");
    const dir = tmp();
    const r = rig(dir);
    await r.loaders.incidents();
    apply(r.store, setPane(r.store.getState(), "incidents"));
    proxy.state.writes = [];
    proxy.state.mode = "lose-answer";
    r.press("u");
    expect(r.form()?.target.incidentId).toBe(inc.id);
    r.press("Mitigated\r");
    r.press("y");
    await r.actions.idle();
    // the form is still there, filled, with the error and the outcome unknown
    expect(r.form()).toMatchObject({ phase: "failed", values: { description: "Mitigated" } });
    expect(r.form()?.message).toMatch(/outcome unknown/);
    const [kept] = r.drafts.list();
    expect(kept?.sent?.description).toBe("Mitigated");
    // the console dies here: a new one on the same data dir offers the draft
    await r.client.close();
    proxy.state.mode = "pass";
    const r2 = rig(dir);
    r2.actions.offerDrafts();
    expect(r2.store.getState().ui.overlay).toMatchObject({
      kind: "confirm",
      // sent with no answer: not called "unsent" — it may have been posted
      title: "Resume the draft whose send got no answer?",
    });
    r2.press("y");
    await r2.actions.idle();
    expect(r2.form()).toMatchObject({ kind: "update", values: { description: "Mitigated" } });
    expect(r2.form()?.note).toMatch(/sent, but no answer came — it may have landed/);
    r2.press("\r");
    // Enter re-reads the incident: the confirmation says it was posted, before anything is sent
    await until("the confirmation", 5000, () => r2.store.getState().ui.overlay.kind === "confirm");
    expect(r2.store.getState().ui.overlay).toMatchObject({
      title: expect.stringMatching(
        /^This update WAS posted to "Lost answer" \(.*found by re-reading the incident\)$/,
      ),
      lines: ["Nothing is posted again: y closes the draft."],
    });
    r2.press("y");
    await r2.actions.idle();
    expect(r2.form()).toBeUndefined();
    expect(r2.drafts.list()).toEqual([]);
    expect(r2.store.getState().ui.notice).toMatch(/had been posted/);
    // one POST reached the service, and one update exists
    expect(proxy.state.writes.filter((w) => w.method === "POST")).toHaveLength(1);
    const ups = await updatesOf(inc.id);
    expect(ups.filter((u: Json) => u.description === "Mitigated")).toHaveLength(1);
    await r2.client.close();
  });

  it("the request never arrived: the retry re-reads, finds nothing, posts once", async () => {
    const inc = await newIncident("Refused");
    const r = rig(tmp());
    await r.loaders.incidents();
    apply(r.store, setPane(r.store.getState(), "incidents"));
    proxy.state.writes = [];
    proxy.state.mode = "refuse";
    r.press("u");
    r.press("Database failover done\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toMatchObject({ phase: "failed" });
    expect(r.drafts.list()).toHaveLength(1);
    proxy.state.mode = "pass";
    r.press("r", { ctrl: true }); // the retry key
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    expect(r.drafts.list()).toEqual([]);
    expect(proxy.state.writes.filter((w) => w.method === "POST")).toHaveLength(1);
    const ups = await updatesOf(inc.id);
    expect(ups.filter((u: Json) => u.description === "Database failover done")).toHaveLength(1);
    await r.client.close();
  });

  it("edited after a lost answer: the found update is changed in place (PUT), not posted again", async () => {
    const inc = await newIncident("Edited");
    const r = rig(tmp());
    await r.loaders.incidents();
    apply(r.store, setPane(r.store.getState(), "incidents"));
    proxy.state.writes = [];
    proxy.state.mode = "lose-answer";
    r.press("u");
    r.press("Fixd\r");
    r.press("y");
    await r.actions.idle();
    proxy.state.mode = "pass";
    r.press("\x7f");
    r.press("ed\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    expect(proxy.state.writes.map((w) => w.method)).toEqual(["POST", "PUT"]);
    const ups = await updatesOf(inc.id);
    expect(ups.map((u: Json) => u.description)).toEqual(["Investigating", "Fixed"]);
    await r.client.close();
  });

  it("a draft file that cannot be read is an error in the form: kept as it is, never rebuilt, nothing re-sent", async () => {
    const inc = await newIncident("Damaged draft");
    const dir = tmp();
    const r = rig(dir);
    await r.loaders.incidents();
    apply(r.store, setPane(r.store.getState(), "incidents"));
    proxy.state.writes = [];
    proxy.state.mode = "lose-answer";
    r.press("u");
    r.press("Mitigated\r");
    r.press("y");
    await r.actions.idle();
    const [kept] = r.drafts.list();
    expect(kept?.sent?.description).toBe("Mitigated"); // sent, outcome unknown
    proxy.state.mode = "pass";
    // the file is damaged on disk (a disk error, a stray edit): its sent marker can no longer be read
    const path = join(dir, "drafts", `${kept!.id}.json`);
    const damaged = '{"id": "half';
    writeFileSync(path, damaged);
    r.press("!");
    expect(r.form()).toMatchObject({ phase: "failed" });
    expect(r.form()?.message).toMatch(/cannot be read \(not JSON.*\); it is kept as it is, not replaced/);
    expect(r.form()?.message).toContain(path);
    r.press("\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()?.message).toMatch(/cannot be read/);
    r.press("", { escape: true });
    expect(r.store.getState().ui.notice).toMatch(/cannot be read/);
    // the file is exactly as it was, and the only POST is the first one
    expect(readFileSync(path, "utf8")).toBe(damaged);
    expect(proxy.state.writes.filter((w) => w.method === "POST")).toHaveLength(1);
    expect((await updatesOf(inc.id)).filter((u: Json) => u.description.startsWith("Mitigated"))).toHaveLength(
      1,
    );
    expect(existsSync(path)).toBe(true);
    await r.client.close();
  });

  it("a refusal by the service (404) clears the sent mark and keeps the draft", async () => {
    const inc = await newIncident("Deleted meanwhile");
    const r = rig(tmp());
    await r.loaders.incidents();
    apply(r.store, setPane(r.store.getState(), "incidents"));
    r.press("u");
    await svc.call("DELETE", `/v1/status-pages/incidents/${inc.id}`);
    r.press("Too late\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toMatchObject({ phase: "failed" });
    expect(r.form()?.message).toMatch(/404/);
    const [d] = r.drafts.list();
    expect(d?.sent).toBeUndefined();
    expect(d?.values.description).toBe("Too late");
    await r.client.close();
  });

  it("a new incident whose answer was lost is found among the incidents, not created twice", async () => {
    const r = rig(tmp());
    await r.loaders.services();
    proxy.state.writes = [];
    proxy.state.mode = "lose-answer";
    r.press("n");
    r.press("Queue backlog");
    r.press("\t\t"); // severity → services
    r.press(" ");
    r.press("\t\t");
    r.press("Orders are delayed\r");
    expect(r.store.getState().ui.overlay).toMatchObject({ kind: "confirm" });
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toMatchObject({ phase: "failed", kind: "incident" });
    proxy.state.mode = "pass";
    r.press("\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    expect(r.store.getState().ui.detail.incidents).toBeDefined();
    const all = (await svc.call("GET", "/v1/status-pages/incidents?limit=100")).body.entries as Json[];
    expect(all.filter((i) => i.name === "Queue backlog")).toHaveLength(1);
    expect(
      proxy.state.writes.filter((w) => w.method === "POST" && w.path === "/v1/status-pages/incidents"),
    ).toHaveLength(1);
    await r.client.close();
  });

  it("validation errors stop the send; nothing reaches the service", async () => {
    const r = rig(tmp());
    proxy.state.writes = [];
    r.press("n");
    r.press("\r");
    expect(r.store.getState().ui.overlay.kind).toBe("none");
    expect(r.form()?.showErrors).toBe(true);
    expect(r.form()?.fields[r.form()!.focus]?.key).toBe("name");
    r.press("x".repeat(256));
    r.press("\r");
    expect(r.store.getState().ui.overlay.kind).toBe("none");
    expect(proxy.state.writes).toEqual([]);
    // Esc keeps the draft, Ctrl-D discards it
    r.press("", { escape: true });
    expect(r.form()).toBeUndefined();
    expect(r.drafts.list()).toHaveLength(1);
    r.press("n");
    expect(r.form()?.values.name).toBe("x".repeat(256));
    r.press("d", { ctrl: true });
    expect(r.drafts.list()).toEqual([]);
    await r.client.close();
  });

  it("e edits the selected update in the detail, s changes severity and name (PUTs)", async () => {
    const inc = await newIncident("Edit me");
    await svc.call("POST", `/v1/status-pages/incidents/${inc.id}/incident-updates`, {
      description: "Second",
      status: "IDENTIFIED",
    });
    const r = rig(tmp());
    await r.loaders.incidents();
    await r.loaders.incident(inc.id);
    apply(r.store, setPane(r.store.getState(), "incidents"));
    r.store.setState({ ui: { ...r.store.getState().ui, detail: { incidents: inc.id } } });
    r.press("k"); // from the latest update to the first one
    r.press("e");
    expect(r.form()).toMatchObject({ kind: "update-edit", values: { description: "Investigating" } });
    r.press("u", { ctrl: true });
    r.press("Investigating checkout 500s\r");
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    r.press("s");
    expect(r.form()).toMatchObject({ kind: "incident-edit", values: { severity: "MAJOR", name: "Edit me" } });
    r.press("c\t"); // CRITICAL, then the name
    r.press(" (checkout)\r");
    r.press("y");
    await r.actions.idle();
    const after = (await svc.call("GET", `/v1/status-pages/incidents/${inc.id}`)).body;
    expect(after.name).toBe("Edit me (checkout)");
    expect(after.severity).toBe("CRITICAL");
    expect(after.incidentUpdates.map((u: Json) => u.description)).toEqual([
      "Investigating checkout 500s",
      "Second",
    ]);
    // the first update kept its place in time
    expect(after.incidentUpdates[0].publicIncidentUpdateDate).toBe(
      inc.incidentUpdates[0].publicIncidentUpdateDate,
    );
    expect(r.drafts.list()).toEqual([]);
    await r.client.close();
  });
});
