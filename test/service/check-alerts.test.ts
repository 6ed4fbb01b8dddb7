/**
 * `GET /v1/check-alerts[/{checkId}]` on a started service over loopback HTTP: a URL check pointed at a
 * closed port raises ALERT_FAILURE (recorded with no alert channel subscribed), its recovery ALERT_RECOVERY;
 * the per-check filter, newest first, limit/page with Content-Range, the from/to window, one-line 400s
 * naming the field, 404 for an unknown check; the delivery log joins to the check alert; API assertions are
 * stored in the hosted shape (`error` exactly when failed, `actual` kept); the client and the CLI read it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { UsageError } from "../../src/api/errors.ts";
import { resultJson } from "../../src/service/engine/shape.ts";
import type { ResultRow } from "../../src/service/repo/runs.ts";
import { evaluate } from "../../src/service/runners/assertions.ts";
import { runCli } from "../cli/run-cli.ts";
import {
  closedUrl,
  createChannel,
  createUrlCheck,
  notifications,
  type Receiver,
  runCheck,
  startAlertService,
  startReceiver,
  startTarget,
  until,
} from "./alerts/support.ts";
import { expectErrorShape, type Json, type TestService } from "./support.ts";

let svc: TestService;
let ok: Awaited<ReturnType<typeof startTarget>>;
let broken: Awaited<ReturnType<typeof startTarget>>;
let hook: Receiver;
let downUrl: string;

async function alerts(path: string): Promise<Json[]> {
  const r = await svc.call("GET", path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  svc = await startAlertService();
  [ok, broken, hook] = await Promise.all([startTarget(200), startTarget(503), startReceiver()]);
  downUrl = await closedUrl();
});
afterAll(async () => {
  await svc?.dispose();
  await Promise.all([ok?.close(), broken?.close(), hook?.close()]);
});

describe("GET /v1/check-alerts", () => {
  let downId: string;
  let assertedId: string;

  it("a check failing at a closed port raises ALERT_FAILURE, recorded with no channel subscribed", async () => {
    downId = (await createUrlCheck(svc, downUrl, { name: "Closed port" })).id;
    const s = await runCheck(svc, downId);
    expect(s.status).toBe("FAILED");
    const list = await alerts(`/v1/check-alerts/${downId}`);
    expect(list).toHaveLength(1);
    const a = list[0];
    expect(Object.keys(a)).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "checkId",
        "alertType",
        "checkType",
        "runLocation",
        "responseTime",
        "error",
        "statusCode",
        "created_at",
        "startedAt",
      ]),
    );
    expect(a).toMatchObject({
      name: "Closed port",
      checkId: downId,
      alertType: "ALERT_FAILURE",
      checkType: "URL",
      runLocation: "eu-west-1",
      statusCode: null,
    });
    expect(a.error).toMatch(/ECONNREFUSED/);
    expect(Number.isNaN(Date.parse(a.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(a.startedAt))).toBe(false);
    // nobody was told: no channel is subscribed to the check
    expect((await notifications(svc)).filter((n) => n.checkId === downId)).toEqual([]);
  });

  it("its recovery raises ALERT_RECOVERY, listed first", async () => {
    const put = await svc.call("PUT", `/v1/checks/url/${downId}`, { request: { url: ok.url } });
    expect(put.status).toBe(200);
    expect((await runCheck(svc, downId)).status).toBe("PASSED");
    const list = await alerts(`/v1/check-alerts/${downId}`);
    expect(list.map((a) => a.alertType)).toEqual(["ALERT_RECOVERY", "ALERT_FAILURE"]);
    expect(list[0]).toMatchObject({ statusCode: "200", error: null, checkId: downId });
    expect(typeof list[0].responseTime).toBe("number");
  });

  it("a failing status-code assertion: the alert carries the error and status code; deliveries join to it", async () => {
    const check = await createUrlCheck(svc, broken.url, {
      name: "Asserted",
      request: {
        url: broken.url,
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200", property: "", regex: null },
          { source: "TEXT_BODY", comparison: "CONTAINS", target: "target", property: "", regex: null },
        ],
      },
    });
    assertedId = check.id;
    const channel = await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "hook", url: `${hook.url}/h` },
      subscriptions: [{ checkId: assertedId, activated: true }],
    });
    expect((await runCheck(svc, assertedId)).status).toBe("FAILED");

    const [a] = await alerts(`/v1/check-alerts/${assertedId}`);
    expect(a).toMatchObject({ alertType: "ALERT_FAILURE", statusCode: "503", name: "Asserted" });
    expect(a.error).toContain("expected status code to equal 200, received 503");

    const results = await svc.call("GET", `/v1/check-results/${assertedId}?limit=1`);
    const stored = results.body[0].apiCheckResult.assertions;
    expect(stored[0]).toMatchObject({
      source: "STATUS_CODE",
      comparison: "EQUALS",
      target: "200",
      actual: 503,
    });
    expect(stored[0].error).toBe("expected status code to equal 200, received 503");
    expect(stored[1]).toMatchObject({ source: "TEXT_BODY", actual: "target", error: null });

    const delivered = await until(async () => {
      const d = (await notifications(svc)).find((n) => n.checkId === assertedId);
      return d?.status === "SUCCESS" ? d : undefined;
    });
    expect(delivered).toMatchObject({
      checkAlertId: a.id,
      checkName: "Asserted",
      alertType: "ALERT_FAILURE",
      alertChannelId: channel.id,
      runLocation: "eu-west-1",
      attemptCount: 1,
    });
    expect(delivered.attempts).toHaveLength(1);
  });

  it("lists every check's alerts newest first; the path filters by check", async () => {
    const all = await alerts("/v1/check-alerts?limit=100");
    expect(all.map((a) => [a.checkId, a.alertType])).toEqual([
      [assertedId, "ALERT_FAILURE"],
      [downId, "ALERT_RECOVERY"],
      [downId, "ALERT_FAILURE"],
    ]);
    expect(await alerts(`/v1/check-alerts/${assertedId}`)).toHaveLength(1);
  });

  it("pages by limit and page, with the total in Content-Range; default limit 10", async () => {
    const first = await svc.call("GET", "/v1/check-alerts?limit=2");
    expect(first.body.map((a: Json) => a.alertType)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
    expect(first.headers.get("content-range")).toBe("0-1/3");
    const second = await svc.call("GET", "/v1/check-alerts?limit=2&page=2");
    expect(second.body.map((a: Json) => [a.checkId, a.alertType])).toEqual([[downId, "ALERT_FAILURE"]]);
    expect(second.headers.get("content-range")).toBe("2-2/3");
    const past = await svc.call("GET", "/v1/check-alerts?limit=2&page=3");
    expect(past.body).toEqual([]);
    expect(past.headers.get("content-range")).toBe("*/3");
    expect((await alerts("/v1/check-alerts")).length).toBe(3);
  });

  it("from/to bound the window (UNIX seconds or ISO); a lone end spans 6 h", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await alerts(`/v1/check-alerts?from=${now - 3600}`)).toHaveLength(3);
    expect(await alerts(`/v1/check-alerts?from=${now - 3600}&to=${now + 60}`)).toHaveLength(3);
    expect(await alerts(`/v1/check-alerts?to=${now - 7200}`)).toEqual([]);
    const iso = new Date((now - 3600) * 1000).toISOString();
    expect(await alerts(`/v1/check-alerts/${downId}?from=${encodeURIComponent(iso)}`)).toHaveLength(2);
    expect(await alerts(`/v1/check-alerts?from=${now + 3600}`)).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["page=0", "page"],
    ["from=yesterday", "from"],
    ["from=100&to=50", "from"],
    [`from=0&to=${7 * 3600}`, "from"],
    ["checkId=x", "checkId"],
  ])("400 for %s, one line naming %s", async (query, field) => {
    const r = await svc.call("GET", `/v1/check-alerts?${query}`);
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400);
    expect(r.body.message).toContain(`"${field}"`);
    expect(r.body.message).not.toContain("\n");
    expect(r.body.validation).toEqual({ source: "query", keys: [field] });
    const one = await svc.call("GET", `/v1/check-alerts/${downId}?${query}`);
    expect(one.status).toBe(400);
  });

  it("404 for an unknown check", async () => {
    for (const id of ["0b6f1d1e-5d0c-4f0e-9a51-6f1f3f0c9c11", "not-a-check"]) {
      const r = await svc.call("GET", `/v1/check-alerts/${id}`);
      expect(r.status).toBe(404);
      expectErrorShape(r.body, 404);
    }
  });

  it("the client reads both paths and refuses a bad query before sending", async () => {
    const client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey });
    try {
      const mine = await client.checkAlerts.forCheck(downId, { limit: 1 });
      expect(mine).toHaveLength(1);
      expect(mine[0]?.alertType).toBe("ALERT_RECOVERY");
      expect((await client.checkAlerts.list({ limit: 100 })).length).toBe(3);
      await expect(client.checkAlerts.list({ limit: 0 })).rejects.toBeInstanceOf(UsageError);
      await expect(client.checkAlerts.forCheck("0b6f1d1e-5d0c-4f0e-9a51-6f1f3f0c9c11")).rejects.toMatchObject(
        { status: 404 },
      );
    } finally {
      await client.close();
    }
  });

  it("vigil check-alerts list: table, --json, per check, usage errors", async () => {
    const env = { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey };
    const [table, json, bad] = await Promise.all([
      runCli(["check-alerts", "list"], { env }),
      runCli(["check-alerts", "list", downId, "--json", "--from", "1h"], { env }),
      runCli(["check-alerts", "list", "--limit", "0"], { env }),
    ]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/TIME\s+CHECK\s+ALERT\s+LOCATION\s+CODE\s+RESP\s+ERROR/);
    expect(table.stdout).toContain("ALERT_RECOVERY");
    expect(table.stdout).toContain("Closed port");
    expect(table.stdout).toMatch(/ECONNREFUSED/);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).map((a: Json) => a.alertType)).toEqual([
      "ALERT_RECOVERY",
      "ALERT_FAILURE",
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toContain("--limit");
  });
});

describe("assertions in the hosted shape", () => {
  it("keeps falsy actual values and sets error exactly when failed", () => {
    const { results, failed } = evaluate(
      [
        { source: "JSON_BODY", property: "$.n", comparison: "EQUALS", target: "1" },
        { source: "JSON_BODY", property: "$.flag", comparison: "EQUALS", target: "false" },
        { source: "TEXT_BODY", comparison: "IS_EMPTY" },
      ],
      (a) => (a.property === "$.n" ? 0 : a.property === "$.flag" ? false : ""),
    );
    expect(failed).toBe(true);
    expect(results.map((r) => r.actual)).toEqual([0, false, ""]);
    expect(results.map((r) => r.error)).toEqual([
      "expected JSON body $.n to equal 1, received 0",
      null,
      null,
    ]);
    expect(results.map((r) => r.passed)).toEqual([false, true, true]);
  });

  it("results stored before `error` existed read with it, from `passed`", () => {
    const row = {
      id: "r1",
      checkId: "c1",
      startedAt: 1_700_000_000_000,
      stoppedAt: 1_700_000_000_500,
      detail: {
        apiCheckResult: {
          assertions: [
            { source: "STATUS_CODE", comparison: "EQUALS", target: "200", actual: 503, passed: false },
            { source: "STATUS_CODE", comparison: "LESS_THAN", target: "600", actual: 503, passed: true },
          ],
        },
      },
    } as unknown as ResultRow;
    const out = resultJson(row) as Json;
    expect(out.apiCheckResult.assertions).toEqual([
      {
        source: "STATUS_CODE",
        comparison: "EQUALS",
        target: "200",
        actual: 503,
        passed: false,
        error: "expected status code to equal 200, received 503",
      },
      {
        source: "STATUS_CODE",
        comparison: "LESS_THAN",
        target: "600",
        actual: 503,
        passed: true,
        error: null,
      },
    ]);
  });
});
