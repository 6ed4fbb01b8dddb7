/**
 * The act keys through the key handler against the real embedded service (a recording proxy in between):
 * `m` mutes with a body of `{muted}` only, `i` fills the incident form from a real failed run, `y` copies
 * through OSC 52 on the console's own output, `o` shows the API URL on the local service, and an update
 * typed while no incident was open is sent — once — to the incident picked later.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/api/client.ts";
import { createActions } from "../../../src/store/actions/actions.ts";
import { curlOf } from "../../../src/store/actions/curl.ts";
import { NO_OPEN_INCIDENT } from "../../../src/store/actions/draft-route.ts";
import { NO_LOCAL_LINK } from "../../../src/store/actions/links.ts";
import { createLoaders } from "../../../src/store/data/loaders.ts";
import { apply, createConsoleStore } from "../../../src/store/state.ts";
import { setPane } from "../../../src/store/view/ui.ts";
import { setOnce } from "../../../src/store/view/work.ts";
import { PANE_HOOKS } from "../../../src/tui/panes/selects.ts";
import { type Json, startTestService, type TestService } from "../../service/support.ts";
import { type FaultProxy, faultProxy } from "../../support/fault-proxy.ts";
import { until } from "../../support/until.ts";
import { keyRig } from "../key-rig.ts";

let svc: TestService;
let proxy: FaultProxy;
let checkId: string;
let paymentsId: string;
const dirs: string[] = [];
const SECRET = "sk_live_0123456789abcdef";

beforeAll(async () => {
  svc = await startTestService();
  proxy = await faultProxy(svc.url);
  paymentsId = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body.id;
  await svc.call("POST", "/v1/status-pages/services", { name: "Docs" });
  const c = await svc.call("POST", "/v1/checks/api", {
    name: "Checkout API",
    tags: ["payments"],
    locations: ["eu-west-1"],
    frequency: 5,
    request: {
      method: "POST",
      // nothing listens on the discard port: the run fails with the request error
      url: "http://127.0.0.1:9/pay",
      headers: [{ key: "Authorization", value: `Bearer ${SECRET}` }],
      body: '{"amount":1}',
      bodyType: "JSON",
    },
  });
  expect(c.status).toBe(201);
  checkId = c.body.id;
});
afterAll(async () => {
  await proxy?.close();
  await svc?.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function rig(dataDir = mkdtempSync(join(tmpdir(), "vigil-act-"))) {
  dirs.push(dataDir);
  const out: string[] = [];
  const act = { terminal: { write: (d: string) => out.push(d), tmux: false }, local: true };
  const r = keyRig({ baseUrl: proxy.url, apiKey: svc.apiKey, dataDir, act });
  const { store, loaders } = r;
  const clipboard = () => {
    const m = /\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/.exec(out.at(-1) ?? "");
    return m ? Buffer.from(m[1] ?? "", "base64").toString("utf8") : undefined;
  };
  return {
    ...r,
    out,
    clipboard,
    s: () => store.getState(),
    async onChecks() {
      await loaders.checks();
      await loaders.statuses();
      apply(store, setPane(store.getState(), "checks"));
    },
  };
}

const getCheck = async (): Promise<Json> => (await svc.call("GET", `/v1/checks/${checkId}`)).body;

describe("m: mute / unmute", () => {
  it("asks first, then sends only {muted} to the type's update path; the service keeps everything else", async () => {
    const r = rig();
    await r.onChecks();
    const before = await getCheck();
    proxy.state.writes = [];
    r.press("m");
    expect(r.s().ui.overlay).toMatchObject({ kind: "confirm", title: 'Mute "Checkout API"?' });
    expect(proxy.state.writes).toEqual([]);
    r.press("y");
    await r.actions.idle();
    expect(proxy.state.writes).toEqual([
      { method: "PUT", path: `/v1/checks/api/${checkId}`, body: '{"muted":true}' },
    ]);
    const after = await getCheck();
    expect(after.muted).toBe(true);
    const { muted: _a, updated_at: _b, ...restAfter } = after;
    const { muted: _c, updated_at: _d, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    expect(r.s().ui.notice).toMatch(/^muted "Checkout API" — it runs but sends no alerts until unmuted/);
    // the list read again shows it muted; m now unmutes
    await r.loaders.checks();
    expect(r.s().checks.byId.get(checkId)?.muted).toBe(true);
    r.press("m");
    expect(r.s().ui.overlay).toMatchObject({ kind: "confirm", title: 'Unmute "Checkout API"?' });
    r.press("y");
    await r.actions.idle();
    expect((await getCheck()).muted).toBe(false);
    expect(proxy.state.writes.at(-1)?.body).toBe('{"muted":false}');
    await r.client.close();
  });

  it("n leaves the check as it was", async () => {
    const r = rig();
    await r.onChecks();
    proxy.state.writes = [];
    r.press("m");
    r.press("n");
    await r.actions.idle();
    expect(proxy.state.writes).toEqual([]);
    expect(r.s().ui.overlay.kind).toBe("none");
    await r.client.close();
  });
});

describe("i: an incident for the failing check", () => {
  it("fills name (check and reason), severity (its one location fails: CRITICAL) and the service named like its tag", async () => {
    const r = rig();
    await r.client.checkSessions.trigger({ checkId: [checkId] });
    await until("a failed run", 10_000, async () => {
      await r.loaders.results(checkId);
      const items = r.s().results.byCheck.get(checkId)?.items ?? [];
      return items.some((x) => x.hasFailures || x.hasErrors);
    });
    await r.onChecks();
    await r.loaders.services();
    expect(r.s().checks.byId.get(checkId)).toBeDefined();
    r.press("i");
    const f = r.form();
    expect(f?.kind).toBe("incident");
    expect(String(f?.values.name)).toMatch(/^Checkout API: .*ECONNREFUSED/);
    expect(f?.values.severity).toBe("CRITICAL");
    expect(f?.values.services).toEqual([paymentsId]);
    expect(f?.values.description).toBe("We are investigating: Checkout API is failing.");
    expect(f?.note).toMatch(/filled in from the check/);
    // Esc without typing keeps no draft
    r.press("", { escape: true });
    expect(r.form()).toBeUndefined();
    expect(r.drafts.list()).toEqual([]);
    await r.client.close();
  });
});

describe("y: copy through OSC 52; o: the link", () => {
  it("copies a curl of the request (read from the service, secret masked) to the console's own output", async () => {
    const r = rig();
    await r.onChecks();
    r.press("y");
    const o = r.s().ui.overlay;
    expect(o.kind).toBe("choose");
    if (o.kind !== "choose") return;
    // no results read here: no reason to copy
    expect(o.options.map((x) => x.key)).toEqual(["i", "u", "c", "l"]);
    r.press("c");
    await until("the clipboard sequence", 10_000, () => r.out.length > 0);
    const full = await r.client.checks.get(checkId);
    expect(r.clipboard()).toBe(curlOf(full));
    expect(r.clipboard()).toContain("Authorization: Bearer ...cdef");
    expect(r.out.join("")).not.toContain(SECRET);
    expect(r.s().ui.overlay.kind).toBe("none");
    expect(r.s().ui.notice).toBe(
      `copied curl with secrets masked (${Buffer.byteLength(curlOf(full)!)} bytes) to the clipboard via OSC 52 — your terminal must allow it`,
    );
    // the id: at once
    r.press("y");
    r.press("i");
    expect(r.clipboard()).toBe(checkId);
    expect(r.s().ui.notice).toBe(
      `copied check id (${checkId.length} bytes) to the clipboard via OSC 52 — your terminal must allow it`,
    );
    await r.client.close();
  });

  it("y on the one-time panel copies its key and keeps the panel; another key closes it", async () => {
    const r = rig();
    await r.onChecks();
    apply(r.store, setOnce(r.s(), { title: "created", lines: ["shown once"], secret: "pl_raw_once_key" }));
    r.press("y");
    expect(r.clipboard()).toBe("pl_raw_once_key");
    expect(r.s().work.once?.secret).toBe("pl_raw_once_key");
    expect(r.s().ui.notice).toMatch(/^copied key \(15 bytes\) to the clipboard via OSC 52/);
    r.press("x");
    expect(r.s().work.once).toBeUndefined();
    await r.client.close();
  });

  it("o with a webUrl and a display starts the browser on the check's page; a failed start shows the link", async () => {
    const opened: { command: string; args: string[] }[] = [];
    let fail = false;
    const client = createClient({ baseUrl: proxy.url, apiKey: svc.apiKey });
    const store = createConsoleStore();
    const actions = createActions(client, store, undefined, {
      panes: PANE_HOOKS,
      readOnly: false,
      act: {
        webUrl: "https://app.example.com/checks/{checkId}",
        local: false,
        platform: "linux",
        env: { DISPLAY: ":0" },
        open: async (o) => {
          if (fail) throw new Error("spawn xdg-open ENOENT");
          opened.push(o);
        },
      },
    });
    const loaders = createLoaders(client, store);
    await loaders.checks();
    apply(store, setPane(store.getState(), "checks"));
    actions.openLink();
    const url = `https://app.example.com/checks/${checkId}`;
    await until("opened", 10_000, () => /^opened/.test(store.getState().ui.notice ?? ""));
    expect(opened).toEqual([{ command: "xdg-open", args: [url] }]);
    expect(store.getState().ui.notice).toBe(`opened ${url} in your browser`);
    fail = true;
    actions.openLink();
    await until("the link box", 10_000, () => store.getState().ui.overlay.kind === "choose");
    expect(store.getState().ui.overlay).toMatchObject({
      lines: ["cannot start xdg-open: spawn xdg-open ENOENT", url],
    });
    await client.close();
  });

  it("o on the local service: no browser link — it shows the API URL, and y copies it", async () => {
    const r = rig();
    await r.onChecks();
    r.press("o");
    const o = r.s().ui.overlay;
    expect(o).toMatchObject({ kind: "choose", lines: [NO_LOCAL_LINK, `${proxy.url}/v1/checks/${checkId}`] });
    r.press("y");
    expect(r.clipboard()).toBe(`${proxy.url}/v1/checks/${checkId}`);
    await r.client.close();
  });
});

describe("an update typed while no incident was open", () => {
  const newIncident = async (name: string): Promise<Json> =>
    (
      await svc.call("POST", "/v1/status-pages/incidents", {
        name,
        severity: "MAJOR",
        services: [{ id: paymentsId }],
        incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING" }],
      })
    ).body;
  const updatesOf = async (id: string): Promise<string[]> =>
    ((await svc.call("GET", `/v1/status-pages/incidents/${id}`)).body.incidentUpdates as Json[]).map(
      (u) => u.description,
    );

  it("is kept, then sent to the incident picked — once, even when the answer is lost", async () => {
    // none open: every incident so far is resolved
    for (const i of (await svc.call("GET", "/v1/status-pages/incidents")).body.entries ?? [])
      await svc.call("POST", `/v1/status-pages/incidents/${i.id}/incident-updates`, {
        description: "done",
        status: "RESOLVED",
      });
    const r = rig();
    await r.onChecks();
    r.press("u");
    await until("the note", 10_000, () => /no open incident yet/.test(r.form()?.note ?? ""));
    r.press("Payments are back\r");
    await until("the refusal", 10_000, () => r.form()?.phase === "failed");
    expect(r.form()?.message).toBe(NO_OPEN_INCIDENT);
    const [kept] = r.drafts.list();
    expect(kept).toMatchObject({ kind: "update", values: { description: "Payments are back" } });
    expect(kept?.target.incidentId).toBeFalsy();
    expect(kept?.sent).toBeUndefined();

    // two incidents open later: Enter asks which one
    const a = await newIncident("Card payments failing");
    const b = await newIncident("Checkout slow");
    r.press("\r");
    await until("the incident menu", 10_000, () => r.s().ui.overlay.kind === "choose");
    const o = r.s().ui.overlay;
    if (o.kind !== "choose") return;
    expect(o.title).toBe("Post this update to which open incident?");
    expect(o.options.map((x) => x.label).sort()).toEqual(["Card payments failing", "Checkout slow"]);
    const pick = o.options.findIndex((x) => x.label === "Card payments failing");
    // the answer of the post is lost: the outcome is unknown
    proxy.state.writes = [];
    proxy.state.mode = "lose-answer";
    r.press(String(pick + 1));
    // Enter reads the incident afresh before the confirmation
    await until("the confirmation", 10_000, () => r.s().ui.overlay.kind === "confirm");
    expect(r.s().ui.overlay).toMatchObject({
      kind: "confirm",
      title: 'Post this update to "Card payments failing"?',
    });
    r.press("y");
    await r.actions.idle();
    expect(r.form()?.message).toMatch(/outcome unknown/);
    const [sent] = r.drafts.list();
    expect(sent?.target.incidentId).toBe(a.id);
    expect(sent?.sent?.description).toBe("Payments are back");

    // the console dies; the next one resumes the draft: it goes to the same incident, and is not posted again
    await r.client.close();
    proxy.state.mode = "pass";
    const r2 = rig(r.drafts.dir?.replace(/\/drafts$/, ""));
    await r2.onChecks();
    r2.actions.offerDrafts();
    r2.press("y");
    expect(r2.form()?.target.incidentId).toBe(a.id);
    r2.press("\r");
    await until("the confirmation", 10_000, () => r2.s().ui.overlay.kind === "confirm");
    // the re-read found it posted: said before anything is sent
    expect(r2.s().ui.overlay).toMatchObject({
      kind: "confirm",
      title: expect.stringMatching(/^This update WAS posted to "Card payments failing"/),
    });
    r2.press("y");
    await r2.actions.idle();
    expect(r2.form()).toBeUndefined();
    expect(r2.drafts.list()).toEqual([]);
    expect(proxy.state.writes.filter((w) => w.method === "POST")).toHaveLength(1);
    expect((await updatesOf(a.id)).filter((d) => d === "Payments are back")).toHaveLength(1);
    expect(await updatesOf(b.id)).toEqual(["Investigating"]);
    await r2.client.close();
  });

  it("kept across a restart: the offer says it has no incident yet, and Enter then sends it to the one open", async () => {
    for (const i of (await svc.call("GET", "/v1/status-pages/incidents")).body.entries ?? [])
      await svc.call("POST", `/v1/status-pages/incidents/${i.id}/incident-updates`, {
        description: "done",
        status: "RESOLVED",
      });
    const r = rig();
    await r.onChecks();
    r.press("u");
    await until("the note", 10_000, () => /no open incident yet/.test(r.form()?.note ?? ""));
    r.press("DNS fixed\r");
    await until("the refusal", 10_000, () => r.form()?.phase === "failed");
    r.press("", { escape: true });
    await r.client.close();
    const r2 = rig(r.drafts.dir?.replace(/\/drafts$/, ""));
    r2.actions.offerDrafts();
    const offer = r2.s().ui.overlay;
    expect(offer).toMatchObject({ kind: "confirm" });
    if (offer.kind === "confirm") expect(offer.lines[0]).toMatch(/typed while no incident was open/);
    r2.press("y");
    expect(r2.form()).toMatchObject({
      title: "Update — no incident yet",
      values: { description: "DNS fixed" },
    });
    const inc = await newIncident("DNS outage");
    r2.press("\r");
    await until("the confirmation", 10_000, () => r2.s().ui.overlay.kind === "confirm");
    expect(r2.s().ui.overlay).toMatchObject({ title: 'Post this update to "DNS outage"?' });
    r2.press("y");
    await r2.actions.idle();
    expect(r2.drafts.list()).toEqual([]);
    expect(await updatesOf(inc.id)).toEqual(["Investigating", "DNS fixed"]);
    await r2.client.close();
  });

  it("with one incident open by the time it is sent, Enter sends it there (the confirmation names it)", async () => {
    for (const i of (await svc.call("GET", "/v1/status-pages/incidents")).body.entries ?? [])
      await svc.call("POST", `/v1/status-pages/incidents/${i.id}/incident-updates`, {
        description: "done",
        status: "RESOLVED",
      });
    const r = rig();
    await r.onChecks();
    r.press("u");
    await until("the note", 10_000, () => /no open incident yet/.test(r.form()?.note ?? ""));
    r.press("Monitoring the fix\r");
    await until("the refusal", 10_000, () => r.form()?.phase === "failed");
    const only = await newIncident("Login errors");
    r.press("\r");
    await until("the confirmation", 10_000, () => r.s().ui.overlay.kind === "confirm");
    expect(r.s().ui.overlay).toMatchObject({ title: 'Post this update to "Login errors"?' });
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    expect(r.drafts.list()).toEqual([]);
    expect(await updatesOf(only.id)).toEqual(["Investigating", "Monitoring the fix"]);
    await r.client.close();
  });
});
