import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApiError,
  NetworkError,
  ReadOnlyError,
  ResponseShapeError,
  TimeoutError,
} from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { errorBody, ScriptedServer } from "../support/scripted-server.ts";

const KEY = "sk_test_0123456789abcdefSECRET";
let srv: ScriptedServer;
let http: HttpClient;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({
    baseUrl: srv.url,
    apiKey: KEY,
    accountId: "acc-1",
    backoffBaseMs: 5,
    timeoutMs: 500,
  });
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

const noKey = (e: unknown) => expect(String((e as Error).message)).not.toContain(KEY);

describe("HttpClient", () => {
  it("sends auth, account, user-agent and JSON body; parses with the schema", async () => {
    srv.reply({ status: 201, json: { a: 1, extra: "kept" } });
    const res = await http.request({
      method: "POST",
      path: "/v1/things",
      query: { tag: ["x", "y"], limit: 5, skip: undefined },
      body: { hello: "world" },
      schema: z.looseObject({ a: z.number() }),
    });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ a: 1, extra: "kept" });
    const r = srv.last;
    expect(r.method).toBe("POST");
    expect(r.path).toBe("/v1/things");
    expect(r.rawQuery).toBe("tag=x&tag=y&limit=5");
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers["x-service-account"]).toBe("acc-1");
    expect(r.headers["user-agent"]).toMatch(/^vigil\/\d+\.\d+\.\d+/);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.json).toEqual({ hello: "world" });
  });

  it("turns an error body into ApiError with status, message and validation keys", async () => {
    srv.reply({
      status: 400,
      json: errorBody(400, "Bad Request", '"frequency" must be one of [1, 5]', {
        validation: { source: "payload", keys: ["frequency"] },
      }),
    });
    const e = await http.request({ method: "GET", path: "/v1/checks" }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.serverMessage).toBe('"frequency" must be one of [1, 5]');
    expect(e.validation).toEqual({ source: "payload", keys: ["frequency"] });
    expect(e.message).toBe(
      'GET /v1/checks failed: 400 "frequency" must be one of [1, 5] [payload: frequency]',
    );
  });

  it("never echoes the API key, even when the server does", async () => {
    srv.reply({ status: 401, json: errorBody(401, "Unauthorized", `Bad Token ${KEY}`) });
    const e = await http.request({ method: "GET", path: "/v1/checks" }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(401);
    noKey(e);
  });

  it("does not retry 401/403/404 and reports each with the server's message", async () => {
    const cases = [
      [401, "Unauthorized", "Bad Token"],
      [403, "Forbidden", "The key may not access account acc-1"],
      [404, "Not Found", "No such check."],
    ] as const;
    for (const [status, error, message] of cases) {
      srv.requests.length = 0;
      srv.reply({ status, json: errorBody(status, error, message) });
      const e = await http.request({ method: "GET", path: "/v1/checks/x" }).catch((x) => x);
      expect(e).toBeInstanceOf(ApiError);
      expect(e.status).toBe(status);
      expect(e.message).toBe(`GET /v1/checks/x failed: ${status} ${message}`);
      expect(srv.requests).toHaveLength(1);
      noKey(e);
    }
  });

  it("retries GET on 503 and succeeds", async () => {
    srv.reply({ status: 503, json: errorBody(503, "Service Unavailable", "busy") }, { json: [1] });
    const res = await http.request({ method: "GET", path: "/v1/x" });
    expect(res.data).toEqual([1]);
    expect(srv.requests).toHaveLength(2);
  });

  it("honours Retry-After on 429, also for POST", async () => {
    srv.reply(
      {
        status: 429,
        json: errorBody(429, "Too Many Requests", "slow down"),
        headers: { "retry-after": "1" },
      },
      { status: 201, json: { ok: true } },
    );
    const t0 = Date.now();
    await http.request({ method: "POST", path: "/v1/x", body: {} });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(srv.requests).toHaveLength(2);
  });

  it("does not retry a POST on 500", async () => {
    srv.always({ status: 500, json: errorBody(500, "Internal Server Error", "boom") });
    const e = await http.request({ method: "POST", path: "/v1/x", body: {} }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(srv.requests).toHaveLength(1);
  });

  it("times out a slow answer with TimeoutError after retries", async () => {
    srv.always({ hang: true });
    const e = await http
      .request({ method: "GET", path: "/v1/slow", retries: 1, timeoutMs: 150 })
      .catch((x) => x);
    expect(e).toBeInstanceOf(TimeoutError);
    expect(srv.requests).toHaveLength(2);
    noKey(e);
  });

  it("reports a cut connection as NetworkError", async () => {
    srv.always({ cut: true });
    const e = await http.request({ method: "GET", path: "/v1/cut", retries: 0 }).catch((x) => x);
    expect(e).toBeInstanceOf(NetworkError);
    noKey(e);
  });

  it("reports malformed JSON and bad shapes as ResponseShapeError with the field path", async () => {
    srv.reply({ body: "{not json", headers: { "content-type": "application/json" } });
    const e1 = await http.request({ method: "GET", path: "/v1/a" }).catch((x) => x);
    expect(e1).toBeInstanceOf(ResponseShapeError);
    srv.reply({ json: { entries: [{ id: 1 }, { id: "two" }] } });
    const e2 = await http
      .request({
        method: "GET",
        path: "/v1/b",
        schema: z.object({ entries: z.array(z.object({ id: z.number() })) }),
      })
      .catch((x) => x);
    expect(e2).toBeInstanceOf(ResponseShapeError);
    expect(e2.fieldPath).toBe("entries[1].id");
  });

  it("read-only mode refuses mutations before sending anything", async () => {
    const ro = new HttpClient({ baseUrl: srv.url, apiKey: KEY, readOnly: true });
    for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
      const e = await ro.request({ method, path: "/v1/x", body: {} }).catch((x) => x);
      expect(e).toBeInstanceOf(ReadOnlyError);
    }
    expect(srv.requests).toHaveLength(0);
    srv.reply({ json: [] });
    await ro.request({ method: "GET", path: "/v1/x" });
    expect(srv.requests).toHaveLength(1);
    await ro.close();
  });

  it("reports a refused connection as NetworkError without the key", async () => {
    const dead = new HttpClient({ baseUrl: "http://127.0.0.1:1", apiKey: KEY, retries: 0 });
    const e = await dead.request({ method: "GET", path: "/v1/x" }).catch((x) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.code).toBe("ECONNREFUSED");
    noKey(e);
    await dead.close();
  });
});
