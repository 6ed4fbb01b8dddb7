/**
 * The statuses read in slices and the status feed's fallback, over real HTTP on loopback: a body in
 * pieces (split inside strings and inside a UTF-8 character) reads as JSON.parse reads it whole, with the
 * thread handed back meanwhile; a bad element names itself; a service without the cursor header (the
 * hosted API) is read whole every time and never asked for a delta; a cursor is used only while the
 * service vouches for it, and a full read comes at least every `fullEveryMs`.
 */
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statusFeed } from "../../src/api/check-statuses.ts";
import { ResponseShapeError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { ArrayShapeError, readJsonArray } from "../../src/api/json-array-reader.ts";
import {
  checkStatusSchema,
  STATUS_CURSOR_HEADER,
  STATUS_SINCE_HEADER,
} from "../../src/contract/schemas/check-statuses.ts";
import { ScriptedServer } from "../support/scripted-server.ts";

const status = (i: number) => ({
  checkId: `c${i}`,
  name: `check ${i} [prod], {"api"} \\ é💥`,
  hasFailures: i % 7 === 0,
  hasErrors: false,
  isDegraded: false,
  lastRunLocation: "eu-west-1",
  updated_at: "2026-11-27T01:00:00.000Z",
});

describe("readJsonArray", () => {
  it("reads a body in pieces as JSON.parse and the schema read it whole, yielding meanwhile", async () => {
    const list = Array.from({ length: 3000 }, (_, i) => status(i));
    const bytes = Buffer.from(JSON.stringify(list));
    const pieces: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 997) pieces.push(bytes.subarray(i, i + 997));
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const got = await readJsonArray(Readable.from(pieces), checkStatusSchema, {
      sliceChars: 4096,
      budgetMs: 0,
    });
    spinning = false;
    expect(got).toEqual(checkStatusSchema.array().parse(list));
    expect(turns).toBeGreaterThan(10);
  });

  it("names the element that does not fit, and refuses a body that is not an array", async () => {
    const list: unknown[] = [status(0), status(1), { ...status(2), checkId: 5 }];
    const bad = await readJsonArray(Readable.from([JSON.stringify(list)]), checkStatusSchema).catch((e) => e);
    expect(bad).toBeInstanceOf(ArrayShapeError);
    expect(bad.path).toBe("[2].checkId");
    for (const text of ['{"message":"no"}', "[1,", "[1]x", "nope"]) {
      const e = await readJsonArray(Readable.from([text]), checkStatusSchema).catch((x) => x);
      expect(e, text).toBeInstanceOf(ArrayShapeError);
    }
  });
});

let srv: ScriptedServer;
let http: HttpClient;
beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_feed_0123456789", retries: 0 });
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

describe("statusFeed", () => {
  it("against a service without the cursor header: a full read every time, no delta asked", async () => {
    srv.always({ json: [status(1), status(2)] });
    const feed = statusFeed(http, checkStatusSchema);
    for (let i = 0; i < 3; i++) {
      const r = await feed.read();
      expect(r.full).toBe(true);
      expect(r.items.map((s) => s.checkId)).toEqual(["c1", "c2"]);
    }
    expect(srv.requests.map((r) => r.rawQuery)).toEqual(["", "", ""]);
  });

  it("gives each status to `keep` as it is parsed, and holds what `keep` returned", async () => {
    srv.always({ json: [status(1), status(2), status(3)] });
    const feed = statusFeed(http, checkStatusSchema);
    // keep gives back an object of its own for each status (the console's: the held one when equal)
    const kept = new Map<string, object>();
    const r = await feed.read(undefined, (st) => {
      const own = { ...st };
      kept.set(st.checkId, own);
      return own;
    });
    expect([...kept.keys()]).toEqual(["c1", "c2", "c3"]);
    expect(r.items.map((x) => x.checkId)).toEqual(["c1", "c2", "c3"]);
    for (const x of r.items) expect(x).toBe(kept.get(x.checkId));
  });

  it("asks with the cursor it was given; an answer that is not that delta is the full list", async () => {
    const feed = statusFeed(http, checkStatusSchema);
    srv.reply(
      { json: [status(1), status(2)], headers: { [STATUS_CURSOR_HEADER]: "e.1" } },
      { json: [status(2)], headers: { [STATUS_CURSOR_HEADER]: "e.2", [STATUS_SINCE_HEADER]: "e.1" } },
      // the service did not know the cursor (it restarted): the full list, a new cursor
      { json: [status(1)], headers: { [STATUS_CURSOR_HEADER]: "f.9" } },
      // a since header for another cursor is no delta of ours
      { json: [status(3)], headers: { [STATUS_CURSOR_HEADER]: "f.10", [STATUS_SINCE_HEADER]: "e.2" } },
    );
    expect((await feed.read()).full).toBe(true);
    expect(await feed.read()).toMatchObject({ full: false, items: [{ checkId: "c2" }] });
    expect(await feed.read()).toMatchObject({ full: true, items: [{ checkId: "c1" }] });
    expect(await feed.read()).toMatchObject({ full: true, items: [{ checkId: "c3" }] });
    expect(srv.requests.map((r) => r.query.get("changedSince"))).toEqual([null, "e.1", "e.2", "f.9"]);
  });

  it("a failed read forgets the cursor; a full read at least every fullEveryMs", async () => {
    let now = 0;
    const feed = statusFeed(http, checkStatusSchema, { fullEveryMs: 1000, now: () => now });
    const delta = (c: string, since: string) => ({
      json: [],
      headers: { [STATUS_CURSOR_HEADER]: c, [STATUS_SINCE_HEADER]: since },
    });
    srv.reply(
      { json: [status(1)], headers: { [STATUS_CURSOR_HEADER]: "e.1" } },
      { status: 500, json: { message: "boom" } },
      { json: [status(1)], headers: { [STATUS_CURSOR_HEADER]: "e.2" } },
      delta("e.3", "e.2"),
      { json: [status(1)], headers: { [STATUS_CURSOR_HEADER]: "e.4" } },
    );
    await feed.read();
    await expect(feed.read()).rejects.toThrow();
    expect((await feed.read()).full).toBe(true);
    now = 999;
    expect((await feed.read()).full).toBe(false);
    now = 1000;
    expect((await feed.read()).full).toBe(true);
    expect(srv.requests.map((r) => r.query.get("changedSince"))).toEqual([null, "e.1", null, "e.2", null]);
  });

  it("asks for `fields` only of a service that showed it is vigil's: a cursor, or vigil() says so", async () => {
    // the hosted API: no cursor, and vigil() false — asked exactly as without `fields`
    srv.always({ json: [status(1)] });
    const hosted = statusFeed(http, checkStatusSchema, { fields: "checkId,hasFailures", vigil: () => false });
    await hosted.read();
    await hosted.read();
    expect(srv.requests.map((r) => r.rawQuery)).toEqual(["", ""]);
    // vigil() says so before any status answer
    srv.requests.length = 0;
    let vigil = true;
    const told = statusFeed(http, checkStatusSchema, { fields: "checkId,hasFailures", vigil: () => vigil });
    await told.read();
    expect(srv.requests.map((r) => r.query.get("fields"))).toEqual(["checkId,hasFailures"]);
    // a service that handed out a cursor is vigil's, whatever vigil() says after
    srv.requests.length = 0;
    vigil = false;
    const cursor = statusFeed(http, checkStatusSchema, { fields: "checkId", vigil: () => vigil });
    srv.reply(
      { json: [status(1)], headers: { [STATUS_CURSOR_HEADER]: "e.1" } },
      { json: [], headers: { [STATUS_CURSOR_HEADER]: "e.2", [STATUS_SINCE_HEADER]: "e.1" } },
    );
    await cursor.read();
    expect(await cursor.read()).toEqual({ full: false, items: [] });
    expect(srv.requests.map((r) => r.rawQuery)).toEqual(["", "changedSince=e.1&fields=checkId"]);
  });

  it("an element that does not fit is a ResponseShapeError naming it", async () => {
    srv.reply({ json: [status(1), { name: "no id" }] });
    const e = await statusFeed(http, checkStatusSchema)
      .read()
      .catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("[1].checkId");
  });
});
