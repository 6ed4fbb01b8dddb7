/**
 * GET /v1/check-statuses?changedSince= (a vigil extension, src/service/repo/status-changes.ts) over real
 * HTTP on loopback and a real SQLite file, runs made by the engine: a run stored after the cursor shows in
 * the delta and nothing else does; a cursor the service cannot vouch for — after a restart, a written
 * check, deleted results, or one it never handed out — is answered with the full list. And the client's
 * status feed (src/api/check-statuses.ts) over it: full, then deltas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusFeed } from "../../src/api/check-statuses.ts";
import { HttpClient } from "../../src/api/http.ts";
import {
  checkStatusSchema,
  STATUS_CURSOR_HEADER,
  STATUS_SINCE_HEADER,
} from "../../src/contract/schemas/check-statuses.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { resultsPruned } from "../../src/service/repo/run-queries.ts";
import {
  API_KEY,
  httpTarget,
  insertCheck,
  runOne,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "./runs/support.ts";

let target: { url: string; close(): Promise<void> };
let t: TempDb;
let svc: TestService;
const ids: string[] = [];

beforeAll(async () => {
  target = await httpTarget((_req, res) => res.end("ok"));
  t = tempDb();
  for (const name of ["a", "b", "c"])
    ids.push(insertCheck(t.db, { checkType: "URL", name, doc: { request: { url: `${target.url}/` } } }));
  svc = await startTestService(t);
  for (const id of ids) await runOne(svc.engine, id);
});
afterAll(async () => {
  await svc.close();
  await target.close();
  t.cleanup();
});

type Status = { checkId: string; name: string; lastCheckRunId: string };
const statuses = async (since?: string, fields?: string) => {
  const params = new URLSearchParams();
  if (since !== undefined) params.set("changedSince", since);
  if (fields !== undefined) params.set("fields", fields);
  const q = params.size > 0 ? `?${params}` : "";
  const res = await fetch(`${svc.url}/v1/check-statuses${q}`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  expect(res.status).toBe(200);
  return {
    cursor: res.headers.get(STATUS_CURSOR_HEADER) ?? "",
    since: res.headers.get(STATUS_SINCE_HEADER),
    body: (await res.json()) as Status[],
  };
};

describe("status deltas", () => {
  it("a full list carries a cursor; what changed after it is the delta, and nothing else", async () => {
    const full = await statuses();
    expect(full.cursor).not.toBe("");
    expect(full.since).toBeNull();
    expect(full.body.map((s) => s.checkId).sort()).toEqual([...ids].sort());

    const quiet = await statuses(full.cursor);
    expect(quiet.since).toBe(full.cursor);
    expect(quiet.body).toEqual([]);
    expect(quiet.cursor).toBe(full.cursor);

    const { results } = await runOne(svc.engine, ids[1] as string);
    const delta = await statuses(quiet.cursor);
    expect(delta.since).toBe(quiet.cursor);
    expect(delta.body.map((s) => s.checkId)).toEqual([ids[1]]);
    expect(delta.body[0]?.lastCheckRunId).toBe(results.at(-1)?.id);
    expect(delta.cursor).not.toBe(quiet.cursor);
    // the same shape as the full list's entry for that check
    expect(Object.keys(delta.body[0] ?? {}).sort()).toEqual(Object.keys(full.body[0] ?? {}).sort());

    expect((await statuses(delta.cursor)).body).toEqual([]);
  });

  it("`fields`: each status, full or a delta, carries only those members, as the whole one holds them", async () => {
    const fields = "checkId,hasFailures,updated_at,nothing,lastRunLocation";
    const only = (s: Status) => {
      const whole: Record<string, unknown> = s;
      return Object.fromEntries(
        fields
          .split(",")
          .filter((f) => whole[f] !== undefined)
          .map((f) => [f, whole[f]]),
      );
    };
    const full = await statuses();
    const slim = await statuses(undefined, fields);
    expect(slim.cursor).toBe(full.cursor);
    expect(JSON.stringify(slim.body)).toBe(JSON.stringify(full.body.map(only)));
    await runOne(svc.engine, ids[0] as string);
    const delta = await statuses(slim.cursor, fields);
    const wholeDelta = await statuses(slim.cursor);
    expect(delta.since).toBe(slim.cursor);
    expect(delta.body.map((s) => s.checkId)).toEqual([ids[0]]);
    expect(JSON.stringify(delta.body)).toBe(JSON.stringify(wholeDelta.body.map(only)));
  });

  it("a check written since the cursor: the full list (a name changed, a check gone)", async () => {
    const before = await statuses();
    const res = await fetch(`${svc.url}/v1/checks/${ids[2]}`, { method: "DELETE", headers: svc.headers });
    expect(res.status).toBeLessThan(300);
    const after = await statuses(before.cursor);
    expect(after.since).toBeNull();
    expect(after.body.map((s) => s.checkId).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it("results deleted since the cursor, or a cursor it never handed out: the full list", async () => {
    const before = await statuses();
    resultsPruned(svc.db);
    const pruned = await statuses(before.cursor);
    expect(pruned.since).toBeNull();
    expect(pruned.body).toHaveLength(2);
    const era = pruned.cursor.slice(0, pruned.cursor.lastIndexOf("."));
    for (const bogus of [
      "",
      "x",
      "x.1",
      `${pruned.cursor}0`,
      `${era}.-1`,
      `${era}.\t1`,
      `${era}. 1`,
      `${era}.0x1`,
    ]) {
      const r = await statuses(bogus);
      expect(r.since, bogus).toBeNull();
      expect(r.body, bogus).toHaveLength(2);
    }
  });

  it("the client's feed reads the whole list, then only the changes", async () => {
    const http = new HttpClient({ baseUrl: svc.url, apiKey: API_KEY });
    try {
      const feed = statusFeed(http, checkStatusSchema);
      const first = await feed.read();
      expect(first.full).toBe(true);
      expect(first.items).toHaveLength(2);
      expect(await feed.read()).toEqual({ full: false, items: [] });
      await runOne(svc.engine, ids[0] as string);
      const next = await feed.read();
      expect(next.full).toBe(false);
      expect(next.items.map((s) => s.checkId)).toEqual([ids[0]]);
      feed.forget();
      expect((await feed.read()).full).toBe(true);
    } finally {
      await http.close();
    }
  });

  it("after a restart the old cursor is unknown: the full list", async () => {
    const before = await statuses();
    await svc.close();
    t.db.close();
    t = { ...t, db: openDatabase(t.file) };
    svc = await startTestService(t);
    const after = await statuses(before.cursor);
    expect(after.since).toBeNull();
    expect(after.body).toHaveLength(2);
    expect(after.cursor).not.toBe(before.cursor);
    expect((await statuses(after.cursor)).since).toBe(after.cursor);
  });
});
