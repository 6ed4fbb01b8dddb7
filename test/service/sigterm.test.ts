/**
 * `vigil serve` stopped with SIGTERM while it works (a real process, a real data dir): a run shorter than
 * the stop grace finishes, a longer one is recorded as CANCELLED, an alert delivery in flight stays in the
 * outbox and is delivered after the restart, the data dir's lock is released (the restart starts), and the
 * exit code is 0. Also the health endpoints of a running service.
 */
import { rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { SERVICE_STOPPED } from "../../src/service/engine/execute.ts";
import { SERVE_STOP_GRACE_MS } from "../../src/service/main.ts";
import { startReceiver, until } from "./alerts/support.ts";
import { exited, type Started, serve } from "./serve-child.ts";
import { call, type Json, tempDir } from "./support.ts";

const KEY = "sigterm-test-key-0123456789";
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

/** A target whose /quick answers after 1.5 s and whose /slow answers only when the test ends. */
async function startSlowTarget() {
  const hits: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/quick") setTimeout(() => res.end("ok"), 1500);
    else held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const ENV = {
  VIGIL_API_KEY: KEY,
  VIGIL_WEBHOOK_RETRY_MS: "300",
  VIGIL_WEBHOOK_TIMEOUT_MS: "60000",
};

type Api = (method: string, path: string, body?: unknown) => ReturnType<typeof call>;

async function start(data: string): Promise<Started & { base: string; api: Api }> {
  const s = await serve(["--no-demo", "--data", data], ENV);
  cleanup.push(() => (s.child.exitCode === null ? s.child.kill("SIGKILL") : undefined));
  const base = s.firstLine.replace(/^listening on /, "");
  return { ...s, base, api: (method, path, body) => call(base, KEY, method, path, body) };
}

describe("vigil serve on SIGTERM", () => {
  it("finishes short runs, cancels long ones, keeps undelivered alerts, releases the lock, exits 0", async () => {
    const data = tempDir();
    cleanup.push(() => rmSync(data, { recursive: true, force: true }));
    let hookAnswers: number | "hang" = "hang";
    const hook = await startReceiver(() => hookAnswers);
    const target = await startSlowTarget();
    cleanup.push(
      () => hook.close(),
      () => target.close(),
    );

    let svc = await start(data);
    const { api } = svc;
    // health: alive and ready, without a key
    expect((await call(svc.base, undefined, "GET", "/healthz")).body).toEqual({ status: "ok" });
    expect((await call(svc.base, undefined, "GET", "/readyz")).body).toEqual({ status: "ready" });

    const check = async (name: string, url: string, maxResponseTime: number) =>
      (await api("POST", "/v1/checks/url", { name, activated: false, maxResponseTime, request: { url } }))
        .body.id as string;
    const down = await check("down", "http://127.0.0.1:9/", 5000);
    const quick = await check("quick", `${target.url}/quick`, 20_000);
    const slow = await check("slow", `${target.url}/slow`, 29_000);
    const channel = await api("POST", "/v1/alert-channels", {
      type: "WEBHOOK",
      config: { name: "hook", url: `${hook.url}/alerts` },
      subscriptions: [{ checkId: down, activated: true }],
    });
    expect(channel.status).toBe(201);

    // an alert whose delivery is in flight (the receiver does not answer) when the signal comes
    const trigDown = await api("POST", "/v1/check-sessions/trigger", { target: { checkId: [down] } });
    await api(
      "GET",
      `/v1/check-sessions/${trigDown.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=10`,
    );
    await until(
      async () => (hook.requests.length > 0 ? true : undefined),
      10_000,
      "the delivery's first attempt",
    );
    const before: Json[] = (await api("GET", `/v1/alert-notifications?alertChannelId=${channel.body.id}`))
      .body;
    expect(before).toHaveLength(1);

    // two runs in flight: one shorter than the stop grace, one longer
    const trig = await api("POST", "/v1/check-sessions/trigger", { target: { checkId: [quick, slow] } });
    expect(trig.status).toBe(201);
    const sessionOf = (id: string) =>
      (trig.body.sessions as Json[]).find((s) => s.checkId === id).checkSessionId as string;
    await until(
      async () => (target.hits.includes("/quick") && target.hits.includes("/slow") ? true : undefined),
      10_000,
      "both runs reach the target",
    );

    const t0 = Date.now();
    svc.child.kill("SIGTERM");
    expect(await exited(svc.child)).toBe(0);
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(SERVE_STOP_GRACE_MS - 500); // it waited for the long run
    expect(took).toBeLessThan(SERVE_STOP_GRACE_MS + 5000); // and no longer than the grace + cleanup
    expect(svc.stderr()).toContain("SIGTERM, stopping");

    // the same data dir starts again at once: the lock went with the process
    hookAnswers = 200;
    svc = await start(data);
    const again = svc.api;
    const quickSession = (await again("GET", `/v1/check-sessions/${sessionOf(quick)}`)).body;
    expect(quickSession.status).toBe("PASSED");
    expect(quickSession.results).toHaveLength(1);
    const slowSession = (await again("GET", `/v1/check-sessions/${sessionOf(slow)}`)).body;
    expect(slowSession.status).toBe("CANCELLED");
    expect(slowSession.results).toHaveLength(1);
    // kept as cancelled with the reason: not a failure (the check does not turn failing, nothing alerts)
    expect(slowSession.results[0]).toMatchObject({
      aborted: true,
      isCancelled: true,
      hasFailures: false,
      hasErrors: false,
      errorMessage: SERVICE_STOPPED,
    });
    const statuses: Json[] = (await again("GET", "/v1/check-statuses")).body;
    expect(statuses.find((s) => s.checkId === slow)).toMatchObject({ hasFailures: false, hasErrors: false });

    // the delivery cut by the stop is still there, and goes out now
    const delivered = await until(
      async () => {
        const log: Json[] = (await again("GET", `/v1/alert-notifications?alertChannelId=${channel.body.id}`))
          .body;
        return log.length === 1 && log[0].status === "SUCCESS" ? log[0] : undefined;
      },
      10_000,
      "the kept delivery is delivered",
    );
    expect(delivered.id).toBe(before[0].id);
    expect(hook.requests.length).toBeGreaterThanOrEqual(2);

    svc.child.kill("SIGTERM");
    expect(await exited(svc.child)).toBe(0);
  }, 60_000);
});
