/**
 * Frames of panes 5–8 and their forms at 80×24 and 120×40 (no network: data put in the store): incident
 * list and history, the forms with errors next to fields, the webhook preview with secrets masked (and
 * revealed), status page colours as hex text without colour, the one-time key panel, hostile strings.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../src/contract/schemas/private-locations.ts";
import type { Service } from "../../src/contract/schemas/services.ts";
import { type StatusPage, THEME_COLOR_FIELDS } from "../../src/contract/schemas/status-pages.ts";
import { listLoaded, setVariables } from "../../src/store/data/slices.ts";
import { apply, type ConsoleStore } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { setOnce } from "../../src/store/view/work.ts";
import { loadWebhookRenderer } from "../../src/tui/panes/alerts/webhook-preview.ts";
import { statusPageLines } from "../../src/tui/panes/pages/lines.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const HOSTILE = "evil\u001b]0;pwned\u0007\u001b[2J\u202eabc\rX";
const FORBIDDEN = ["\u001b]", "\u001b[2J", "\u202e", "\r", "\u0007"];
const NOW = Date.now();
const iso = (minAgo: number) => new Date(NOW - minAgo * 60_000).toISOString();

const services = [
  { id: "s1", name: "Storefront", accountId: "a", created_at: "2026-11-01" },
  { id: "s2", name: `Payments ${HOSTILE}`, accountId: "a", created_at: "2026-11-01" },
] as Service[];

const open = {
  id: "i1",
  name: "Checkout errors",
  severity: "MAJOR",
  services: [services[1]],
  lastUpdateStatus: "IDENTIFIED",
  created_at: "2026-11-21",
  incidentUpdates: [
    {
      id: "u1",
      description: "Investigating 500s",
      status: "INVESTIGATING",
      publicIncidentUpdateDate: iso(90),
    },
    {
      id: "u2",
      description: `Root cause found ${HOSTILE}`,
      status: "IDENTIFIED",
      publicIncidentUpdateDate: iso(30),
      notifySubscribers: true,
    },
  ],
} as Incident;
const resolved = {
  id: "i2",
  name: "Search slow",
  severity: "MINOR",
  services: [services[0]],
  lastUpdateStatus: "RESOLVED",
  created_at: "2026-11-19",
  incidentUpdates: [
    { id: "u3", description: "Fixed", status: "RESOLVED", publicIncidentUpdateDate: iso(3000) },
  ],
} as Incident;

const webhook = {
  id: 7,
  type: "WEBHOOK",
  config: {
    name: "Bot",
    url: "https://hooks.example/in?token=abc123secret",
    method: "POST",
    headers: [{ key: "Authorization", value: "Bearer s3cr3t-header-xyz" }],
    template: '{"title": "{{ALERT_TITLE}}", "type": "{{ALERT_TYPE}}", "team": "{{TEAM}}"}',
    webhookSecret: "s3cr3t-value-xyz",
  },
  subscriptions: [{ checkId: "c-known", activated: true }],
  sendFailure: true,
  sendRecovery: true,
  sslExpiry: false,
} as unknown as AlertChannel;

const page = {
  id: "p1",
  name: "Acme Status",
  url: "acme",
  customDomain: "status.acme.example",
  defaultTheme: "DARK",
  themeColors: {
    light: Object.fromEntries(THEME_COLOR_FIELDS.map((k, i) => [k, `#${String(i).repeat(6)}`])),
    dark: null,
  },
  cards: [
    {
      id: "c1",
      name: "Shop",
      created_at: "x",
      services: [{ ...services[0], checks: [{ id: "c-known", name: "Home page" }] }],
    },
  ],
} as unknown as StatusPage;

const location = {
  id: "l1",
  name: "Berlin DC",
  slugName: "berlin-dc",
  icon: "location",
  proxyUrl: "http://user:hunter2@proxy:3128",
  created_at: "2026-11-20",
  keys: [{ id: "k1", maskedKey: "...f00d", rawKey: "pl_rawrawrawf00d" }],
  checkAssignments: [{ checkId: "c-known" }],
  agentCount: 2,
  lastSeen: iso(1),
} as unknown as PrivateLocation;

function loaded(): ConsoleStore {
  const known = check({ id: "c-known", name: "Home page" });
  const store = storeWith([known], [status(known.id, "failing")], NOW);
  apply(store, listLoaded("incidents", [resolved, open], NOW));
  apply(store, listLoaded("services", services, NOW));
  apply(store, listLoaded("alertChannels", [webhook], NOW));
  apply(store, listLoaded("statusPages", [page], NOW));
  apply(store, listLoaded("privateLocations", [location], NOW));
  apply(store, setVariables({ TEAM: "sre-team" }));
  return store;
}

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});

function show(
  store: ConsoleStore,
  pane: Parameters<typeof setPane>[1],
  size: { columns: number; rows: number },
  opts = {},
) {
  apply(store, setPane(store.getState(), pane));
  const c = renderConsole(store, size, opts);
  closers.push(() => c.close());
  return c;
}

function fits(frame: string, size: { columns: number; rows: number }) {
  const lines = frame.split("\n");
  expect(lines.length).toBeLessThanOrEqual(size.rows);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(size.columns);
}

describe.each([
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
])("panes 5–8 at $columns×$rows", (size) => {
  it("incidents: open first, history in the detail, hostile text inert", async () => {
    const c = show(loaded(), "incidents", size);
    const list = c.frame();
    expect(list.indexOf("Checkout errors")).toBeLessThan(list.indexOf("Search slow"));
    expect(list).toMatch(/2 incidents · 1 open/);
    // the mark is the status's, beside it (as on the overview and in \`vigil incidents list\`)
    expect(list).toMatch(/MAJOR\s+◌ IDENTIFIED/);
    await c.press("\r");
    const d = c.frame();
    expect(d).toContain("Investigating 500s");
    expect(d).toContain("Root cause found evil␛]0");
    expect(d).toMatch(/Updates \(2/);
    fits(d, size);
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });

  it("u opens the update form on the selected incident; Enter on an empty text shows the error at the field", async () => {
    const c = show(loaded(), "incidents", size);
    await c.press("u");
    let f = c.frame();
    expect(f).toContain("Update: Checkout errors");
    expect(f).toMatch(/\[IDENTIFIED\]/);
    await c.press("\r");
    f = c.frame();
    expect(f).toMatch(/✖ is not allowed to be empty/);
    await c.press("All good");
    expect(c.frame()).not.toMatch(/✖ is not allowed to be empty/);
    // Enter reads the incident afresh before confirming: with no service to read, nothing is asked nor
    // sent, the form says why and keeps what was typed (the confirmation itself: incident-forms.test.tsx)
    await c.press("\r");
    f = await frameWhere(c, (x) => /not checked, nothing sent/.test(x));
    expect(f).toMatch(/could not be read afresh/);
    expect(f).not.toMatch(/Post this update/);
    expect(f).toContain("All good");
    fits(f, size);
  });

  it("n: the new-incident form with its counter, the services picker and every error next to its field", async () => {
    const c = show(loaded(), "checks", size);
    await c.press("n");
    await c.press("Big outage");
    expect(c.frame()).toMatch(/name 10\/255/);
    await c.press("\r");
    expect(c.frame()).toMatch(/pick at least 1 service/);
    // the submit put the focus on the first field in error: services
    await c.press("\u001b[C"); // → the second service
    const f = c.frame();
    expect(f).toContain("›[ ] Payments evil␛]0");
    fits(f, size);
    for (const bad of FORBIDDEN) expect(c.raw()).not.toContain(bad);
  });

  it("alert channel: secrets masked, webhook preview rendered; v reveals, a changes the alert type", async () => {
    // the renderer loads on first use (not with the console); here it is loaded before the detail opens
    await loadWebhookRenderer();
    const c = show(loaded(), "alerts", size);
    await c.press("\r");
    let f = c.frame();
    expect(f).toContain("config.webhookSecret");
    expect(f).not.toContain("s3cr3t-value-xyz");
    expect(f).not.toContain("abc123secret");
    // a subscription is on or off, no ✔ beside a check's name (it would read as passing)
    expect(f).toMatch(/^ {2}Home page\s*$/m);
    // the channel's newest deliveries come first (none held here: the list is not loaded in this store)
    expect(f).toContain("Deliveries (the newest of the last 24 h)");
    await c.press("jjjjjjjjjjjj");
    f = c.frame();
    expect(f).toMatch(/Preview: ALERT_FAILURE/);
    expect(f).toMatch(/"type": "ALERT_FAILURE"/);
    expect(f).toMatch(/"team": "sre-team"/);
    expect(f).toMatch(/authorization: Bearer \.\.\./);
    await c.press("a");
    expect(c.frame()).toMatch(/"type": "ALERT_RECOVERY"/);
    await c.press("v");
    await c.press("gg");
    expect(c.frame()).toContain("s3cr3t-value-xyz");
    fits(c.frame(), size);
  });

  it("status page: settings, hex colours without colour, cards → services → checks with status", async () => {
    const c = show(loaded(), "pages", size, { noColor: true });
    await c.press("\r");
    const f = c.frame();
    expect(f).toContain("custom domain status.acme.example");
    expect(f).toContain("#000000 #111111");
    expect(f).toMatch(/▸ Shop/);
    expect(f).toMatch(/✖ Home page\s+failing/);
    fits(f, size);
  });

  it("private location: proxy password and keys masked; the one-time panel shows a key once", async () => {
    const store = loaded();
    const c = show(store, "locations", size);
    await c.press("\r");
    const f = c.frame();
    expect(f).toContain("http://user:****@proxy:3128");
    expect(f).toContain("...f00d");
    expect(f).not.toContain("hunter2");
    expect(f).not.toContain("pl_rawrawrawf00d");
    expect(f).toMatch(/checks \(1\)\s+Home page/);
    apply(
      store,
      setOnce(store.getState(), {
        title: "created",
        lines: ["it will NOT be shown again"],
        secret: "pl_once_secret",
      }),
    );
    await c.press("");
    expect(c.frame()).toContain("pl_once_secret");
    expect(c.frame()).toContain("y: copy it (OSC 52)");
    // y copies everywhere else: here too, and the panel (with the key) stays
    await c.press("y");
    expect(c.frame()).toContain("pl_once_secret");
    // the notice of the copy (this test console has no terminal to send OSC 52 to)
    expect(c.frame()).toMatch(/» (copied key|cannot copy)/);
    await c.press("x");
    expect(c.frame()).not.toContain("pl_once_secret");
    fits(c.frame(), size);
  });
});

describe("read-only and colours", () => {
  it("read-only help lists no mutating key of pane 5", async () => {
    const c = show(loaded(), "incidents", { columns: 120, rows: 40 }, { readOnly: true });
    await c.press("?");
    const f = c.frame();
    expect(f).toContain("incident detail");
    expect(f).not.toMatch(/post an update/);
    expect(f).not.toMatch(/new incident/);
  });

  it("status page lines: swatches when the terminal has colour", () => {
    const lines = statusPageLines(page, { colour: true, checks: new Map(), statuses: new Map() });
    const light = lines.find((l) => l.text.includes("light"));
    expect(light?.swatches?.map((s) => s.hex)).toEqual(
      Array.from({ length: 12 }, (_, i) => `#${String(i).repeat(6)}`).map((h, i) => (i < 10 ? h : "")),
    );
  });
});
