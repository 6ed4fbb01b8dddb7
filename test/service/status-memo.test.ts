/**
 * A check's status is remembered between requests (GET /v1/check-statuses over 100,000 checks every 10 s)
 * and is never stale: a result stored by any code, one stored out of order, the 24-hour range losing its
 * oldest run, results deleted (retention, another connection) and a rolled-back
 * transaction all show in the next answer — checked against the same question asked of a connection that
 * remembers nothing.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/service/db/open.ts";
import { type CheckDef, checkOf } from "../../src/service/engine/checks.ts";
import { deleteCheck, insertCheck } from "../../src/service/repo/checks.ts";
import { createRetention } from "../../src/service/repo/retention.ts";
import { checkStatus, checkStatuses } from "../../src/service/repo/run-queries.ts";
import { createRunStore, type ResultRow } from "../../src/service/repo/runs.ts";
import { tempDir } from "./support.ts";

const H = 3_600_000;
const NOW = Date.parse("2026-11-26T12:00:00Z");

function check(id: string): CheckDef {
  const at = new Date(NOW - 100 * H).toISOString();
  return checkOf(
    {
      name: id,
      activated: true,
      muted: false,
      frequency: 10,
      tags: [],
      locations: ["eu-west-1"],
      request: { method: "GET", url: "http://127.0.0.1:9/" },
    },
    { id, checkType: "URL", createdAt: at, updatedAt: at },
  );
}

/** The check as the statuses read it: it runs in eu-west-1. */
const sc = (id: string) => ({ id, statusLocations: ["eu-west-1"], locationsKey: "eu-west-1" });

let n = 0;
function result(
  checkId: string,
  at: number,
  o: { failed?: boolean; ms?: number; type?: "FINAL" | "ATTEMPT" } = {},
): ResultRow {
  return {
    id: `r${++n}`,
    sessionId: null,
    checkId,
    checkType: "URL",
    name: checkId,
    runLocation: "eu-west-1",
    resultType: o.type ?? "FINAL",
    hasFailures: o.failed ?? false,
    hasErrors: false,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: false,
    responseTime: o.ms ?? 100,
    statusCode: 200,
    attempts: 1,
    retries: 0,
    startedAt: at,
    stoppedAt: at + 5,
    errorMessage: null,
    metrics: {},
    pageIndex: null,
    detail: null,
  };
}

let dir: string;
let db: DatabaseSync;
let fresh: DatabaseSync;
let store: ReturnType<typeof createRunStore>;
beforeEach(() => {
  dir = tempDir();
  db = openDatabase(join(dir, "vigil.db"));
  fresh = new DatabaseSync(join(dir, "vigil.db"));
  store = createRunStore(db);
  for (const id of ["a", "b"]) insertCheck(db, check(id));
});
afterEach(() => {
  fresh.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The status as remembered (one check, or the list's way), and as a connection that never asked before. */
let asList = false;
function both(id: string, now = NOW) {
  asList = !asList;
  const got = asList ? checkStatuses(db, [sc("b"), sc(id), sc("a")], now)[1] : checkStatus(db, sc(id), now);
  const other = new DatabaseSync(join(dir, "vigil.db"));
  try {
    expect(got).toEqual(checkStatus(other, sc(id), now));
  } finally {
    other.close();
  }
  return got;
}

describe("checkStatus remembered", () => {
  it("a result row whose column holds the wrong thing: a CorruptRowError naming the column, never a guess", () => {
    store.insertResult(result("a", NOW - 1000));
    fresh.prepare("UPDATE check_results SET has_failures = 'yes'").run();
    expect(() => checkStatus(fresh, sc("a"), NOW)).toThrow("column has_failures holds text, not 0 or 1");
  });

  it("a check that never ran, then ran: the new result shows", () => {
    expect(both("a")).toBeUndefined();
    store.insertResult(result("a", NOW - H));
    expect(both("a")?.latest.hasFailures).toBe(false);
    store.insertResult(result("a", NOW - 1000, { failed: true }));
    expect(both("a")?.latest.hasFailures).toBe(true);
    // an attempt is not a status, but it is no reason to be wrong either
    store.insertResult(result("a", NOW - 500, { type: "ATTEMPT" }));
    expect(both("a")?.latest.hasFailures).toBe(true);
  });

  it("a result stored late (older than the latest) changes the range, not the latest", () => {
    store.insertResult(result("a", NOW - H, { ms: 100 }));
    expect(both("a")?.longestRun).toBe(100);
    store.insertResult(result("a", NOW - 2 * H, { ms: 900, failed: true }));
    const s = both("a");
    expect(s?.longestRun).toBe(900);
    expect(s?.latest.hasFailures).toBe(false);
  });

  it("the 24 h range drops a run once it is older than a day", () => {
    store.insertResult(result("a", NOW - 23 * H, { ms: 900 }));
    store.insertResult(result("a", NOW - H, { ms: 100 }));
    expect(both("a")?.longestRun).toBe(900);
    expect(both("a", NOW + 2 * H)?.longestRun).toBe(100);
    expect(both("a", NOW + 30 * H)?.longestRun).toBeNull();
  });

  it("results deleted: by retention, by another connection", async () => {
    store.insertResult(result("a", NOW - H));
    store.insertResult(result("b", NOW - 40 * 24 * H));
    expect(both("a")).toBeDefined();
    expect(both("b")).toBeDefined();
    // a deleted check's results stay (nothing cascades to them): its status, if asked, is unchanged
    deleteCheck(db, "a");
    expect(both("a")).toBeDefined();
    const retention = createRetention(db, () => NOW, { days: 30 });
    await retention.sweep();
    expect(both("b")).toBeUndefined();
    insertCheck(db, check("c"));
    store.insertResult(result("c", NOW - H));
    expect(both("c")).toBeDefined();
    fresh.prepare("DELETE FROM check_results WHERE check_id = 'c'").run();
    expect(both("c")).toBeUndefined();
  });

  it("a result stored by another connection shows", () => {
    store.insertResult(result("a", NOW - H));
    expect(both("a")?.latest.hasFailures).toBe(false);
    createRunStore(fresh).insertResult(result("a", NOW - 1000, { failed: true }));
    expect(both("a")?.latest.hasFailures).toBe(true);
  });

  it("inside a transaction nothing is remembered; after a rollback the status is the old one", () => {
    store.insertResult(result("a", NOW - H));
    expect(both("a")?.latest.hasFailures).toBe(false);
    db.exec("BEGIN");
    store.insertResult(result("a", NOW - 1000, { failed: true }));
    expect(checkStatus(db, sc("a"), NOW)?.latest.hasFailures).toBe(true);
    db.exec("ROLLBACK");
    expect(both("a")?.latest.hasFailures).toBe(false);
  });
});
