/**
 * Forms never undo what someone else changed, against the real embedded service over loopback: a teammate
 * (another client over HTTP, as the CLI is) changes the page or incident while the console holds an old
 * copy or has the form open. Enter reads it afresh; only the fields the engineer changed are sent; a
 * field both changed is said; nothing changed sends nothing; `u` names a resolved incident and does not
 * reopen it by default; the fast path does not post to a resolved incident left under the cursor; an
 * edit of a posted update does not email the subscribers again unless asked.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { openDetail, setCursor, setPane } from "../../src/store/view/ui.ts";
import { incidentRows } from "../../src/tui/panes/incidents/rows.ts";
import { type Json, startTestService, type TestService, tempDir } from "../service/support.ts";
import { until } from "../support/until.ts";
import { keyRig } from "./key-rig.ts";

let svc: TestService;
let serviceId: string;
beforeAll(async () => {
  svc = await startTestService({ demo: true });
  serviceId = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body.id;
});
afterAll(async () => {
  await svc?.dispose();
});

function rig() {
  const r = keyRig({ baseUrl: svc.url, apiKey: svc.apiKey, dataDir: tempDir("vigil-fresh-") });
  const writes: string[] = [];
  const s = () => r.store.getState();
  const overlay = () => s().ui.overlay;
  const confirmation = () => until("the confirmation", 5000, () => overlay().kind === "confirm");
  return { ...r, s, overlay, confirmation, writes };
}

const getPage = async (id: string): Promise<Json> => (await svc.call("GET", `/v1/status-pages/${id}`)).body;

/** A teammate's whole-page PUT (as `vigil status-pages update` sends it). */
async function teammatePutsPage(id: string, patch: Json): Promise<void> {
  const p = await getPage(id);
  const body = {
    name: p.name,
    url: p.url,
    defaultTheme: p.defaultTheme,
    ...(p.description ? { description: p.description } : {}),
    ...(p.logo ? { logo: p.logo } : {}),
    cards: p.cards.map((c: Json) => ({
      id: c.id,
      name: c.name,
      statusPageId: id,
      services: c.services.map((x: Json) => ({ id: x.id })),
    })),
    ...patch,
  };
  const r = await svc.call("PUT", `/v1/status-pages/${id}`, body);
  expect(r.status).toBe(200);
}

describe("e on a status page: from a fresh read, only what was changed", () => {
  it("an old held copy: the teammate's theme, description and logo (not in the form) are kept", async () => {
    const r = rig();
    await r.loaders.statusPages();
    const page = r.s().statusPages.items[0]!;
    await teammatePutsPage(page.id, { defaultTheme: "AUTO", description: "Ours v1" });
    await r.loaders.statusPages(); // the console holds AUTO, "Ours v1"
    apply(r.store, setPane(r.s(), "pages"));
    apply(r.store, openDetail(r.s(), "pages", page.id));
    // meanwhile, the teammate: theme DARK, a new description, a logo
    await teammatePutsPage(page.id, {
      defaultTheme: "DARK",
      description: "Teammate v2",
      logo: "https://example.com/logo.png",
    });
    r.press("e");
    expect(r.form()?.values.defaultTheme).toBe("AUTO"); // the old held copy
    r.press("X"); // one character more on the name, before the form's own fresh read arrives
    // that read arrives: the fields not changed show the page as it is; the name keeps what was typed
    await until("the form's fresh read", 5000, () => r.form()?.values.defaultTheme === "DARK");
    expect(r.form()?.values.name).toBe(`${page.name}X`);
    r.press("\r");
    await r.confirmation();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    // the confirmation names the one change, not the theme the form held
    expect(o.lines[0]).toBe(`name: "${page.name}" → "${page.name}X"`);
    expect(o.lines.join("\n")).not.toMatch(/theme/);
    expect(o.careful).toBeUndefined();
    r.press("y");
    await r.actions.idle();
    expect(r.form()).toBeUndefined();
    const after = await getPage(page.id);
    expect(after).toMatchObject({
      name: `${page.name}X`,
      defaultTheme: "DARK",
      description: "Teammate v2",
      logo: "https://example.com/logo.png",
    });
    // and the screen holds what is now true
    expect(r.s().statusPages.items.find((p) => p.id === page.id)?.defaultTheme).toBe("DARK");
    await r.client.close();
  });

  it("the same field changed by both: said (now, will become); a y typed before it appeared does not answer it", async () => {
    const r = rig();
    const page = (await svc.call("GET", "/v1/status-pages")).body.entries[0];
    await teammatePutsPage(page.id, { defaultTheme: "AUTO" });
    await r.loaders.statusPages();
    apply(r.store, setPane(r.s(), "pages"));
    apply(r.store, openDetail(r.s(), "pages", page.id));
    r.press("e");
    r.press("", { tab: true });
    r.press("", { tab: true });
    r.press("", { tab: true }); // default theme
    r.press("L"); // AUTO → LIGHT
    await teammatePutsPage(page.id, { defaultTheme: "DARK" });
    r.press("\r");
    r.press("y"); // typed ahead, before the warning could be seen
    await r.confirmation();
    await r.actions.idle();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("the typed-ahead y answered the warning");
    expect(o.careful).toBe(true);
    expect(o.lines).toContain(
      '⚠ default theme is "DARK" now (changed since the form opened, from "AUTO") → will become "LIGHT"',
    );
    expect((await getPage(page.id)).defaultTheme).toBe("DARK"); // nothing sent yet
    r.press("y");
    await r.actions.idle();
    expect((await getPage(page.id)).defaultTheme).toBe("LIGHT");
    await r.client.close();
  });

  it("a teammate sets DARK; the engineer presses LIGHT (what the form showed): told DARK, the form shows it, nothing sent", async () => {
    const r = rig();
    const page = (await svc.call("GET", "/v1/status-pages")).body.entries[0];
    await teammatePutsPage(page.id, { defaultTheme: "LIGHT" });
    await r.loaders.statusPages();
    apply(r.store, setPane(r.s(), "pages"));
    apply(r.store, openDetail(r.s(), "pages", page.id));
    const held = r.s().details.pages.get(page.id);
    r.press("e");
    await until("the form's fresh read", 5000, () => r.s().details.pages.get(page.id) !== held);
    expect(r.form()?.values.defaultTheme).toBe("LIGHT");
    await teammatePutsPage(page.id, { defaultTheme: "DARK" });
    r.press("", { tab: true });
    r.press("", { tab: true });
    r.press("", { tab: true }); // default theme
    r.press("L"); // LIGHT: what the form shows, so no change
    r.press("\r");
    await until("the notice", 5000, () => /nothing else to change/.test(r.s().ui.notice ?? ""));
    expect(r.s().ui.notice).toBe(
      `status page "${page.name}": default theme is "DARK" now (changed since the form opened) — the form shows it; nothing else to change`,
    );
    expect(r.form()?.values.defaultTheme).toBe("DARK");
    expect((await getPage(page.id)).defaultTheme).toBe("DARK"); // nothing sent
    // LIGHT again is now a change, said as one
    r.press("L");
    r.press("\r");
    await r.confirmation();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.lines[0]).toBe('default theme: "DARK" → "LIGHT"');
    r.press("y");
    await r.actions.idle();
    expect((await getPage(page.id)).defaultTheme).toBe("LIGHT");
    await r.client.close();
  });

  it("cards changed here and meanwhile: the ⚠ line says which service is on which card, not 'n cards'", async () => {
    const r = rig();
    const page = (await svc.call("GET", "/v1/status-pages")).body.entries[0];
    const p0 = await getPage(page.id);
    // two cards, the first with a service (as the teammate makes them: one service moved to a new card)
    const [first] = p0.cards as Json[];
    const moving = first.services[0];
    const name = (c: Json) => c.services.map((x: Json) => x.name).join(", ") || "—";
    await r.loaders.statusPages();
    apply(r.store, setPane(r.s(), "pages"));
    apply(r.store, openDetail(r.s(), "pages", page.id));
    const held = r.s().details.pages.get(page.id);
    r.press("e");
    await until("the form's fresh read", 5000, () => r.s().details.pages.get(page.id) !== held);
    r.press("", { upArrow: true }); // name → cards
    const before = JSON.stringify(r.form()?.values.cards);
    r.press("]"); // the focused service to the next card
    expect(JSON.stringify(r.form()?.values.cards)).not.toBe(before);
    await teammatePutsPage(page.id, {
      cards: [
        ...p0.cards.map((c: Json) => ({
          id: c.id,
          name: c.name,
          statusPageId: page.id,
          services: c.services.filter((x: Json) => x.id !== moving.id).map((x: Json) => ({ id: x.id })),
        })),
        { name: "Moved", statusPageId: page.id, services: [{ id: moving.id }] },
      ],
    });
    r.press("\r");
    await r.confirmation();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    const line = o.lines.find((l) => l.startsWith("⚠ cards"));
    // what the page reads now, card by card with its services' names
    const nowCards = [
      ...p0.cards.map((c: Json) => ({ ...c, services: c.services.filter((x: Json) => x.id !== moving.id) })),
      { name: "Moved", services: [moving] },
    ];
    const was = `[${(p0.cards as Json[]).map((c) => `${c.name}: ${name(c)}`).join(" | ")}]`;
    expect(line).toContain(
      `⚠ cards is [${nowCards.map((c: Json) => `${c.name}: ${name(c)}`).join(" | ")}] now (changed since the form opened, from ${was}) → will become [`,
    );
    // and the engineer's outcome, also by name: the service on the card it was moved to here
    expect(line).toMatch(new RegExp(`→ will become \\[.*: [^|]*${moving.name}`));
    r.press("n");
    await r.client.close();
  });

  it("nothing changed: 'nothing to change', nothing sent", async () => {
    const r = rig();
    await r.loaders.statusPages();
    const page = r.s().statusPages.items[0]!;
    apply(r.store, setPane(r.s(), "pages"));
    apply(r.store, openDetail(r.s(), "pages", page.id));
    const before = await getPage(page.id);
    r.press("e");
    r.press("\r");
    await until("the notice", 5000, () => /nothing to change/.test(r.s().ui.notice ?? ""));
    expect(r.overlay().kind).toBe("none");
    expect(r.form()?.phase).toBe("edit");
    expect(await getPage(page.id)).toEqual(before);
    await r.client.close();
  });
});

async function newIncident(name: string, severity = "MAJOR", notify = false): Promise<Json> {
  const r = await svc.call("POST", "/v1/status-pages/incidents", {
    name,
    severity,
    services: [{ id: serviceId }],
    incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING", notifySubscribers: notify }],
  });
  return r.body;
}
const getIncident = async (id: string): Promise<Json> =>
  (await svc.call("GET", `/v1/status-pages/incidents/${id}`)).body;
const resolve = (id: string) =>
  svc.call("POST", `/v1/status-pages/incidents/${id}/incident-updates`, {
    description: "Fixed",
    status: "RESOLVED",
  });

describe("s on an incident: a concurrent change is kept", () => {
  it("severity set by a teammate while the form is open: Enter says nothing to change; a name change keeps it", async () => {
    const inc = await newIncident("Replica lag", "MINOR");
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    apply(r.store, openDetail(r.s(), "incidents", inc.id));
    r.press("s");
    expect(r.form()?.values.severity).toBe("MINOR");
    // the form's own fresh read as it opens has arrived: what follows moves under the open form
    await until("the form's fresh read", 5000, () => r.s().details.incidents.get(inc.id) !== undefined);
    await svc.call("PUT", `/v1/status-pages/incidents/${inc.id}`, {
      name: inc.name,
      severity: "CRITICAL",
      services: [{ id: serviceId }],
    });
    expect(r.form()?.values.severity).toBe("MINOR"); // the form still shows what it read
    r.press("\r");
    await until("the notice", 5000, () => /nothing else to change/.test(r.s().ui.notice ?? ""));
    // never "already reads as the form" while it does not: the notice says what moved, the form shows it
    expect(r.s().ui.notice).toBe(
      'incident "Replica lag": severity is CRITICAL now (changed since the form opened) — the form shows it; nothing else to change',
    );
    expect(r.form()?.values.severity).toBe("CRITICAL");
    expect(r.overlay().kind).toBe("none");
    expect((await getIncident(inc.id)).severity).toBe("CRITICAL");
    // Enter again: now the form does read as the incident
    r.press("\r");
    await until("the second notice", 5000, () => /already reads as the form/.test(r.s().ui.notice ?? ""));
    // a name change: only the name is sent; the teammate's severity stays
    r.press("", { tab: true });
    r.press(" (db)");
    r.press("\r");
    await r.confirmation();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.lines[0]).toBe("name: Replica lag → Replica lag (db)");
    expect(o.lines.join("\n")).not.toMatch(/severity/);
    r.press("y");
    await r.actions.idle();
    expect(await getIncident(inc.id)).toMatchObject({ name: "Replica lag (db)", severity: "CRITICAL" });
    await r.client.close();
  });

  it("a name change while a teammate set the severity: the confirmation lists the severity as kept, and warns", async () => {
    const inc = await newIncident("Cache cold", "MAJOR");
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    apply(r.store, openDetail(r.s(), "incidents", inc.id));
    r.press("s");
    await until("the form's fresh read", 5000, () => r.s().details.incidents.get(inc.id) !== undefined);
    await svc.call("PUT", `/v1/status-pages/incidents/${inc.id}`, {
      name: inc.name,
      severity: "CRITICAL",
      services: [{ id: serviceId }],
    });
    r.press("", { tab: true });
    r.press("!");
    r.press("\r");
    r.press("y"); // typed ahead: the form showed MAJOR, so this y did not see CRITICAL
    await r.confirmation();
    await r.actions.idle();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("the typed-ahead y answered the confirmation");
    expect(o.lines).toEqual([
      "name: Cache cold → Cache cold!",
      "severity: CRITICAL now (changed since the form opened; kept)",
      "the other fields are kept as they are now (read just now)",
    ]);
    expect(o.careful).toBe(true);
    expect(r.form()?.values.severity).toBe("CRITICAL"); // the form behind it shows it too
    r.press("y");
    await r.actions.idle();
    expect(await getIncident(inc.id)).toMatchObject({ name: "Cache cold!", severity: "CRITICAL" });
    await r.client.close();
  });
});

describe("u: the incident read afresh at Enter", () => {
  it("resolved by a teammate since the list was read: named, and the status follows it (not reopened)", async () => {
    const inc = await newIncident("Queue backlog");
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    apply(r.store, openDetail(r.s(), "incidents", inc.id));
    await resolve(inc.id); // the list held still says open
    r.press("u");
    expect(r.form()?.values.status).toBe("INVESTIGATING");
    r.press("Drained\r");
    await r.confirmation();
    let o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.careful).toBe(true);
    expect(o.lines[0]).toMatch(
      /^⚠ "Queue backlog" is RESOLVED \((just now|\d+ s ago)\): this update is posted to a resolved incident; its status stays RESOLVED$/,
    );
    expect(o.lines).toContain("status: RESOLVED   notify subscribers: no");
    // the engineer means to reopen it: picks the status, and is told so
    r.press("n");
    r.press("", { tab: true });
    r.press("I");
    r.press("\r");
    await r.confirmation();
    o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.lines[0]).toMatch(
      /^⚠ "Queue backlog" was RESOLVED .* — this update REOPENS it \(status → INVESTIGATING\)$/,
    );
    r.press("y");
    await r.actions.idle();
    const ups = (await getIncident(inc.id)).incidentUpdates as Json[];
    expect(ups.map((u) => [u.description, u.status])).toEqual([
      ["Investigating", "INVESTIGATING"],
      ["Fixed", "RESOLVED"],
      ["Drained", "INVESTIGATING"],
    ]);
    await r.client.close();
  });

  it("fast path: a resolved incident left under the list's cursor is not posted to while another is open", async () => {
    const old = await newIncident("Old outage");
    await resolve(old.id);
    const open = await newIncident("Checkout down");
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    const row = incidentRows(r.s()).findIndex((i) => i.id === old.id);
    apply(r.store, setCursor(r.s(), "incidents", row, old.id));
    r.press("u");
    expect(r.form()?.target.incidentId).toBe(open.id);
    expect(r.form()?.note).toMatch(/"Old outage" \(selected\) is resolved: this goes to the open incident/);
    r.press("Rolled back\r");
    r.press("y"); // typed at once: the open incident's confirmation warns of nothing, so it answers it
    await r.actions.idle();
    await until("posted", 5000, () => r.form() === undefined);
    expect(((await getIncident(open.id)).incidentUpdates as Json[]).map((u) => u.description)).toContain(
      "Rolled back",
    );
    expect(((await getIncident(old.id)).incidentUpdates as Json[]).map((u) => u.description)).toEqual([
      "Investigating",
      "Fixed",
    ]);
    // its detail opened: u posts there — and the confirmation, a warning, is not answered by a y typed ahead
    apply(r.store, openDetail(r.s(), "incidents", old.id));
    r.press("u");
    expect(r.form()?.target.incidentId).toBe(old.id);
    r.press("Postmortem next week\r");
    r.press("y");
    await r.confirmation();
    await r.actions.idle();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("the typed-ahead y answered the warning");
    // the incidents open now, newest first (the earlier tests left some open too)
    expect(o.lines).toContainEqual(
      expect.stringMatching(/^open now: "Checkout down", .* — n \/ Esc, then u on it posts there$/),
    );
    expect(((await getIncident(old.id)).incidentUpdates as Json[]).length).toBe(2);
    r.press("n");
    await r.client.close();
  });
});

describe("e on a posted update: subscribers are not emailed again unless asked", () => {
  it("notify starts off and the confirmation says who is emailed", async () => {
    const inc = await newIncident("Emails late", "MAJOR", true);
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    apply(r.store, openDetail(r.s(), "incidents", inc.id));
    r.press("e");
    expect(r.form()).toMatchObject({ kind: "update-edit", values: { notify: false } });
    r.press(" (typo fixed)\r");
    await r.confirmation();
    let o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    // posted with notify: the confirmation says the ✉ goes (the API keeps only the last write's notify)
    expect(o.lines).toContain(
      "subscribers are not emailed again (notify off) — the API keeps only the last write's notify, so the ✉ that says they were emailed when it was posted goes",
    );
    r.press("n");
    r.press("", { tab: true });
    r.press("", { tab: true });
    r.press(" "); // notify on
    r.press("\r");
    await r.confirmation();
    o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.lines).toContain("⚠ notify is on: subscribers are emailed AGAIN, with the edited text");
    r.press("n");
    r.press(" "); // off again
    r.press("\r");
    await r.confirmation();
    r.press("y");
    await r.actions.idle();
    const [u] = (await getIncident(inc.id)).incidentUpdates as Json[];
    expect(u).toMatchObject({ description: "Investigating (typo fixed)", notifySubscribers: false });
    await r.client.close();
  });

  it("an update posted without notify: the plain line, nothing said of a ✉ it never had", async () => {
    const inc = await newIncident("Quiet fix", "MINOR", false);
    const r = rig();
    await r.loaders.incidents();
    apply(r.store, setPane(r.s(), "incidents"));
    apply(r.store, openDetail(r.s(), "incidents", inc.id));
    r.press("e");
    r.press("!\r");
    await r.confirmation();
    const o = r.overlay();
    if (o.kind !== "confirm") throw new Error("no confirmation");
    expect(o.lines[2]).toBe("subscribers are not emailed (notify off; turn it on to email them again)");
    r.press("n");
    await r.client.close();
  });
});
