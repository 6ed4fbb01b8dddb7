/**
 * A real embedded service (no scheduler, no demo) with checks that fail for real: an API check against a
 * local server answering 503 with three assertions (two fail) whose alerts a webhook channel receives, one answering 500 with a body full of
 * terminal escapes, a URL check against a closed port with one
 * retry (an ATTEMPT and a FINAL per run), and a browser-free heartbeat pinged once. Runs are made by
 * triggering and waiting for the sessions to end.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startTestService, type TestService } from "../service/support.ts";

/** A body a terminal would act on: a clipboard write, a screen wipe, a bidi override. */
export const HOSTILE_BODY = "before\u001b]52;c;Zm9v\u0007\u001b[2Jwiped\u202eevil\nsecond line";

export type FailingChecks = {
  svc: TestService;
  apiId: string;
  /** An API check whose server answers 500 with HOSTILE_BODY. */
  hostileId: string;
  urlId: string;
  beatId: string;
  /** Trigger `checkId` and wait for its session to end, `times` times in a row. */
  run(checkId: string, times?: number): Promise<void>;
  close(): Promise<void>;
};

export async function failingChecks(): Promise<FailingChecks> {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/hook")) {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
      return;
    }
    if (req.url?.startsWith("/hostile")) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(HOSTILE_BODY);
      return;
    }
    res.writeHead(503, { "content-type": "application/json", "set-cookie": "sid=abcdef0123456789secret" });
    res.end(
      JSON.stringify({
        ok: false,
        error: "maintenance",
        items: Array.from({ length: 20 }, (_, i) => ({ id: i })),
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const svc = await startTestService();
  const create = async (kind: string, body: unknown): Promise<string> => {
    const r = await svc.call("POST", `/v1/checks/${kind}`, body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`create ${kind}: ${r.status} ${r.text}`);
    return r.body.id as string;
  };
  const apiId = await create("api", {
    name: "Maintenance API",
    request: {
      url: `http://user:hunter2@127.0.0.1:${port}/status?token=abc123secret`,
      method: "GET",
      headers: [{ key: "Authorization", value: "Bearer sk_live_0123456789abcdef" }],
      assertions: [
        { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
        { source: "JSON_BODY", property: "$.ok", comparison: "EQUALS", target: "true" },
        { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "5000" },
      ],
    },
    degradedResponseTime: 1500,
    maxResponseTime: 5000,
    locations: ["eu-west-1"],
    frequency: 5,
  });
  // a webhook channel told about the API check's alerts (the local server takes them)
  const channel = await svc.call("POST", "/v1/alert-channels", {
    type: "WEBHOOK",
    config: { name: "ops hook", url: `http://127.0.0.1:${port}/hook` },
    subscriptions: [{ checkId: apiId, activated: true }],
  });
  if (channel.status !== 201) throw new Error(`channel: ${channel.status} ${channel.text}`);
  const hostileId = await create("api", {
    name: "Hostile body",
    request: { url: `http://127.0.0.1:${port}/hostile`, method: "GET" },
    locations: ["eu-west-1"],
    frequency: 5,
  });
  const urlId = await create("url", {
    name: "Closed port",
    request: { url: "http://127.0.0.1:9/health" },
    locations: ["eu-west-1"],
    frequency: 5,
    retryStrategy: { type: "FIXED", baseBackoffSeconds: 0, maxRetries: 1 },
  });
  const beat = await svc.call("POST", "/v1/checks/heartbeat", {
    name: "Nightly backup",
    heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
  });
  const beatId = beat.body.id as string;
  const ping = await fetch(`${svc.url}/ping/${beat.body.heartbeat.pingToken}`, {
    headers: { "user-agent": "curl/8.5.0", origin: "https://cron.example" },
  });
  if (ping.status !== 200) throw new Error(`ping: ${ping.status}`);
  return {
    svc,
    apiId,
    hostileId,
    urlId,
    beatId,
    async run(checkId, times = 1) {
      for (let i = 0; i < times; i++) {
        const t = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
        const id = t.body.sessions[0].checkSessionId as string;
        for (;;) {
          const done = await svc.call("GET", `/v1/check-sessions/${id}/completion?maxWaitSeconds=30`);
          if (done.status === 200) break;
          if (done.status !== 408) throw new Error(`completion: ${done.status} ${done.text}`);
        }
      }
    },
    async close() {
      await svc.dispose();
      await new Promise((r) => server.close(r));
    },
  };
}
