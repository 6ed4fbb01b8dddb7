/**
 * The form kinds' registry (src/store/forms/kinds/): every listed kind's spec is complete and its forms
 * carry its key; and drafts written by the console before the kinds were files (the same format on disk)
 * load, reopen into their form with nothing typed lost, and keep their never-send-twice marker.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../../src/api/client.ts";
import type { Incident } from "../../../src/contract/schemas/incidents.ts";
import type { Service } from "../../../src/contract/schemas/services.ts";
import type { StatusPage } from "../../../src/contract/schemas/status-pages.ts";
import { createActions } from "../../../src/store/actions/actions.ts";
import { NO_PANES } from "../../../src/store/actions/targets.ts";
import { createDraftStore, type Draft, memoryDraftStore } from "../../../src/store/forms/drafts.ts";
import { openOnServices } from "../../../src/store/forms/kinds/incident.ts";
import {
  createSenders,
  type DraftKind,
  draftSpec,
  FORM_KINDS,
  type FormKind,
  formKindSpec,
  isDraftKind,
} from "../../../src/store/forms/kinds/index.ts";
import { cardsShown } from "../../../src/store/forms/kinds/page-edit.ts";
import type { FormState } from "../../../src/store/forms/types.ts";
import { createConsoleStore } from "../../../src/store/state.ts";

const SERVICES = [
  { id: "s1", name: "API" },
  { id: "s2", name: "Web" },
] as Service[];
const INCIDENT = {
  id: "inc-1",
  name: "DB down",
  severity: "MAJOR",
  services: [{ id: "s1", name: "API" }],
  lastUpdateStatus: "INVESTIGATING",
  incidentUpdates: [
    {
      id: "u-1",
      description: "Looking",
      status: "INVESTIGATING",
      notifySubscribers: true,
      publicIncidentUpdateDate: "2026-11-20T08:00:00.000Z",
    },
  ],
} as unknown as Incident;
const PAGE = {
  id: "p-1",
  name: "Status",
  url: "status",
  customDomain: null,
  defaultTheme: "AUTO",
  cards: [{ id: "c-1", name: "Core", services: [{ id: "s1", name: "API" }] }],
} as unknown as StatusPage;

/** A form of every kind, opened as its key would (a new kind without one here does not compile). */
const OPENED: Record<FormKind, () => FormState> = {
  incident: () => FORM_KINDS.incident.open(SERVICES),
  update: () => FORM_KINDS.update.open(INCIDENT),
  "update-edit": () => FORM_KINDS["update-edit"].open(INCIDENT, INCIDENT.incidentUpdates![0]!),
  "incident-edit": () => FORM_KINDS["incident-edit"].open(INCIDENT, SERVICES),
  "page-edit": () => FORM_KINDS["page-edit"].open(PAGE),
  location: () => FORM_KINDS.location.open(),
};

const KINDS = Object.keys(FORM_KINDS) as FormKind[];

describe("the form kinds' registry", () => {
  it("lists six kinds, and every spec has every part", () => {
    expect(KINDS).toEqual(["incident", "update", "update-edit", "incident-edit", "page-edit", "location"]);
    const store = createConsoleStore();
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    const senders = createSenders({
      client,
      store,
      drafts: memoryDraftStore(),
      now: () => 0,
      showIncident: () => {},
    });
    for (const kind of KINDS) {
      const spec = formKindSpec(kind)!;
      expect(typeof spec.open, kind).toBe("function");
      expect(typeof spec.validate, kind).toBe("function");
      expect(typeof senders[kind].confirm, kind).toBe("function");
      expect(typeof senders[kind].send, kind).toBe("function");
      const d = spec.draft;
      if ("never" in d) expect(d.never, kind).toMatch(/\w/);
      else {
        expect(typeof d.label, kind).toBe("function");
        expect(typeof d.reopen, kind).toBe("function");
        expect(typeof d.sameTarget, kind).toBe("function");
      }
    }
    expect(formKindSpec("toString")).toBeUndefined();
    expect(formKindSpec("constructor")).toBeUndefined();
  });

  it("a kind's form carries its key, validates, confirms, and its draft finds the form again", async () => {
    const READS_FRESH: string[] = ["update", "incident-edit", "page-edit"];
    const store = createConsoleStore();
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    const senders = createSenders({
      client,
      store,
      drafts: memoryDraftStore(),
      now: () => 0,
      showIncident: () => {},
    });
    for (const kind of KINDS) {
      const form = OPENED[kind]();
      expect(form.kind).toBe(kind);
      expect(form.fields.length, kind).toBeGreaterThan(0);
      for (const field of form.fields) expect(form.values, `${kind}.${field.key}`).toHaveProperty(field.key);
      expect(typeof FORM_KINDS[kind].validate(form)).toBe("object");
      // the kinds that edit what others edit too read it afresh before confirming: no service here, so
      // they say the read failed and confirm nothing; the others confirm the form as it is
      const c = await senders[kind].confirm(form, undefined);
      if (READS_FRESH.includes(kind))
        expect(c, kind).toEqual({ error: expect.stringMatching(/could not be read afresh: /) });
      else expect("title" in c ? c.title : c, kind).toMatch(/\?/);
      const spec = draftSpec(kind);
      expect(isDraftKind(kind)).toBe(spec !== undefined);
      if (!spec) continue;
      const d: Draft = {
        id: "d-1",
        kind: kind as DraftKind,
        scope: "s",
        target: form.target,
        values: form.values,
        createdAt: 0,
        savedAt: 0,
      };
      expect(spec.sameTarget(d, form.target), kind).toBe(true);
      expect(spec.label(d), kind).toMatch(/\w/);
    }
    // the one kind that keeps no draft: a private location's proxy URL may carry a password
    expect(KINDS.filter((k) => !isDraftKind(k))).toEqual(["location"]);
  });
});

/**
 * Draft files as the console wrote them before this change (made by driving that version's forms and
 * copied here as they were on disk), plus one whose create request's answer was lost (`sent`).
 */
const SCOPE = "http://127.0.0.1:9#acc";
const OLD_FILES: Record<string, string> = {
  "c7b73dd3-8c54-4d07-8a14-e5d4bd843aec": `{"id":"c7b73dd3-8c54-4d07-8a14-e5d4bd843aec","kind":"incident","scope":"http://127.0.0.1:9#acc","createdAt":1790000001000,"target":{},"values":{"name":"Checkout down","severity":"MAJOR","services":["s1"],"status":"INVESTIGATING","description":"We are investigating","notify":true},"savedAt":1790000001000}`,
  "2178ff44-3318-47c5-b91c-f49657c5752b": `{"id":"2178ff44-3318-47c5-b91c-f49657c5752b","kind":"update","scope":"http://127.0.0.1:9#acc","createdAt":1790000002000,"target":{"incidentId":"inc-1","label":"DB down"},"values":{"description":"Fix deployed","status":"MONITORING","notify":true},"savedAt":1790000002000}`,
  "7dc0f8ee-7bc8-4aba-ab13-a02911399426": `{"id":"7dc0f8ee-7bc8-4aba-ab13-a02911399426","kind":"update-edit","scope":"http://127.0.0.1:9#acc","createdAt":1790000003000,"target":{"incidentId":"inc-1","updateId":"u-1","label":"DB down"},"values":{"description":"Looking closer","status":"INVESTIGATING","notify":true,"date":"2026-11-20T08:00:00.000Z"},"savedAt":1790000003000}`,
  "3da51e2a-e8eb-4c6c-9eb5-a1eaeb005243": `{"id":"3da51e2a-e8eb-4c6c-9eb5-a1eaeb005243","kind":"incident-edit","scope":"http://127.0.0.1:9#acc","createdAt":1790000004000,"target":{"incidentId":"inc-1","label":"DB down"},"values":{"severity":"CRITICAL","name":"DB down","services":["s1","s2"]},"savedAt":1790000004000}`,
  "19dd3919-d2ac-4d73-b1a2-6a2aee317053": `{"id":"19dd3919-d2ac-4d73-b1a2-6a2aee317053","kind":"page-edit","scope":"http://127.0.0.1:9#acc","createdAt":1790000005000,"target":{"pageId":"p-1","label":"Status"},"values":{"name":"Status!","url":"status","customDomain":"","defaultTheme":"AUTO","cards":[{"id":"c-1","name":"Core","services":[]},{"name":"New","services":["s1"]}]},"savedAt":1790000005000}`,
  "bf7c0535-e7a8-492f-bf8f-2f601824da92": `{"id":"bf7c0535-e7a8-492f-bf8f-2f601824da92","kind":"update","scope":"http://127.0.0.1:9#acc","createdAt":1790000006000,"target":{},"values":{"description":"Typed blind","status":"INVESTIGATING","notify":true},"savedAt":1790000006000}`,
  "0b5e6a10-1c2d-4e3f-8a9b-0c1d2e3f4a5b": `{"id":"0b5e6a10-1c2d-4e3f-8a9b-0c1d2e3f4a5b","kind":"update","scope":"http://127.0.0.1:9#acc","createdAt":1790000000000,"target":{"incidentId":"inc-2","label":"Queue stuck"},"values":{"description":"Draining","status":"IDENTIFIED","notify":false},"savedAt":1790000007000,"sent":{"publicIncidentUpdateDate":"2026-11-26T09:00:00.000Z","description":"Draining","at":1790000007000},"lastError":"outcome unknown (the retry re-reads the incident first): timed out"}`,
};

/** What the resume offer called each (the old console's words). */
const OLD_LABELS: Record<string, string> = {
  "c7b73dd3-8c54-4d07-8a14-e5d4bd843aec": 'new incident "Checkout down"',
  "2178ff44-3318-47c5-b91c-f49657c5752b": 'update to "DB down"',
  "7dc0f8ee-7bc8-4aba-ab13-a02911399426": 'edit of an update to "DB down"',
  "3da51e2a-e8eb-4c6c-9eb5-a1eaeb005243": 'change to "DB down"',
  "19dd3919-d2ac-4d73-b1a2-6a2aee317053": 'status page "Status"',
  "bf7c0535-e7a8-492f-bf8f-2f601824da92":
    "update typed while no incident was open (Enter sends it to the one open, or asks which)",
  "0b5e6a10-1c2d-4e3f-8a9b-0c1d2e3f4a5b": 'update to "Queue stuck"',
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function oldDrafts() {
  const dir = mkdtempSync(join(tmpdir(), "vigil-old-drafts-"));
  dirs.push(dir);
  mkdirSync(join(dir, "drafts"), { mode: 0o700 });
  for (const [id, text] of Object.entries(OLD_FILES))
    writeFileSync(join(dir, "drafts", `${id}.json`), `${text}\n`, { mode: 0o600 });
  const drafts = createDraftStore(dir);
  const store = createConsoleStore();
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
  const actions = createActions(client, store, undefined, {
    panes: NO_PANES,
    readOnly: false,
    drafts,
    draftScope: SCOPE,
    now: () => 1_790_000_100_000,
  });
  return { dir, drafts, store, actions };
}

describe("drafts written before the kinds were files", () => {
  it("load, each reopens into its kind's form with every value and its target, and is offered in the old words", () => {
    const { drafts, store, actions } = oldDrafts();
    const listed = drafts.list(SCOPE);
    expect(drafts.unreadable()).toEqual([]);
    expect(listed.map((d) => d.id).sort()).toEqual(Object.keys(OLD_FILES).sort());
    for (const d of listed) {
      expect(draftSpec(d.kind)?.label(d)).toBe(OLD_LABELS[d.id]);
      actions.openDraft(d.id);
      const form = store.getState().work.form!;
      expect(form.kind, d.id).toBe(d.kind);
      expect(form.draftId).toBe(d.id);
      expect(form.values).toMatchObject(JSON.parse(OLD_FILES[d.id]!).values);
      expect(form.target).toMatchObject(d.target);
      expect(form.note).toMatch(
        d.sent
          ? /sent, but no answer came — it may have landed: Enter re-reads the incident/
          : /not sent yet/,
      );
      actions.formClose(false);
    }
    // the blind update stays without an incident: Enter routes it
    actions.openDraft("bf7c0535-e7a8-492f-bf8f-2f601824da92");
    expect(store.getState().work.form).toMatchObject({ target: {}, title: "Update — no incident yet" });
    actions.formClose(false);
    // the newest is offered first, as before
    actions.offerDrafts();
    expect(store.getState().ui.overlay).toMatchObject({
      kind: "confirm",
      lines: expect.arrayContaining(['update to "Queue stuck"', "Draining"]),
    });
  });

  it("a reopened draft keeps its sent marker through edits, on disk as it was", () => {
    const { dir, store, actions } = oldDrafts();
    const id = "0b5e6a10-1c2d-4e3f-8a9b-0c1d2e3f4a5b";
    actions.openDraft(id);
    const form = store.getState().work.form!;
    actions.formChange({ ...form, values: { ...form.values, description: "Draining, half done" } });
    const onDisk = JSON.parse(readFileSync(join(dir, "drafts", `${id}.json`), "utf8")) as Draft;
    expect(onDisk.sent).toEqual(JSON.parse(OLD_FILES[id]!).sent);
    expect(onDisk.values.description).toBe("Draining, half done");
    expect(Object.keys(onDisk)).toEqual(Object.keys(JSON.parse(OLD_FILES[id]!)));
    // Esc keeps it (it was sent: never dropped as blank)
    actions.formClose(false);
    expect(readFileSync(join(dir, "drafts", `${id}.json`), "utf8")).toContain('"sent"');
  });

  it("a draft of a kind this console does not know is kept and said, not opened", () => {
    const { dir, store, actions, drafts } = oldDrafts();
    const text = OLD_FILES["2178ff44-3318-47c5-b91c-f49657c5752b"]!.replaceAll(
      "2178ff44",
      "9178ff44",
    ).replace('"kind":"update"', '"kind":"check-edit"');
    writeFileSync(join(dir, "drafts", "9178ff44-3318-47c5-b91c-f49657c5752b.json"), text);
    actions.openDraft("9178ff44-3318-47c5-b91c-f49657c5752b");
    expect(store.getState().work.form).toBeUndefined();
    expect(store.getState().ui.notice).toMatch(
      /of a kind this vigil does not know \("check-edit"\); it is kept/,
    );
    expect(drafts.get("9178ff44-3318-47c5-b91c-f49657c5752b")).toBeDefined();
  });
});

describe("a new incident's confirmation", () => {
  it("names the incidents already open on the services chosen (not resolved ones, not other services')", () => {
    const form = FORM_KINDS.incident.open(SERVICES);
    const incidents = [
      INCIDENT,
      { ...INCIDENT, id: "inc-2", name: "Old outage", lastUpdateStatus: "RESOLVED" },
      { ...INCIDENT, id: "inc-3", name: "Web slow", services: [{ id: "s2", name: "Web" }] },
    ] as Incident[];
    expect(openOnServices(form, incidents)).toEqual([]);
    const onApi = { ...form, values: { ...form.values, services: ["s1"] } };
    expect(openOnServices(onApi, incidents)).toEqual([
      '⚠ already open on these services: "DB down" (MAJOR, investigating) — an update to it is posted from pane 5',
    ]);
  });
});

describe("a status page's cards as the confirmation says them", () => {
  it("card by card with its services' names; an empty card and no cards said so", () => {
    const label = (id: string) => ({ s1: "API", s2: "Web" })[id] ?? id;
    const v = [
      { id: "c-1", name: "Core", services: ["s1", "s2"] },
      { name: "New", services: [] },
      { name: "Other", services: ["s9"] },
    ];
    expect(cardsShown(v, label)).toBe("Core: API, Web | New: — | Other: s9");
    expect(cardsShown([], label)).toBe("no cards");
  });
});
