import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkStatusesApi } from "../../src/api/check-statuses.ts";
import { ApiError, ResponseShapeError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { checkState } from "../../src/contract/schemas/check-statuses.ts";
import { CHECK_ID, checkStatus } from "../support/fixtures-a.ts";
import { errorBody, ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;
let api: ReturnType<typeof checkStatusesApi>;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_statuses_0123456789", accountId: "acc-9" });
  api = checkStatusesApi(http);
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

describe("checkStatuses", () => {
  it("list GETs the bare array", async () => {
    const other = {
      ...checkStatus,
      checkId: "b1",
      hasFailures: true,
      isDegraded: false,
      sslDaysRemaining: null,
    };
    srv.reply({ json: [checkStatus, other] });
    const list = await api.list();
    expect(srv.last.method).toBe("GET");
    expect(srv.last.path).toBe("/v1/check-statuses");
    expect(srv.last.rawQuery).toBe("");
    expect(srv.last.headers["x-service-account"]).toBe("acc-9");
    expect(list.map(checkState)).toEqual(["degraded", "failing"]);
    expect(list[1]?.sslDaysRemaining).toBeNull();
  });

  it("get GETs one check's row", async () => {
    srv.reply({ json: checkStatus });
    const s = await api.get(CHECK_ID);
    expect(srv.last.path).toBe(`/v1/check-statuses/${CHECK_ID}`);
    expect(s).toMatchObject({ checkId: CHECK_ID, longestRun: 10, lastRunLocation: "us-east-1" });
  });

  it("get 404 → ApiError", async () => {
    srv.reply({ status: 404, json: errorBody(404, "Not Found", "Not Found") });
    await expect(api.get(CHECK_ID)).rejects.toBeInstanceOf(ApiError);
  });

  it("a wrongly typed flag → ResponseShapeError with the path", async () => {
    srv.reply({ json: [checkStatus, { ...checkStatus, hasErrors: "yes" }] });
    const e = await api.list().catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("[1].hasErrors");
  });
});

describe("checkState", () => {
  it.each([
    [undefined, "pending"],
    [{ checkId: "x", hasFailures: true, isDegraded: true }, "failing"],
    [{ checkId: "x", hasErrors: true }, "failing"],
    [{ checkId: "x", isDegraded: true }, "degraded"],
    [{ checkId: "x", hasFailures: false, hasErrors: null, isDegraded: false }, "passing"],
  ])("%j → %s", (s, expected) => {
    expect(checkState(s)).toBe(expected);
  });
});
