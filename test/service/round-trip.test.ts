/**
 * "Read, edit, send back" as the hosted service's own clients do (issue 9): for every resource with a
 * create or an update, the body a GET returned is sent back as the PUT body (and as a POST body for a new
 * one) and must be accepted; the same with every optional field set to null. Read-only fields (ids,
 * dates, computed members, nested objects' extra members) and unknown fields are ignored, never refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startTestService, type TestService } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

async function ok(method: string, path: string, body?: unknown, want = [200, 201]): Promise<Json> {
  const r = await svc.call(method, path, body);
  if (!want.includes(r.status)) throw new Error(`${method} ${path} → ${r.status}: ${r.text}`);
  return r.body;
}

/** The body with the named members set to null. */
function nulled(body: Json, fields: string[]): Json {
  return { ...body, ...Object.fromEntries(fields.map((f) => [f, null])) };
}

/** What a round trip may change: update dates (and nothing else). */
function stable(body: Json): Json {
  const { updated_at: _u, ...rest } = body;
  return rest;
}

const UNKNOWN = { someFutureField: { nested: true }, anotherOne: [1, 2] };

describe("GET → PUT round trips", () => {
  it("checks of every type: the read body, with unknown and hosted-only fields, is accepted", async () => {
    const channel = await ok("POST", "/v1/alert-channels", {
      type: "EMAIL",
      config: { address: "rt@example.com" },
    });
    const bodies: [string, Json][] = [
      [
        "api",
        {
          name: "rt api",
          request: {
            method: "POST",
            url: "http://127.0.0.1:9/api",
            headers: [{ key: "x-a", value: "1" }],
            assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
          },
          retryStrategy: { type: "FIXED", baseBackoffSeconds: 5, maxRetries: 1, maxDurationSeconds: 60 },
          alertSettings: { escalationType: "RUN_BASED", runBasedEscalation: { failedRunThreshold: 2 } },
        },
      ],
      ["url", { name: "rt url", request: { url: "http://127.0.0.1:9/" } }],
      ["tcp", { name: "rt tcp", request: { hostname: "127.0.0.1", port: 9 } }],
      ["dns", { name: "rt dns", request: { query: "example.com", recordType: "A" } }],
      [
        "heartbeat",
        { name: "rt hb", heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } },
      ],
      ["browser", { name: "rt browser", script: "await page.goto('http://127.0.0.1:9/')" }],
      ["multistep", { name: "rt multistep", script: "await request.get('http://127.0.0.1:9/')" }],
    ];
    for (const [kind, body] of bodies) {
      const made = await ok("POST", `/v1/checks/${kind}`, body);
      const read = await ok("GET", `/v1/checks/${made.id}`);
      // what the hosted SDK adds when it serialises its own model
      const sent = {
        ...read,
        ...UNKNOWN,
        triggerIncident: null,
        alertSettings: {
          ...(read.alertSettings ?? {}),
          sslCertificates: { enabled: false, alertThreshold: 30 },
        },
      };
      if (sent.request) {
        sent.request = {
          ...sent.request,
          ...("url" in sent.request ? { headers: null } : {}),
          assertions: (sent.request.assertions ?? []).map((a: Json, i: number) => ({
            ...a,
            edit: false,
            order: i,
            arrayIndex: 0,
            arraySelector: 0,
          })),
        };
      }
      const put = await ok("PUT", `/v1/checks/${kind}/${made.id}`, sent);
      expect(put.name).toBe(body.name);
      expect(put.someFutureField).toBeUndefined();
      expect(put.triggerIncident).toBeUndefined();
      // sent back as read after that: nothing changes
      const generic = await ok("PUT", `/v1/checks/${made.id}`, put);
      expect(stable(generic)).toEqual(stable(put));
      expect(put.alertSettings.sslCertificates).toEqual({ enabled: false, alertThreshold: 30 });
      // the read body as a create body makes a new check of the same shape
      const copy = await ok("POST", `/v1/checks/${kind}`, { ...sent, name: `${body.name} copy` });
      expect(copy.id).not.toBe(made.id);
      expect(copy.checkType).toBe(read.checkType);
      const generic2 = await ok("POST", "/v1/checks", { ...read, name: `${body.name} copy 2` });
      expect(generic2.checkType).toBe(read.checkType);
    }
    // with every optional field null
    const api = await ok("POST", "/v1/checks/api", bodies[0]![1]);
    const read = await ok("GET", `/v1/checks/${api.id}`);
    const put = await ok(
      "PUT",
      `/v1/checks/api/${api.id}`,
      nulled(read, [
        "description",
        "groupId",
        "groupOrder",
        "runtimeId",
        "locations",
        "privateLocations",
        "tags",
        "alertSettings",
        "alertChannelSubscriptions",
        "retryStrategy",
        "degradedResponseTime",
        "maxResponseTime",
        "frequencyOffset",
      ]),
    );
    expect(put.name).toBe("rt api");
    expect(channel.id).toBeTypeOf("number");
  });

  it("alert channels: read body back as PUT and as POST (id 0, dates, subscriptions as read)", async () => {
    const check = await ok("POST", "/v1/checks/url", {
      name: "ac rt",
      request: { url: "http://127.0.0.1:9/" },
    });
    for (const body of [
      { type: "EMAIL", config: { address: "a@example.com" } },
      { type: "CHAT", config: { url: "https://chat.example/hook", channel: "#ops" } },
      {
        type: "WEBHOOK",
        config: {
          name: "hook",
          url: "https://hooks.example/x",
          method: "POST",
          headers: [{ key: "x-k", value: "v", locked: false }],
          template: '{"t":"{{ALERT_TYPE}}"}',
          webhookSecret: "s3cret",
        },
      },
      { type: "SMS", config: { name: "ops", number: "+100" } },
      { type: "CALL", config: { name: "ops", number: "+100" } },
      { type: "PAGING", config: { serviceKey: "pk", account: "acct", serviceName: "svc" } },
      { type: "ONCALL", config: { name: "oc", apiKey: "ok", region: "EU", priority: "P2" } },
    ]) {
      const made = await ok("POST", "/v1/alert-channels", {
        ...body,
        subscriptions: [{ checkId: check.id, activated: true }],
      });
      const read = await ok("GET", `/v1/alert-channels/${made.id}`);
      expect(read.subscriptions.length).toBe(1);
      const put = await ok("PUT", `/v1/alert-channels/${made.id}`, { ...read, ...UNKNOWN });
      expect(stable(put)).toEqual(stable(read));
      const copy = await ok("POST", "/v1/alert-channels", { ...read, id: 0 });
      expect(copy.id).not.toBe(made.id);
      expect(copy.config).toEqual(read.config);
      const nulls = await ok(
        "PUT",
        `/v1/alert-channels/${made.id}`,
        nulled(read, ["subscriptions", "created_at", "updated_at"]),
      );
      expect(nulls.type).toBe(body.type);
    }
  });

  it("private locations: read body back as PUT and POST (id, dates, keys, slug as read)", async () => {
    const made = await ok("POST", "/v1/private-locations", {
      name: "Rack 1",
      slugName: "rack-1",
      proxyUrl: "http://user:pw@127.0.0.1:3128",
    });
    const read = await ok("GET", `/v1/private-locations/${made.id}`);
    const put = await ok("PUT", `/v1/private-locations/${made.id}`, { ...read, ...UNKNOWN, name: "Rack 1b" });
    expect(put.name).toBe("Rack 1b");
    expect(put.slugName).toBe("rack-1");
    // the SDK serialises id and dates on create, always
    const copy = await ok("POST", "/v1/private-locations", {
      ...read,
      slugName: "rack-2",
      id: "00000000-0000-0000-0000-000000000000",
    });
    expect(copy.id).not.toBe("00000000-0000-0000-0000-000000000000");
    expect(copy.keys).toHaveLength(1);
    const nulls = await ok(
      "PUT",
      `/v1/private-locations/${made.id}`,
      nulled(read, [
        "icon",
        "proxyUrl",
        "keys",
        "checkAssignments",
        "groupAssignments",
        "lastSeen",
        "agentCount",
      ]),
    );
    expect(nulls.name).toBe("Rack 1");
  });

  it("status pages, cards and services: the read page back as PUT and POST", async () => {
    const check = await ok("POST", "/v1/checks/url", {
      name: "sp rt",
      request: { url: "http://127.0.0.1:9/" },
    });
    const service = await ok("POST", "/v1/status-pages/services", {
      name: "API",
      checks: [{ id: check.id }],
    });
    const made = await ok("POST", "/v1/status-pages", {
      name: "Public",
      url: "rt-public",
      cards: [{ name: "Core", services: [{ id: service.id }] }],
    });
    const read = await ok("GET", `/v1/status-pages/${made.id}`);
    expect(read.cards[0].services[0].name).toBe("API");
    const put = await ok("PUT", `/v1/status-pages/${made.id}`, { ...read, ...UNKNOWN });
    expect(put.cards.map((c: Json) => c.id)).toEqual(read.cards.map((c: Json) => c.id));
    expect(put.cards[0].services.map((s: Json) => s.id)).toEqual([service.id]);
    const copy = await ok("POST", "/v1/status-pages", { ...read, url: "rt-public-2" });
    expect(copy.id).not.toBe(made.id);
    const nulls = await ok(
      "PUT",
      `/v1/status-pages/${made.id}`,
      nulled(read, [
        "description",
        "customDomain",
        "themeColors",
        "logo",
        "logoDark",
        "redirectTo",
        "favicon",
        "defaultTheme",
        "incidents",
        "keys",
        "isPrivate",
        "whiteLabel",
      ]),
    );
    expect(nulls.name).toBe("Public");

    const svcRead = await ok("GET", `/v1/status-pages/services/${service.id}`);
    const svcPut = await ok("PUT", `/v1/status-pages/services/${service.id}`, { ...svcRead, ...UNKNOWN });
    expect(stable(svcPut)).toEqual(stable(svcRead));
    const svcCopy = await ok("POST", "/v1/status-pages/services", { ...svcRead, name: "API 2" });
    expect(svcCopy.checks).toEqual(svcRead.checks);
  });

  it("incidents and incident updates: the read incident and update back as PUT and POST", async () => {
    const service = await ok("POST", "/v1/status-pages/services", { name: "Checkout" });
    const made = await ok("POST", "/v1/status-pages/incidents", {
      name: "Slow checkout",
      severity: "MAJOR",
      services: [{ id: service.id }],
      incidentUpdates: [{ description: "Looking", status: "INVESTIGATING" }],
    });
    const read = await ok("GET", `/v1/status-pages/incidents/${made.id}`);
    expect(read.services[0].name).toBe("Checkout");
    const put = await ok("PUT", `/v1/status-pages/incidents/${made.id}`, { ...read, ...UNKNOWN });
    expect(put.name).toBe("Slow checkout");
    expect(put.incidentUpdates).toHaveLength(1);
    const copy = await ok("POST", "/v1/status-pages/incidents", { ...read, name: "Copy" });
    expect(copy.id).not.toBe(made.id);
    expect(copy.incidentUpdates).toHaveLength(1);
    const nulls = await ok(
      "PUT",
      `/v1/status-pages/incidents/${made.id}`,
      nulled(read, ["lastUpdateStatus", "duration", "incidentUpdates", "created_at", "updated_at", "id"]),
    );
    expect(nulls.severity).toBe("MAJOR");

    const updateId = read.incidentUpdates[0].id;
    const base = `/v1/status-pages/incidents/${made.id}/incident-updates`;
    const u = await ok("GET", `${base}/${updateId}`);
    const uPut = await ok("PUT", `${base}/${updateId}`, { ...u, ...UNKNOWN, description: "Still looking" });
    expect(uPut.description).toBe("Still looking");
    expect(uPut.id).toBe(updateId);
    const uPost = await ok("POST", base, { ...u, description: "Found it", status: "IDENTIFIED" });
    expect(uPost.id).not.toBe(updateId);
    const uNull = await ok(
      "PUT",
      `${base}/${updateId}`,
      nulled(uPut, [
        "status",
        "publicIncidentUpdateDate",
        "created_at",
        "updated_at",
        "notifySubscribers",
        "id",
      ]),
    );
    expect(uNull.description).toBe("Still looking");
  });

  it("variables: read back as PUT and POST", async () => {
    await ok("POST", "/v1/variables", { key: "RT_VAR", value: "one" });
    const read = await ok("GET", "/v1/variables/RT_VAR");
    const put = await ok("PUT", "/v1/variables/RT_VAR", { ...read, ...UNKNOWN, value: "two" });
    expect(put.value).toBe("two");
    const copy = await ok("POST", "/v1/variables", { ...read, key: "RT_VAR_2" });
    expect(copy.key).toBe("RT_VAR_2");
  });
});
