import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkResultsApi } from "../../src/api/check-results.ts";
import { ApiError, ResponseShapeError, UsageError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { CHECK_ID, checkResult, RESULT_ID } from "../support/fixtures-a.ts";
import { errorBody, ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;
let api: ReturnType<typeof checkResultsApi>;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_results_0123456789", backoffBaseMs: 5 });
  api = checkResultsApi(http);
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

const r = (i: number) => ({ ...checkResult, id: `r${i}` });

describe("check results", () => {
  it("list (v1) sends the filters and parses the bare array", async () => {
    srv.reply({ json: [checkResult] });
    const list = await api.list(CHECK_ID, {
      limit: 20,
      page: 3,
      from: 1724860000,
      to: 1724870000,
      location: "us-east-1",
      hasFailures: true,
      resultType: "ALL",
    });
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe(`/v1/check-results/${CHECK_ID}`);
    expect(srv.last.rawQuery).toBe(
      "limit=20&page=3&from=1724860000&to=1724870000&location=us-east-1&hasFailures=true&resultType=ALL",
    );
    expect(list[0]).toMatchObject({
      id: RESULT_ID,
      checkRunId: 81726354,
      responseTime: 1234,
      resultType: "FINAL",
    });
    expect(list[0]?.apiCheckResult?.response?.timingPhases?.firstByte).toBe(180);
  });

  it("listV2 sends nextId and parses the cursor page", async () => {
    srv.reply({ json: { length: 1, entries: [checkResult], nextId: "cur-2" } });
    const page = await api.listV2(CHECK_ID, { limit: 1, nextId: "cur-1" });
    expect(srv.last.path).toBe(`/v2/check-results/${CHECK_ID}`);
    expect(srv.last.rawQuery).toBe("limit=1&nextId=cur-1");
    expect(page.nextId).toBe("cur-2");
    expect(page.entries.map((e) => e.id)).toEqual([RESULT_ID]);
  });

  it("listAllV2 follows nextId to the null cursor", async () => {
    srv.reply(
      { json: { length: 2, entries: [r(1), r(2)], nextId: "c2" } },
      { json: { length: 1, entries: [r(3)], nextId: null } },
    );
    const all = await api.listAllV2(CHECK_ID, { limit: 2 });
    expect(all.map((x) => x.id)).toEqual(["r1", "r2", "r3"]);
    expect(srv.requests.map((q) => q.rawQuery)).toEqual(["limit=2", "limit=2&nextId=c2"]);
  });

  it("get reads one result; unknown resultType passes through", async () => {
    srv.reply({ json: { ...checkResult, resultType: "SHADOW" } });
    const one = await api.get(CHECK_ID, RESULT_ID);
    expect(srv.last.path).toBe(`/v1/check-results/${CHECK_ID}/${RESULT_ID}`);
    expect(one.resultType).toBe("SHADOW");
  });

  it("an API result without request.data, response.headers or jobLog still parses", async () => {
    const apiCheckResult = {
      assertions: [],
      request: { method: "GET", url: "http://127.0.0.1/x" },
      response: { status: 500, statusText: "Internal Server Error", body: "" },
      requestError: null,
    };
    srv.reply({ json: { ...checkResult, apiCheckResult } });
    const one = await api.get(CHECK_ID, RESULT_ID);
    expect(one.apiCheckResult?.response?.status).toBe(500);
  });

  it("get 404 → ApiError", async () => {
    srv.reply({ status: 404, json: errorBody(404, "Not Found", "Not Found") });
    const e = await api.get(CHECK_ID, RESULT_ID).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(404);
  });

  it("a malformed cursor page → ResponseShapeError at entries[0].id", async () => {
    srv.reply({ json: { length: 1, entries: [{ ...checkResult, id: 5 }], nextId: null } });
    const e = await api.listV2(CHECK_ID).catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("entries[0].id");
  });

  it.each([
    [{ limit: 0 }, /limit/],
    [{ from: 1000, to: 1000 + 6 * 3600 + 1 }, /at most 6 h/],
    [{ from: 2000, to: 1000 }, /"from" must not be after to/],
    [{ resultType: "SOME" }, /resultType/],
    [{ nextId: "x" }, /nextId/],
  ])("list %j → UsageError, nothing sent", async (q, msg) => {
    const e = await api.list(CHECK_ID, q as never).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(msg);
    expect(srv.requests).toHaveLength(0);
  });
});
