/**
 * Test support for alerting: the embedded service with fast alerting settings, a loopback receiver that
 * records every request with its raw body and checks signatures with its OWN HMAC code (node:crypto),
 * a loopback target whose status the test flips to make a check fail or pass, and small API helpers.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AlertingModuleOptions } from "../../../src/service/alerts/alerting.ts";
import type { StartOptions } from "../../../src/service/main.ts";
import { until as waitUntil } from "../../support/until.ts";
import { type Json, startTestService, type TestService } from "../support.ts";

export const FAST: AlertingModuleOptions = {
  retryIntervalMs: 150,
  // long enough that a loopback receiver answers within it on a machine under load (a timed-out attempt is
  // retried, and the receiver would count the alert twice); tests of the timeout set their own
  attemptTimeoutMs: 5000,
  pollMs: 50,
  sslScan: false,
};

export function startAlertService(
  alerting: AlertingModuleOptions = {},
  opts: Partial<StartOptions> = {},
): Promise<TestService> {
  return startTestService({ alerting: { ...FAST, ...alerting }, ...opts });
}

export type Received = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
};

export type Receiver = {
  url: string;
  requests: Received[];
  /** Status to answer with for the n-th request (0-based); "hang" never answers. */
  answer: (n: number, req: Received) => number | "hang";
  close(): Promise<void>;
};

export async function startReceiver(answer: Receiver["answer"] = () => 200): Promise<Receiver> {
  const requests: Received[] = [];
  const hanging: ServerResponse[] = [];
  const rec: Receiver = { url: "", requests, answer, close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      const status = rec.answer(requests.length, r);
      requests.push(r);
      if (status === "hang") {
        hanging.push(res);
        return;
      }
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 400 ? "ok" : "nope");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  rec.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  rec.close = async () => {
    for (const h of hanging) h.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return rec;
}

/** The receiver's own signature check: hex HMAC-SHA256 of the raw body, constant-time compare. */
export function receiverVerifies(r: Received, secret: string): boolean {
  const given = String(r.headers["x-service-signature"] ?? "");
  const want = createHmac("sha256", secret).update(r.body).digest();
  const got = Buffer.from(given, "hex");
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * A loopback HTTP target answering `status.value` after `delayMs.value` (flip them to make a check fail,
 * degrade or pass).
 */
export async function startTarget(initial = 200): Promise<{
  url: string;
  status: { value: number };
  delayMs: { value: number };
  close(): Promise<void>;
}> {
  const status = { value: initial };
  const delayMs = { value: 0 };
  const server = createServer((_req, res) => {
    const answer = () => res.writeHead(status.value).end("target");
    if (delayMs.value > 0) setTimeout(answer, delayMs.value);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
  return {
    url,
    status,
    delayMs,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A loopback URL nothing listens on (a port bound, then released): a check pointed there fails. */
export async function closedUrl(path = "/health"): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}${path}`;
}

export async function createUrlCheck(
  svc: TestService,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const r = await svc.call("POST", "/v1/checks/url?autoAssignAlerts=false", {
    name: "Storefront health",
    request: { url },
    locations: ["eu-west-1"],
    tags: ["prod", "team:web"],
    ...extra,
  });
  if (r.status !== 201) throw new Error(`check create: ${r.status} ${r.text}`);
  return r.body;
}

export async function createChannel(svc: TestService, body: Record<string, unknown>): Promise<Json> {
  const r = await svc.call("POST", "/v1/alert-channels", body);
  if (r.status !== 201) throw new Error(`channel create: ${r.status} ${r.text}`);
  return r.body;
}

/** Triggers the check and waits for its session to finish. */
export async function runCheck(svc: TestService, checkId: string): Promise<Json> {
  const t = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
  if (t.status !== 201) throw new Error(`trigger: ${t.status} ${t.text}`);
  const id = t.body.sessions[0].checkSessionId;
  for (;;) {
    const c = await svc.call("GET", `/v1/check-sessions/${id}/completion?maxWaitSeconds=5`);
    if (c.status === 200) return c.body;
    if (c.status !== 408) throw new Error(`completion: ${c.status} ${c.text}`);
  }
}

export async function notifications(svc: TestService, query = ""): Promise<Json[]> {
  const r = await svc.call("GET", `/v1/alert-notifications?limit=100${query}`);
  if (r.status !== 200) throw new Error(`alert-notifications: ${r.status} ${r.text}`);
  return r.body;
}

/** Polls `fn` until it returns a truthy value (or throws after `ms`): test/support/until.ts with truthiness. */
export function until<T>(fn: () => T | Promise<T>, ms = 4000, what = "condition"): Promise<NonNullable<T>> {
  return waitUntil(what, ms, async () => (await fn()) || undefined) as Promise<NonNullable<T>>;
}

/**
 * The delivery log once it is settled: no delivery waiting for an attempt or a retry, no attempt in flight.
 * A run is evaluated as it finishes (engine → alerts/evaluate.ts, before its session completes), so after
 * `runCheck` this holds every delivery the run raised; and a final delivery is never claimed again (the
 * outbox claims PENDING rows only) — from here on nothing more can reach a receiver. Tests prove an absence
 * with it instead of waiting a while.
 */
export async function settledLog(svc: TestService, ms = 4000): Promise<Json[]> {
  return until(
    async () => {
      await svc.alerting.idle();
      const log = await notifications(svc);
      return log.every((n) => n.status !== "IN_PROGRESS") ? log : undefined;
    },
    ms,
    "every delivery final",
  );
}
