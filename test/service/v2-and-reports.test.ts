/**
 * The hosted description's v2 paths that real clients call (check sessions: trigger, read, completion;
 * check results with `fields`), and the analytics reports beyond the seed's three (API, DNS, multi-step,
 * heartbeat), against the embedded service over HTTP with real runs.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startTestService, type TestService } from "./support.ts";

let svc: TestService;
let target: Server;
let targetUrl = "";

beforeAll(async () => {
  svc = await startTestService();
  target = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await svc.dispose();
  await new Promise<void>((r) => target.close(() => r()));
});

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const r = await svc.call(method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${r.text}`);
  return r.body;
}

describe("v2 check sessions and results", () => {
  it("trigger (201), completion and read under /v2, then results with fields", async () => {
    const check = await ok("POST", "/v1/checks/api", {
      name: "v2 api",
      tags: ["v2"],
      request: { method: "GET", url: `${targetUrl}/` },
    });
    const t = await svc.call("POST", "/v2/check-sessions/trigger", { target: { matchTags: [["v2"]] } });
    expect(t.status).toBe(201);
    expect(t.body.sessions).toHaveLength(1);
    const id = t.body.sessions[0].checkSessionId;
    const done = await ok("GET", `/v2/check-sessions/${id}/completion?maxWaitSeconds=10`);
    expect(done.status).toBe("PASSED");
    expect(done.stoppedAt).not.toBeNull();
    expect(done.runSource).toBe("TRIGGER_API");
    expect(done.results[0]).toMatchObject({ checkId: check.id, resultType: "FINAL", hasFailures: false });
    const read = await ok("GET", `/v2/check-sessions/${id}`);
    expect(read).toEqual(done);
    expect((await svc.call("GET", "/v2/check-sessions/00000000-0000-0000-0000-000000000000")).status).toBe(
      404,
    );

    const all = await ok("GET", `/v2/check-results/${check.id}`);
    expect(all.entries[0].apiCheckResult).toBeTruthy();
    const few = await ok("GET", `/v2/check-results/${check.id}?fields=id,responseTime&fields=hasFailures`);
    expect(few.length).toBe(1);
    expect(Object.keys(few.entries[0]).sort()).toEqual(["hasFailures", "id", "responseTime"]);
    const alias = await ok("GET", `/v2/check-results/${check.id}?fields=createdAt`);
    expect(alias.entries[0].createdAt).toBe(all.entries[0].created_at);
    const bad = await svc.call("GET", `/v2/check-results/${check.id}?fields=password`);
    expect(bad.status).toBe(400);
    expect(bad.body.validation.source).toBe("query");
  });

  it("a null target and unknown members in a trigger body are not refused", async () => {
    const r = await svc.call("POST", "/v2/check-sessions/trigger", {
      target: { matchTags: null, checkId: null },
      refreshCache: null,
      somethingNew: true,
    });
    expect(r.status).toBe(201);
  });
});

describe("analytics beyond URL, TCP and browser", () => {
  it("API checks: the URL metric set from real runs", async () => {
    const check = await ok("POST", "/v1/checks/api", {
      name: "report api",
      tags: ["report-api"],
      request: { method: "GET", url: `${targetUrl}/r` },
    });
    const t = await ok("POST", "/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    await ok("GET", `/v1/check-sessions/${t.sessions[0].checkSessionId}/completion`);
    const rep = await ok(
      "GET",
      `/v1/analytics/api-checks/${check.id}?metrics=availability,responseTime_avg,firstByte_p95`,
    );
    expect(rep.checkType).toBe("API");
    expect(rep.series[0].data[0].availability).toBe(100);
    expect(rep.series[0].data[0].responseTime_avg).toBeGreaterThan(0);
    expect(rep.metadata.firstByte_p95).toMatchObject({ unit: "milliseconds", aggregation: "p95" });
  });

  it("DNS checks: total and availability; an unknown metric is a 400", async () => {
    // a name server that does not answer: the run fails, and the report says so
    const check = await ok("POST", "/v1/checks/dns", {
      name: "report dns",
      request: { query: "example.com", recordType: "A", nameServer: "127.0.0.1", port: 9, protocol: "TCP" },
      maxResponseTime: 1000,
    });
    const t = await ok("POST", "/v1/check-sessions/trigger", { target: { checkId: [check.id] } });
    await ok("GET", `/v1/check-sessions/${t.sessions[0].checkSessionId}/completion`);
    const rep = await ok("GET", `/v1/analytics/dns/${check.id}?metrics=availability,total_avg,retries`);
    expect(rep.series[0].data[0].availability).toBe(0);
    expect(rep.series[0].data[0].retries).toBe(0);
    expect(rep.metadata.total_avg.unit).toBe("milliseconds");
    const bad = await svc.call("GET", `/v1/analytics/dns/${check.id}?metrics=responseTime`);
    expect(bad.status).toBe(400);
    const wrongType = await svc.call("GET", `/v1/analytics/url-monitors/${check.id}?metrics=availability`);
    expect(wrongType.status).toBe(400);
  });

  it("multi-step checks have their own report (responseTime, availability, retries)", async () => {
    const check = await ok("POST", "/v1/checks/multistep", {
      name: "report ms",
      script: "await request.get('http://127.0.0.1:9/')",
    });
    const rep = await ok(
      "GET",
      `/v1/analytics/multistep-checks/${check.id}?metrics=responseTime_p99,availability`,
    );
    expect(rep.checkType).toBe("MULTI_STEP");
    expect(rep.series).toEqual([{ data: [] }]);
    expect(Object.keys(rep.metadata)).toEqual(["responseTime_p99", "availability"]);
  });

  it("heartbeat checks: availability from events, filtered by event state; no interval or grouping", async () => {
    const check = await ok("POST", "/v1/checks/heartbeat", {
      name: "report hb",
      heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" },
    });
    const ping = new URL(check.heartbeat.pingUrl).pathname;
    expect((await svc.call("GET", ping)).status).toBe(200);
    expect((await svc.call("POST", ping)).status).toBe(200);
    const rep = await ok("GET", `/v1/analytics/heartbeat-checks/${check.id}?metrics=availability,retries`);
    expect(rep.series[0].data[0]).toMatchObject({ availability: 100, retries: 0 });
    const failing = await ok(
      "GET",
      `/v1/analytics/heartbeat-checks/${check.id}?metrics=availability&filterByStatus=FAILING`,
    );
    expect(failing.series[0].data).toEqual([]);
    const interval = await svc.call(
      "GET",
      `/v1/analytics/heartbeat-checks/${check.id}?metrics=availability&aggregationInterval=60`,
    );
    expect(interval.status).toBe(400);
    const wrongFilter = await svc.call(
      "GET",
      `/v1/analytics/heartbeat-checks/${check.id}?metrics=availability&filterByStatus=success`,
    );
    expect(wrongFilter.status).toBe(400);
  });
});
