/** The forms as data: validation with the client's schemas, editing steps, request bodies. */
import { describe, expect, it } from "vitest";
import {
  type Incident,
  incidentCreateBodySchema,
  incidentUpdateBodySchema,
} from "../../src/contract/schemas/incidents.ts";
import type { Service } from "../../src/contract/schemas/services.ts";
import { type StatusPage, statusPageUpdateBodySchema } from "../../src/contract/schemas/status-pages.ts";
import { incidentCreateBody } from "../../src/store/forms/kinds/incident.ts";
import { FORM_KINDS } from "../../src/store/forms/kinds/index.ts";
import { locationBody } from "../../src/store/forms/kinds/location.ts";
import { pageBody } from "../../src/store/forms/kinds/page-edit.ts";
import { updateBody } from "../../src/store/forms/rules.ts";
import {
  cards,
  erase,
  type FormState,
  list,
  moveFocus,
  moveService,
  sideways,
  text,
  typeInto,
} from "../../src/store/forms/types.ts";
import { validateForm, visibleErrors } from "../../src/store/forms/validate.ts";

const newIncidentForm = FORM_KINDS.incident.open;
const updateForm = FORM_KINDS.update.open;
const editUpdateForm = FORM_KINDS["update-edit"].open;
const locationForm = FORM_KINDS.location.open;
const pageEditForm = FORM_KINDS["page-edit"].open;

const svc = (id: string, name: string) => ({ id, name, accountId: "a", created_at: "2026-11-01" }) as Service;
const SERVICES = [svc("s1", "API"), svc("s2", "Web"), svc("s3", "DB")];

const incident = {
  id: "i1",
  name: "DB down",
  severity: "MAJOR",
  services: [SERVICES[2]],
  lastUpdateStatus: "IDENTIFIED",
  created_at: "2026-11-21",
  incidentUpdates: [
    {
      id: "u1",
      description: "Looking",
      status: "INVESTIGATING",
      publicIncidentUpdateDate: "2026-11-21T07:00:00.000Z",
      notifySubscribers: false,
    },
    {
      id: "u2",
      description: "Found it",
      status: "IDENTIFIED",
      publicIncidentUpdateDate: "2026-11-21T07:10:00.000Z",
      notifySubscribers: true,
    },
  ],
} as Incident;

/** Type each field by focus order: a helper that walks the form like the keys do. */
function fill(f: FormState, key: string, value: string): FormState {
  let g = f;
  while (g.fields[g.focus]?.key !== key) g = moveFocus(g, 1);
  return typeInto(erase(g, true), value);
}

describe("new incident form", () => {
  it("refuses an empty form field by field, before anything is sent", () => {
    const f = newIncidentForm(SERVICES);
    expect(validateForm(f)).toEqual({
      name: "is not allowed to be empty",
      services: "pick at least 1 service (space)",
      description: "is not allowed to be empty",
    });
    // nothing shown before the engineer typed or submitted
    expect(visibleErrors(f)).toEqual({});
    expect(Object.keys(visibleErrors({ ...f, showErrors: true }))).toEqual([
      "name",
      "services",
      "description",
    ]);
  });

  it("counts the name and refuses 256 characters; whitespace-only is empty", () => {
    let f = fill(newIncidentForm(SERVICES), "name", "x".repeat(256));
    expect(validateForm(f).name).toBe("length must be less than or equal to 255 characters long");
    expect(visibleErrors(f).name).toBe("length must be less than or equal to 255 characters long");
    f = erase(f);
    expect(validateForm(f).name).toBeUndefined();
    expect(validateForm(fill(f, "name", "   ")).name).toBe("is not allowed to be empty");
  });

  it("picks services with ←/→ and space, severity by its first letter, and builds a body the schema accepts", () => {
    let f = fill(newIncidentForm(SERVICES), "name", "Checkout down");
    f = moveFocus(f, 1); // severity
    f = typeInto(f, "c");
    expect(text(f, "severity")).toBe("CRITICAL");
    f = sideways(f, -1); // wraps to the last one
    expect(text(f, "severity")).toBe("MINOR");
    f = moveFocus(f, 1); // services
    f = sideways(f, 1);
    f = typeInto(f, " ");
    f = sideways(f, 1);
    f = typeInto(f, " ");
    f = typeInto(f, " "); // unpick DB again
    expect(list(f, "services")).toEqual(["s2"]);
    f = fill(f, "description", "We are on it\u001b[2J\r\n");
    expect(text(f, "description")).toBe("We are on it[2J ");
    expect(validateForm(f)).toEqual({});
    const body = incidentCreateBody(f, "2026-11-21T08:00:00.000Z");
    expect(incidentCreateBodySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      name: "Checkout down",
      severity: "MINOR",
      services: [{ id: "s2" }],
      incidentUpdates: [
        {
          description: "We are on it[2J",
          status: "INVESTIGATING",
          notifySubscribers: true,
          publicIncidentUpdateDate: "2026-11-21T08:00:00.000Z",
        },
      ],
    });
  });
});

describe("update forms", () => {
  it("u: the description is focused, status defaults to the incident's, notify to its latest update", () => {
    const f = updateForm(incident);
    expect(f.fields[f.focus]?.key).toBe("description");
    expect(text(f, "status")).toBe("IDENTIFIED");
    expect(f.values.notify).toBe(true);
    expect(validateForm(f)).toEqual({ description: "is not allowed to be empty" });
    const g = typeInto(f, "Fix rolled out");
    expect(validateForm(g)).toEqual({});
    const body = updateBody(g, undefined);
    expect(incidentUpdateBodySchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({ description: "Fix rolled out", status: "IDENTIFIED", notifySubscribers: true });
  });

  it("e: filled with the update, keeping its date", () => {
    const f = editUpdateForm(incident, incident.incidentUpdates![0]!);
    expect(text(f, "description")).toBe("Looking");
    expect(text(f, "status")).toBe("INVESTIGATING");
    expect(text(f, "date")).toBe("2026-11-21T07:00:00.000Z");
    expect(f.target).toMatchObject({ incidentId: "i1", updateId: "u1" });
  });
});

describe("private location form", () => {
  it("validates the slug as the service does, the proxy URL as an http(s) URL", () => {
    let f = locationForm();
    f = fill(f, "name", "Berlin DC");
    f = fill(f, "slugName", "eu-west-1");
    expect(validateForm(f).slugName).toMatch(/cloud region/);
    f = fill(f, "slugName", "berlin dc");
    expect(validateForm(f).slugName).toMatch(/1-30 characters of a-z, 0-9/);
    f = fill(f, "slugName", "a".repeat(31));
    expect(validateForm(f).slugName).toMatch(/1-30/);
    f = fill(f, "slugName", "berlin-dc");
    f = fill(f, "proxyUrl", "ftp://proxy");
    expect(validateForm(f).proxyUrl).toMatch(/http/);
    f = fill(f, "proxyUrl", "http://u:p@proxy.example:3128");
    expect(validateForm(f)).toEqual({});
    expect(locationBody(f)).toEqual({
      name: "Berlin DC",
      slugName: "berlin-dc",
      icon: "location",
      proxyUrl: "http://u:p@proxy.example:3128",
    });
    expect(locationBody(fill(f, "proxyUrl", ""))).not.toHaveProperty("proxyUrl");
  });
});

describe("status page form", () => {
  const page = {
    id: "p1",
    name: "Acme",
    url: "acme",
    customDomain: null,
    defaultTheme: "AUTO",
    logo: "not a url",
    themeColors: { light: { bodyBackgroundColor: "#fff" }, dark: null },
    cards: [
      { id: "c1", name: "Shop", created_at: "x", services: [SERVICES[0]!, SERVICES[1]!] },
      { id: "c2", name: "Pay", created_at: "x", services: [SERVICES[2]!] },
    ],
  } as unknown as StatusPage;

  it("moves a service between cards and builds one whole-page body the schema accepts", () => {
    let f = pageEditForm(page);
    while (f.fields[f.focus]?.key !== "cards") f = moveFocus(f, 1);
    f = sideways(f, 1); // Web (second service of Shop)
    f = moveService(f, 1);
    expect(cards(f, "cards").map((c) => c.services)).toEqual([["s1"], ["s3", "s2"]]);
    f = moveService(f, 1); // no third card: nothing moves
    expect(cards(f, "cards").map((c) => c.services)).toEqual([["s1"], ["s3", "s2"]]);
    f = typeInto(f, "["); // back to the first card
    expect(cards(f, "cards").map((c) => c.services)).toEqual([["s1", "s2"], ["s3"]]);
    f = fill(f, "customDomain", "status acme");
    expect(validateForm(f).customDomain).toBe("must be a domain name like status.example.com");
    f = fill(f, "customDomain", "status.acme.example");
    expect(validateForm(f)).toEqual({});
    const body = pageBody(page, f);
    expect(statusPageUpdateBodySchema.safeParse(body).success).toBe(true);
    expect(body.cards).toEqual([
      { id: "c1", name: "Shop", statusPageId: "p1", services: [{ id: "s1" }, { id: "s2" }] },
      { id: "c2", name: "Pay", statusPageId: "p1", services: [{ id: "s3" }] },
    ]);
    expect(body.customDomain).toBe("status.acme.example");
    // invalid extras of the page as read are not sent (the PUT would be refused)
    expect(body).not.toHaveProperty("logo");
    expect(body).not.toHaveProperty("themeColors");
  });
});

describe("send outcomes", () => {
  it("only a refusal (4xx but 408) or a request that never left counts as certainly not applied", async () => {
    const { certainlyNotApplied } = await import("../../src/store/forms/send.ts");
    const { ApiError, NetworkError, TimeoutError, ResponseShapeError, UsageError } = await import(
      "../../src/api/errors.ts"
    );
    const api = (status: number) => new ApiError({ status, serverMessage: "x", method: "POST", path: "/p" });
    expect(certainlyNotApplied(api(400))).toBe(true);
    expect(certainlyNotApplied(api(404))).toBe(true);
    expect(certainlyNotApplied(api(429))).toBe(true);
    expect(certainlyNotApplied(new UsageError("bad"))).toBe(true);
    expect(certainlyNotApplied(api(408))).toBe(false);
    expect(certainlyNotApplied(api(500))).toBe(false);
    expect(certainlyNotApplied(api(503))).toBe(false);
    expect(certainlyNotApplied(new NetworkError("POST", "/p", "reset"))).toBe(false);
    expect(certainlyNotApplied(new TimeoutError("POST", "/p", 1000))).toBe(false);
    expect(certainlyNotApplied(new ResponseShapeError("POST", "/p", "id", "missing"))).toBe(false);
  });
});
