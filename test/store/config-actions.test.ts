/**
 * Status page edit (one PUT), private location creation (raw key shown once, kept nowhere else), secrets
 * reveal and read-only refusals — through the key handler against the embedded service (demo workspace).
 */
import { readdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { createDraftStore } from "../../src/store/forms/drafts.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import type { Pane } from "../../src/store/view/types.ts";
import { openDetail, setPane } from "../../src/store/view/ui.ts";
import { createKeyHandler, type KeyInfo } from "../../src/tui/keys.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { type Json, startTestService, type TestService, tempDir } from "../service/support.ts";
import { until } from "../support/until.ts";

let svc: TestService;
const dataDir = tempDir("vigil-cfg-");
beforeAll(async () => {
  svc = await startTestService({ demo: true });
});
afterAll(async () => {
  await svc?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

function rig(readOnly = false) {
  const sent: string[] = [];
  const client = createClient({
    baseUrl: svc.url,
    apiKey: svc.apiKey,
    readOnly,
    onActivity: (e) => {
      if (e.kind === "start") sent.push(`${e.method} ${e.path}`);
    },
  });
  const store = createConsoleStore();
  const actions = createActions(client, store, undefined, {
    panes: PANE_HOOKS,
    readOnly,
    drafts: createDraftStore(dataDir),
    draftScope: "cfg",
  });
  const h = createKeyHandler({
    store,
    actions,
    readOnly,
    quit: () => undefined,
    switchProfile: () => "no",
    pageSize: () => 5,
  });
  const press = (input: string, key: KeyInfo = {}) => h(input, key);
  const go = (pane: Pane, detail?: string) => {
    apply(store, setPane(store.getState(), pane));
    if (detail) apply(store, openDetail(store.getState(), pane, detail));
  };
  return { client, store, actions, loaders: createLoaders(client, store), press, go, sent };
}

describe("configuration panes", () => {
  it("e on a status page, a service moved to the next card, y: one PUT of the whole page", async () => {
    const r = rig();
    await r.loaders.statusPages();
    const page = r.store.getState().statusPages.items[0]!;
    r.go("pages", page.id);
    r.press("e");
    expect(r.store.getState().work.form?.kind).toBe("page-edit");
    r.press("", { upArrow: true }); // from name (0) wraps to cards
    expect(r.store.getState().work.form?.fields[r.store.getState().work.form!.focus]?.key).toBe("cards");
    const firstCard = page.cards![0]!;
    const moved = firstCard.services![0]!;
    r.press("]");
    r.press("\r");
    // Enter reads the page afresh before the confirmation
    await until("the confirmation", 5000, () => r.store.getState().ui.overlay.kind === "confirm");
    expect(r.store.getState().ui.overlay).toMatchObject({ kind: "confirm" });
    r.sent.length = 0;
    r.press("y");
    await r.actions.idle();
    expect(r.sent.filter((s) => !s.startsWith("GET"))).toEqual([`PUT /v1/status-pages/${page.id}`]);
    const after: Json = (await svc.call("GET", `/v1/status-pages/${page.id}`)).body;
    expect(after.cards[0].services.map((s: Json) => s.id)).not.toContain(moved.id);
    expect(after.cards[1].services.map((s: Json) => s.id)).toContain(moved.id);
    await r.client.close();
  });

  it("n on private locations: the raw key is shown once, then only masked; no draft is written", async () => {
    const r = rig();
    r.go("locations");
    r.press("n");
    r.press("Berlin DC\t");
    r.press("berlin-dc\t\thttp://user:pw@proxy.example:3128\r");
    const confirm = r.store.getState().ui.overlay;
    expect(confirm.kind === "confirm" && confirm.lines.join(" ")).toContain("user:****@proxy.example");
    r.press("y");
    await r.actions.idle();
    const once = r.store.getState().work.once;
    expect(once?.secret).toMatch(/\S{8,}/);
    expect(once?.lines.join(" ")).toMatch(/will NOT be shown again/);
    // the stored location copy has no raw key
    const stored = JSON.stringify(r.store.getState().privateLocations.items);
    expect(stored).not.toContain(once!.secret);
    r.press("x"); // any key
    expect(r.store.getState().work.once).toBeUndefined();
    expect(JSON.stringify(r.store.getState())).not.toContain(once!.secret);
    expect(readdirSync(dataDir).includes("drafts") ? readdirSync(`${dataDir}/drafts`) : []).toEqual([]);
    const list: Json[] = (await svc.call("GET", "/v1/private-locations")).body;
    expect(list.filter((l) => l.slugName === "berlin-dc")).toHaveLength(1);
    await r.client.close();
  });

  it("read-only: n, u, e, s and v open nothing and send nothing", async () => {
    const r = rig(true);
    await r.loaders.incidents();
    await r.loaders.alertChannels();
    r.go("incidents");
    r.press("nuse");
    expect(r.store.getState().work.form).toBeUndefined();
    expect(r.store.getState().ui.notice).toMatch(/read-only/);
    r.go("alerts", String(r.store.getState().alertChannels.items[0]!.id));
    r.press("v");
    expect(r.store.getState().work.revealed).toBeUndefined();
    r.go("locations");
    r.press("n");
    expect(r.store.getState().work.form).toBeUndefined();
    expect(r.sent.every((s) => s.startsWith("GET"))).toBe(true);
    await r.client.close();
  });
});
