/**
 * Validation once, everywhere (issue 28 item 3): the embedded service and the client refuse the same
 * inputs with the same sentence (src/contract/schemas/rules.ts) — custom domains, status-page URL slugs,
 * private-location slugs, names, dates in the future beyond the skew — and an incident's status is its
 * latest update by publish time that is not in the future.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { UsageError } from "../../src/api/errors.ts";
import {
  currentUpdate,
  FUTURE_SKEW_MS,
  isDomain,
  isTooFarAhead,
  locationSlugSchema,
  pageSlugSchema,
} from "../../src/contract/schemas/rules.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { getIncident, insertIncident, insertUpdate } from "../../src/service/repo/incidents.ts";
import { FORM_KINDS } from "../../src/store/forms/kinds/index.ts";
import { validateForm } from "../../src/store/forms/validate.ts";
import { startTestService, type TestService, tempDir } from "./support.ts";

let svc: TestService;
let clock = Date.now();
let serviceId = "";
let pageId = "";
beforeAll(async () => {
  svc = await startTestService({ now: () => clock });
  serviceId = (await svc.call("POST", "/v1/status-pages/services", { name: "Checkout" })).body.id;
  const page = await svc.call("POST", "/v1/status-pages", { name: "Acme", url: "acme-status", cards: [] });
  expect(page.status).toBe(201);
  pageId = page.body.id;
});
afterAll(async () => {
  await svc.dispose();
});

const client = () => createClient({ baseUrl: svc.url, apiKey: svc.apiKey, retries: 0 });

/** The service's 400 message and the client's UsageError for the same input. */
async function both(
  serviceCall: () => Promise<{ status: number; body: { message: string } }>,
  clientCall: (c: ReturnType<typeof client>) => Promise<unknown>,
): Promise<{ service: string; client: string }> {
  const r = await serviceCall();
  expect(r.status).toBe(400);
  const c = client();
  try {
    await clientCall(c);
    throw new Error("the client sent it");
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return { service: r.body.message, client: (e as Error).message };
  } finally {
    await c.http.close();
  }
}

describe("the service and the client refuse the same inputs with the same sentence", () => {
  const page = (extra: Record<string, unknown>) => ({
    name: "Acme",
    url: "acme-status",
    cards: [],
    ...extra,
  });

  it.each([
    [
      "a custom domain that is not one",
      { customDomain: "not a domain!" },
      '"customDomain" must be a domain name',
    ],
    [
      "a scheme in the custom domain",
      { customDomain: "https://status.acme.com" },
      '"customDomain" must be a domain',
    ],
    ["a URL slug with capitals", { url: "Acme-Status" }, "\"url\" must be a slug of a-z, 0-9 and '-'"],
    ["a blank name", { name: "   " }, '"name" is not allowed to be empty'],
    ["a name on two lines", { name: "Acme\nStatus" }, '"name" must be one line without control characters'],
  ])("status page: %s", async (_what, extra, sentence) => {
    const m = await both(
      () => svc.call("PUT", `/v1/status-pages/${pageId}`, page(extra)),
      (c) => c.statusPages.update(pageId, page(extra) as never),
    );
    expect(m.service.startsWith(sentence)).toBe(true);
    expect(m.client).toBe(`status page: ${m.service}`);
  });

  it("private location: a slug with capitals", async () => {
    const body = { name: "Lab", slugName: "BadSlug" };
    const m = await both(
      () => svc.call("POST", "/v1/private-locations", body),
      (c) => c.privateLocations.create(body),
    );
    expect(m.service).toBe(`"slugName" must be 1-30 characters of a-z, 0-9 and '-'`);
    expect(m.client.endsWith(m.service)).toBe(true);
  });

  it("incident update: a date in 2030", async () => {
    const inc = await svc.call("POST", "/v1/status-pages/incidents", {
      name: "Checkout errors",
      severity: "MAJOR",
      services: [{ id: serviceId }],
      incidentUpdates: [{ description: "Investigating" }],
    });
    expect(inc.status).toBe(201);
    const body = {
      description: "Fixed",
      status: "RESOLVED" as const,
      publicIncidentUpdateDate: "2030-01-01T00:00:00Z",
    };
    const m = await both(
      () => svc.call("POST", `/v1/status-pages/incidents/${inc.body.id}/incident-updates`, body),
      (c) => c.incidentUpdates.create(inc.body.id, body),
    );
    expect(m.service).toBe('"publicIncidentUpdateDate" must not be more than 5 minutes in the future');
    expect(m.client).toBe(`incident update: ${m.service}`);
  });

  it("a check name that is blank", async () => {
    const body = { name: " ", request: { url: "http://127.0.0.1:1/" } };
    const m = await both(
      () => svc.call("POST", "/v1/checks/url", body),
      (c) => c.checks.create("url", body),
    );
    expect(m.service).toBe('"name" is not allowed to be empty');
    expect(m.client).toBe(`url check: ${m.service}`);
  });

  it("the console's forms say the same sentence next to the field", async () => {
    const page = (await svc.call("GET", `/v1/status-pages/${pageId}`)).body;
    let f = FORM_KINDS["page-edit"].open(page);
    f = { ...f, values: { ...f.values, url: "Acme-Status", customDomain: "not a domain!", name: " " } };
    const errors = validateForm(f);
    const bad: [string, string][] = [
      ["url", "Acme-Status"],
      ["customDomain", "not a domain!"],
      ["name", " "],
    ];
    for (const [field, value] of bad) {
      const body: Record<string, unknown> = { name: "Acme", url: "acme-status", cards: [] };
      body[field] = value;
      const r = await svc.call("PUT", `/v1/status-pages/${pageId}`, body);
      expect(r.body.message).toBe(`"${field}" ${errors[field]}`);
    }
    const loc = {
      ...FORM_KINDS.location.open(),
      values: { ...FORM_KINDS.location.open().values, name: "Lab", slugName: "BadSlug" },
    };
    const slugMessage = (
      await svc.call("POST", "/v1/private-locations", { name: "Lab", slugName: "BadSlug" })
    ).body.message;
    expect(slugMessage).toBe(`"slugName" ${validateForm(loc).slugName}`);
  });

  it("what is valid still passes", async () => {
    const r = await svc.call(
      "PUT",
      `/v1/status-pages/${pageId}`,
      page({ customDomain: "status.acme.example" }),
    );
    expect(r.status).toBe(200);
    expect(r.body.customDomain).toBe("status.acme.example");
    expect((await svc.call("POST", "/v1/private-locations", { name: "Lab", slugName: "lab-2" })).status).toBe(
      201,
    );
  });
});

describe("an incident's status is its latest update by publish time that is not in the future", () => {
  it("an update dated a few minutes ahead (within the skew) does not keep a later RESOLVED from resolving", async () => {
    clock = Date.now();
    const ahead = new Date(clock + 4 * 60_000).toISOString();
    const inc = await svc.call("POST", "/v1/status-pages/incidents", {
      name: "Login errors",
      severity: "MINOR",
      services: [{ id: serviceId }],
      incidentUpdates: [
        { description: "Investigating", status: "INVESTIGATING", publicIncidentUpdateDate: ahead },
      ],
    });
    expect(inc.status).toBe(201);
    const id = inc.body.id;
    const resolved = await svc.call("POST", `/v1/status-pages/incidents/${id}/incident-updates`, {
      description: "Fixed",
      status: "RESOLVED",
    });
    expect(resolved.status).toBe(201);
    let read = await svc.call("GET", `/v1/status-pages/incidents/${id}`);
    expect(read.body.lastUpdateStatus).toBe("RESOLVED");
    expect(read.body.incidentUpdates).toHaveLength(2);
    // once its time has come, the later-dated update is the latest published one
    clock += 10 * 60_000;
    read = await svc.call("GET", `/v1/status-pages/incidents/${id}`);
    expect(read.body.lastUpdateStatus).toBe("INVESTIGATING");
  });

  it("an update stored dated 2030 (before the rule refused it) does not pin the status", () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, "vigil.db"));
    try {
      const now = Date.parse("2026-11-25T12:00:00.000Z");
      const iso = (ms: number) => new Date(ms).toISOString();
      const id = insertIncident(
        db,
        { name: "x", severity: "MAJOR", serviceIds: [], fallbackStatus: "INVESTIGATING" },
        iso(now),
      );
      const up = (status: string, date: string) =>
        insertUpdate(
          db,
          id,
          { description: status, status, publicIncidentUpdateDate: date, notifySubscribers: false },
          iso(now),
        );
      up("MONITORING", "2030-01-01T00:00:00.000Z");
      up("RESOLVED", iso(now - 60_000));
      const inc = getIncident(db, id, "a", now);
      expect(inc?.lastUpdateStatus).toBe("RESOLVED");
      expect(inc?.duration).toBe(0);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the rules, pure", () => {
  it("domains, slugs and the skew", () => {
    for (const d of ["status.example.com", "a.b.co", "xn--bcher-kva.example"])
      expect(isDomain(d), d).toBe(true);
    for (const d of [
      "not a domain!",
      "localhost",
      "status.example.com.",
      "-a.example.com",
      "a..b.com",
      "1.2.3.4",
    ])
      expect(isDomain(d), d).toBe(false);
    expect(pageSlugSchema.safeParse("acme-status").success).toBe(true);
    expect(pageSlugSchema.safeParse("Acme-Status").success).toBe(false);
    expect(pageSlugSchema.safeParse("-acme").success).toBe(false);
    expect(locationSlugSchema.safeParse("BadSlug").success).toBe(false);
    expect(locationSlugSchema.safeParse("eu-west-1").success).toBe(false);
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(isTooFarAhead(new Date(now + FUTURE_SKEW_MS).toISOString(), now)).toBe(false);
    expect(isTooFarAhead(new Date(now + FUTURE_SKEW_MS + 1000).toISOString(), now)).toBe(true);
  });

  it("currentUpdate skips what is ahead of the clock; ties go to the later in the list", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const ups = [
      { id: "a", publicIncidentUpdateDate: "2026-11-25T11:00:00Z" },
      { id: "b", publicIncidentUpdateDate: "2030-01-01T00:00:00Z" },
      { id: "c", publicIncidentUpdateDate: "2026-11-25T11:30:00Z" },
      { id: "d", publicIncidentUpdateDate: "2026-11-25T11:30:00Z" },
    ];
    expect(currentUpdate(ups, now)?.id).toBe("d");
    expect(currentUpdate(ups.slice(1, 2), now)).toBeUndefined();
  });
});
