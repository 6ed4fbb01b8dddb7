/**
 * Sample hosted-style payloads for the alert-channel, private-location, status-page, service, incident and
 * heartbeat tests, plus a small harness (scripted server + HttpClient) and a header assertion.
 */
import { expect } from "vitest";
import { HttpClient } from "../../src/api/http.ts";
import { type RecordedRequest, ScriptedServer } from "./scripted-server.ts";

export const KEY = "sk_test_b_0123456789abcdefSECRET";
export const ACCOUNT = "6f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";

export type Harness = { srv: ScriptedServer; http: HttpClient; close: () => Promise<void> };

export async function startHarness(): Promise<Harness> {
  const srv = await new ScriptedServer().start();
  const http = new HttpClient({
    baseUrl: srv.url,
    apiKey: KEY,
    accountId: ACCOUNT,
    backoffBaseMs: 5,
    timeoutMs: 2000,
    retries: 1,
  });
  return {
    srv,
    http,
    close: async () => {
      await http.close();
      await srv.close();
    },
  };
}

/** The headers every call carries; `json` adds the content type of a write body. */
export function expectHeaders(req: RecordedRequest, opts: { json?: boolean } = {}): void {
  expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(req.headers["x-service-account"]).toBe(ACCOUNT);
  expect(req.headers.accept).toBe("application/json");
  expect(req.headers["user-agent"]).toMatch(/^vigil\//);
  if (opts.json) expect(req.headers["content-type"]).toBe("application/json");
  else {
    expect(req.headers["content-type"]).toBeUndefined();
    expect(req.rawBody).toBe("");
  }
}

/**
 * Everything about one recorded request: method, path, exact query string ("" = none), the common
 * headers, and the exact JSON body (or no body at all when `body` is not given).
 */
export function expectRequest(
  req: RecordedRequest,
  method: string,
  path: string,
  opts: { query?: string; body?: unknown } = {},
): void {
  expect(req.method).toBe(method);
  expect(req.path).toBe(path);
  expect(req.rawQuery).toBe(opts.query ?? "");
  const hasBody = "body" in opts;
  expectHeaders(req, { json: hasBody });
  if (hasBody) expect(req.json).toEqual(opts.body);
}

export const notFound = (message: string) => ({
  status: 404,
  json: { statusCode: 404, error: "Not Found", message },
});

// ---- alert channels ----

export const webhookChannel = {
  id: 41,
  type: "WEBHOOK",
  config: {
    name: "ops hook",
    url: "https://hooks.example.com/alert?source=vigil",
    method: "POST",
    headers: [{ key: "Authorization", value: "Bearer whk_live_9f8e7d6c5b4a", locked: false }],
    queryParameters: [],
    template: '{"title":"{{ALERT_TITLE}}"}',
    webhookSecret: "whsec_0123456789abcdef",
  },
  subscriptions: [
    { id: 7, checkId: "0bbfc00c-44df-46a7-a4d9-ba38deca8bfd", groupId: null, activated: true },
    { id: 8, checkId: null, groupId: 12, activated: false },
  ],
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: false,
  sslExpiry: true,
  sslExpiryThreshold: 14,
  autoSubscribe: false,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: null,
};

export const emailChannel = {
  id: 42,
  type: "EMAIL",
  config: { address: "oncall@example.com" },
  subscriptions: [],
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: true,
  sslExpiry: false,
  sslExpiryThreshold: 30,
  autoSubscribe: true,
  created_at: "2026-10-01T08:30:00Z",
  updated_at: "2026-10-02T08:30:00Z",
};

/** A hosted type outside the seed enum, with a config of its own. */
export const chatAppChannel = {
  id: 43,
  type: "CHAT_APP",
  config: { workspace: "T123", channelId: "C456", nested: { a: [1, 2] } },
  subscriptions: [],
  created_at: "2026-10-01T08:30:00Z",
};

// ---- private locations ----

export const privateLocationCreated = {
  id: "0baf2a80-7266-44af-b56c-2af7086782ee",
  name: "Data center EU",
  slugName: "data-center-eu",
  icon: "location",
  proxyUrl: "https://user:s3cret@164.92.149.127:3128",
  created_at: "2026-11-20",
  updated_at: null,
  checkAssignments: [],
  groupAssignments: [],
  keys: [
    {
      id: "fed3ada8-7d9b-4634-a0fe-471afe0518b6",
      rawKey: "pl_a89026d28a0c45cf9e11b4c3637f3912",
      maskedKey: "...3912",
      created_at: "2026-11-20",
    },
  ],
};

export const privateLocationRead = {
  ...privateLocationCreated,
  keys: [{ id: "fed3ada8-7d9b-4634-a0fe-471afe0518b6", maskedKey: "...3912", created_at: "2026-11-20" }],
  lastSeen: "2026-11-21T07:00:00.000Z",
  agentCount: 2,
  runningAgents: [
    {
      version: "6.1.0",
      isOutdated: false,
      count: 2,
      agents: [{ id: "a1", lastSeenAt: "2026-11-21T07:00Z" }],
    },
  ],
};

// ---- services, incidents, status pages ----

export const service = {
  id: "svc-1",
  name: "API",
  accountId: ACCOUNT,
  created_at: "2026-09-01",
  updated_at: null,
  checks: [{ id: "0bbfc00c-44df-46a7-a4d9-ba38deca8bfd", name: "GET /health" }],
};

export const service2 = { id: "svc-2", name: "Web", accountId: ACCOUNT, created_at: "2026-09-02" };

export const incidentUpdate = {
  id: "upd-1",
  description: "We are looking into elevated error rates.",
  status: "INVESTIGATING",
  publicIncidentUpdateDate: "2026-11-21T07:01:02.345Z",
  created_at: "2026-11-21",
  notifySubscribers: false,
};

export const incident = {
  id: "inc-1",
  name: "Elevated API errors",
  severity: "MAJOR",
  services: [service],
  incidentUpdates: [incidentUpdate],
  lastUpdateStatus: "INVESTIGATING",
  duration: null,
  created_at: "2026-11-21",
  updated_at: "2026-11-21T07:01:02.345Z",
};

const colors = (bg: string) => ({
  bodyBackgroundColor: bg,
  headerBackgroundColor: bg,
  headerFontColor: "#111111",
  titleFontColor: "#111111",
  bodyFontColor: "#222222",
  bodyFontColorMuted: "#666666",
  navigationFontColor: "#333333",
  linkFontColor: "#0055CC",
  cardBackgroundColor: "#FAFAFA",
  borderColor: "#DDDDDD",
  primaryButtonBackgroundColor: "#0055CC",
  primaryButtonFontColor: "#FFFFFF",
});

export const statusPage = {
  id: "sp-1",
  accountId: ACCOUNT,
  name: "Acme status",
  url: "acme",
  customDomain: "status.acme.test",
  themeColors: { light: colors("#FFFFFF"), dark: colors("#000000") },
  logo: "https://acme.test/logo.png",
  redirectTo: null,
  favicon: null,
  defaultTheme: "AUTO",
  cards: [
    {
      id: "card-1",
      name: "Core",
      statusPageId: "sp-1",
      services: [service],
      created_at: "2026-09-01",
      updated_at: null,
    },
  ],
  whiteLabel: false,
  created_at: "2026-09-01",
  updated_at: "2026-11-01",
  incidents: [incident],
};

// ---- heartbeats ----

export const heartbeatStats = {
  last24Hours: { successRatio: { previousPeriod: 100, currentPeriod: 95.8 }, totalEntitiesCurrentPeriod: 24 },
  last7Days: { successRatio: { previousPeriod: 99.4, currentPeriod: 98.2 }, totalEntitiesCurrentPeriod: 168 },
};

export const heartbeatEvent = {
  id: "5d7b0b2e-4f0a-4c53-9a57-6c2e0a9f1b11",
  state: "RECEIVED",
  timestamp: "2026-11-21T06:00:01.000Z",
  source: "https://cron.example.com",
  userAgent: "curl/8.5.0",
};
