/**
 * `revalidate` (conditional GETs) against a scripted server on loopback: the shapes a server may take —
 * ETags honoured, no ETag at all, ETags given but If-None-Match ignored — and what the client sends and
 * gives back in each. The embedded service's own ETags are test/service/alert-channels-etag.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../src/api/errors.ts";
import { HttpClient, REVALIDATE_KEPT } from "../../src/api/http.ts";
import { ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;
beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_revalidate", retries: 0 });
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

const schema = z.array(z.object({ id: z.number() }));
const get = (path = "/v1/things", revalidate = true) =>
  http.request({ method: "GET", path, query: { page: 1 }, schema, revalidate });

describe("HttpClient revalidate", () => {
  it("sends the ETag it was given; a 304 is the data held, the very object, with the held headers", async () => {
    srv.reply(
      { json: [{ id: 1 }], headers: { etag: '"v1"', "content-range": "0-0/1" } },
      { status: 304, body: "", headers: { etag: '"v1"' } },
    );
    const a = await get();
    const b = await get();
    expect(srv.requests[0]?.headers["if-none-match"]).toBeUndefined();
    expect(srv.requests[1]?.headers["if-none-match"]).toBe('"v1"');
    expect(b.status).toBe(304);
    expect(b.data).toBe(a.data);
    expect(b.headers["content-range"]).toBe("0-0/1");
  });

  it("a new address (the local service moved) drops what was kept: nothing is sent with a tag after it", async () => {
    srv.reply(
      { json: [{ id: 1 }], headers: { etag: '"v1"' } },
      { json: [{ id: 1 }], headers: { etag: '"v1"' } },
    );
    await get();
    // moved and back (the same URL again): the kept answer was the old address's and is gone
    http.retarget("http://127.0.0.1:9");
    http.retarget(srv.url);
    await get();
    expect(srv.requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined]);
  });

  it("a server that gives no ETag is asked plainly every time", async () => {
    srv.reply({ json: [{ id: 1 }] }, { json: [{ id: 2 }] });
    await get();
    const b = await get();
    expect(srv.requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined]);
    expect(b.data).toEqual([{ id: 2 }]);
  });

  it("a server that ignores If-None-Match is read in full; its new tag is sent next", async () => {
    srv.reply(
      { json: [{ id: 1 }], headers: { etag: '"v1"' } },
      { json: [{ id: 2 }], headers: { etag: '"v2"' } },
      { json: [{ id: 3 }] },
      { json: [{ id: 4 }] },
    );
    await get();
    expect((await get()).data).toEqual([{ id: 2 }]);
    expect((await get()).data).toEqual([{ id: 3 }]);
    await get();
    // the third answer gave no tag: nothing is held for the fourth request
    expect(srv.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"v1"',
      '"v2"',
      undefined,
    ]);
  });

  it("a request without revalidate never sends If-None-Match, and a 304 to it is an error as before", async () => {
    srv.reply({ json: [{ id: 1 }], headers: { etag: '"v1"' } }, { status: 304, body: "" });
    await get("/v1/things", false);
    await expect(get("/v1/things", false)).rejects.toBeInstanceOf(ApiError);
    expect(srv.requests[1]?.headers["if-none-match"]).toBeUndefined();
  });

  it("an error answer keeps what is held: the next request still sends the tag", async () => {
    srv.reply(
      { json: [{ id: 1 }], headers: { etag: '"v1"' } },
      { status: 404, json: { statusCode: 404, error: "Not Found", message: "gone" } },
      { status: 304, body: "" },
    );
    const a = await get();
    await expect(get()).rejects.toBeInstanceOf(ApiError);
    expect((await get()).data).toBe(a.data);
    expect(srv.requests[2]?.headers["if-none-match"]).toBe('"v1"');
  });

  it("an answer read in slices (requestArray) is kept and asked again the same way", async () => {
    srv.reply(
      { json: [{ id: 1, subs: [{ id: 2 }] }], headers: { etag: '"v1"' } },
      { status: 304, body: "", headers: { etag: '"v1"' } },
      { json: [{ id: 1, subs: [{ id: 3 }] }], headers: { etag: '"v2"' } },
      { json: [{ id: 4, subs: [] }] },
      { json: [{ id: 5, subs: [] }] },
    );
    const element = z.object({ id: z.number(), subs: z.array(z.object({ id: z.number() })) });
    const spec = {
      method: "GET" as const,
      path: "/v1/things",
      revalidate: true,
      arrayApart: { member: "subs", element: z.object({ id: z.number() }) },
    };
    const a = await http.requestArray(spec, element);
    expect(a.data).toEqual([{ id: 1, subs: [{ id: 2 }] }]);
    const b = await http.requestArray(spec, element);
    expect(b.status).toBe(304);
    expect(b.data).toBe(a.data);
    expect((await http.requestArray(spec, element)).data).toEqual([{ id: 1, subs: [{ id: 3 }] }]);
    await http.requestArray(spec, element);
    await http.requestArray(spec, element);
    // the fourth answer gave no tag: nothing is held for the fifth
    expect(srv.requests.map((r) => r.headers["if-none-match"])).toEqual([
      undefined,
      '"v1"',
      '"v1"',
      '"v2"',
      undefined,
    ]);
  });

  it("keeps the answers of the last REVALIDATE_KEPT URLs", async () => {
    srv.always((r) => ({ json: [{ id: 1 }], headers: { etag: `"${r.path}"` } }));
    for (let i = 0; i <= REVALIDATE_KEPT; i++) await get(`/v1/things/${i}`);
    await get("/v1/things/0");
    await get(`/v1/things/${REVALIDATE_KEPT}`);
    const last = srv.requests.slice(-2).map((r) => r.headers["if-none-match"]);
    expect(last).toEqual([undefined, `"/v1/things/${REVALIDATE_KEPT}"`]);
  });
});
