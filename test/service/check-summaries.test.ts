/**
 * The checks list read from each check's stored summary (migration 008, repo/checks.ts listCheckMembers):
 * over real HTTP on loopback, a wide page asked for the members the summary and the columns hold answers
 * byte for byte what the whole checks' members are — for every check type, with subscriptions, a ping URL,
 * private locations, and after updates. Then on a real SQLite file: the migration keeps every row as it
 * was and gives each its summary (a damaged one none, read whole and reported as before), and a write by
 * an older version (the document alone) still leaves the right summary.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/service/db/migrations/index.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { checkDoc, checkOf } from "../../src/service/engine/checks.ts";
import {
  CHECK_COLUMNS,
  insertCheck,
  listCheckMembers,
  listChecks,
  summaryAnswers,
} from "../../src/service/repo/checks.ts";
import { SUMMARY_FIELDS } from "../../src/store/data/summary-schemas.ts";
import { type Json, startTestService, type TestService, tempDir } from "./support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.dispose();
});

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const r = await svc.call(method, path, body);
  if (r.status !== 200 && r.status !== 201) throw new Error(`${method} ${path} → ${r.status}: ${r.text}`);
  return r.body;
}

/** The members `fields` names of a whole check, in that order, as the service's `fields` picks them. */
function project(check: Json, fields: string[]): Json {
  const out: Json = {};
  for (const f of new Set(fields)) if (check[f] !== undefined) out[f] = check[f];
  return out;
}

/** A wide page with `fields` is, as JSON text, the projection of the whole checks of the plain list. */
async function expectProjection(fields: string[]): Promise<void> {
  const whole = await svc.call("GET", "/v1/checks?limit=100");
  const wide = await svc.call("GET", `/v1/checks?limit=1000&fields=${fields.join(",")}`);
  expect(wide.status).toBe(200);
  expect(wide.body.length).toBe(whole.body.length);
  expect(wide.text).toBe(JSON.stringify(whole.body.map((c: Json) => project(c, fields))));
}

const CONSOLE_FIELDS = SUMMARY_FIELDS.split(",");

describe("wide pages from the stored summary", () => {
  it("the console's members are all read from the summary and the columns", () => {
    expect(summaryAnswers(CONSOLE_FIELDS)).toBe(true);
    expect(summaryAnswers(["name", "request"])).toBe(false);
  });

  it("answer the whole checks' members, for every check type, before and after updates", async () => {
    const channel = await ok("POST", "/v1/alert-channels", {
      type: "EMAIL",
      config: { address: "sum@example.com" },
    });
    await ok("POST", "/v1/private-locations", { name: "Office", slugName: "office-1" });
    const bodies: [string, Json][] = [
      [
        "api",
        {
          name: 'api — «quoted» "one"',
          tags: ["prod", "api"],
          locations: ["eu-west-1", "us-east-1"],
          privateLocations: ["office-1"],
          degradedResponseTime: 1234,
          maxResponseTime: 4321,
          request: { method: "POST", url: "http://127.0.0.1:9/api" },
        },
      ],
      ["url", { name: "url", request: { url: "http://127.0.0.1:9/" } }],
      ["tcp", { name: "tcp", request: { hostname: "127.0.0.1", port: 9 } }],
      ["dns", { name: "dns", request: { query: "example.com", recordType: "A" } }],
      [
        "heartbeat",
        { name: "hb", heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes" } },
      ],
      ["browser", { name: "browser", script: "await page.goto('http://127.0.0.1:9/')" }],
      ["multistep", { name: "multistep", script: "await request.get('http://127.0.0.1:9/')" }],
    ];
    const made: Json[] = [];
    for (const [kind, body] of bodies)
      made.push(
        await ok("POST", `/v1/checks/${kind}`, {
          ...body,
          alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
        }),
      );
    const sets = [
      CONSOLE_FIELDS,
      [...CONSOLE_FIELDS, "alertChannelSubscriptions"],
      ["heartbeat", "id", "created_at", "updated_at", "maxResponseTime"],
      // outside the summary: the whole documents are read (the same answer)
      ["name", "request", "script", "heartbeat"],
    ];
    for (const fields of sets) await expectProjection(fields);

    // updates: a member of the summary, the columns, the heartbeat's timing; and one outside it
    await ok("PUT", `/v1/checks/api/${made[0].id}`, {
      degradedResponseTime: 999,
      privateLocations: [],
      tags: ["staging"],
    });
    await ok("PUT", `/v1/checks/${made[1].id}`, { name: "url renamed", activated: false });
    await ok("PUT", `/v1/checks/heartbeat/${made[4].id}`, {
      heartbeat: { period: 10, periodUnit: "minutes" },
    });
    await ok("PUT", `/v1/checks/tcp/${made[2].id}`, { maxResponseTime: 15_000 });
    for (const fields of sets) await expectProjection(fields);
    const hb = (await svc.call("GET", "/v1/checks?limit=1000&fields=heartbeat,name")).body.find(
      (c: Json) => c.name === "hb",
    );
    expect(hb.heartbeat.period).toBe(10);
    expect(hb.heartbeat.pingUrl).toBe(`${svc.url}/ping/${hb.heartbeat.pingToken}`);
  });
});

describe("migration 8 (check summaries) on a real SQLite file", () => {
  const check = (i: number, extra: Record<string, unknown> = {}) =>
    checkOf(
      {
        name: `c${i}`,
        activated: true,
        muted: false,
        frequency: 10,
        tags: ["a"],
        locations: ["eu-west-1"],
        degradedResponseTime: 100 + i,
        request: { url: "http://127.0.0.1:9/" },
        ...extra,
      },
      {
        id: `id-${i}`,
        checkType: i === 2 ? "HEARTBEAT" : "URL",
        createdAt: `2026-11-0${i}T00:00:00.000Z`,
        updatedAt: `2026-11-0${i}T00:00:00.000Z`,
      },
    );

  it("keeps every row as it was, gives each its summary, and the database keeps it on any write", () => {
    const dir = tempDir("vigil-mig8-");
    try {
      const file = join(dir, "vigil.db");
      const old = openDatabase(
        file,
        MIGRATIONS.filter((m) => m.version < 8),
      );
      insertCheck(old, check(1));
      insertCheck(
        old,
        check(2, { heartbeat: { period: 1, periodUnit: "hours", pingToken: "tok" }, privateLocations: [] }),
      );
      insertCheck(old, check(3));
      // a damaged document (written by something else) and an empty one
      old.prepare("UPDATE checks SET doc = ? WHERE id = 'id-3'").run("{not json");
      insertCheck(old, check(4));
      old.prepare("UPDATE checks SET doc = '' WHERE id = 'id-4'").run();
      const before = old.prepare(`SELECT rowid, ${CHECK_COLUMNS} FROM checks ORDER BY rowid`).all();
      old.close();

      const db = openDatabase(file);
      expect(db.prepare(`SELECT rowid, ${CHECK_COLUMNS} FROM checks ORDER BY rowid`).all()).toEqual(before);
      const summaries = () =>
        Object.fromEntries(
          db
            .prepare("SELECT id, summary FROM checks ORDER BY rowid")
            .all()
            .map((r) => [r.id, r.summary === null ? null : JSON.parse(String(r.summary))]),
        );
      expect(summaries()).toEqual({
        "id-1": { degradedResponseTime: 101 },
        "id-2": {
          privateLocations: [],
          degradedResponseTime: 102,
          heartbeat: { period: 1, periodUnit: "hours", pingToken: "tok" },
        },
        "id-3": null,
        "id-4": null,
      });
      // the damaged row is read whole, and reported as the whole read reports it
      expect(() => listCheckMembers(db)).toThrow(/not readable/);
      expect(() => listChecks(db)).toThrow(/not readable/);
      db.prepare("DELETE FROM checks WHERE id = 'id-3'").run();
      // the empty document (read as {} before) is read whole too: the same members
      const members = listCheckMembers(db);
      expect(members.map((m) => m.doc.id)).toEqual(["id-1", "id-2", "id-4"]);
      expect(members.find((m) => m.id === "id-4")?.doc).toMatchObject({ name: "c4", tags: ["a"] });

      // a write as an older version makes it (the document alone): the triggers keep the summary
      db.prepare("UPDATE checks SET doc = json_set(doc, '$.maxResponseTime', 777) WHERE id = 'id-1'").run();
      insertCheck(db, check(5, { maxResponseTime: 555 }));
      expect(summaries()["id-1"]).toEqual({ degradedResponseTime: 101, maxResponseTime: 777 });
      expect(summaries()["id-5"]).toEqual({ degradedResponseTime: 105, maxResponseTime: 555 });
      // each one's members are the whole check's (checkDoc), those it holds
      const whole = new Map(listChecks(db).map((c) => [c.id, checkDoc(c)]));
      for (const { id, doc } of listCheckMembers(db))
        expect(doc).toEqual(project(whole.get(id), Object.keys(doc)));
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
