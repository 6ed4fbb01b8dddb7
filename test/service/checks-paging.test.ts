/**
 * The checks list at scale (issue 27 item 3): the service remembers a list's total and where each page
 * ended while the checks stay as they are (repo/checks.ts), so page 1,000 of 100,000 costs what page 1
 * costs and no page counts every row; what it remembers is dropped on every change. Then the console's
 * own loader against the real embedded service over loopback: 100,000 checks listed in the service's
 * order: the first page the hosted 100, the rest wide pages (1,000, only the members the console holds) four at
 * a time once the first told the total and offered them, within the quota the service states.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { routeFamily } from "../../src/api/ratelimit.ts";
import { CHECKS_PAGE_MAX } from "../../src/contract/schemas/checks.ts";
import { RATE_LIMIT_POLICY } from "../../src/service/app/app.ts";
import { openDatabase, transaction } from "../../src/service/db/open.ts";
import { type CheckDef, checkOf } from "../../src/service/engine/checks.ts";
import {
  checkHeads,
  countChecks,
  deleteCheck,
  insertCheck,
  listChecks,
  scheduledChecks,
  updateCheck,
} from "../../src/service/repo/checks.ts";
import { createLoaders, PARTIAL_ROWS_MAX } from "../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { startTestService, type TestService, tempDir } from "./support.ts";

/** A URL check as the service stores it; `at` its creation time (many share one, as a bulk import does). */
function doc(i: number, at: string): CheckDef {
  return checkOf(
    {
      name: `svc-${i} ${i % 3 === 0 ? "payments" : "search"}`,
      activated: false,
      muted: false,
      frequency: 10,
      tags: [i % 2 ? "prod" : "staging"],
      locations: ["eu-west-1"],
      request: { method: "GET", url: `http://127.0.0.1:9/${i}` },
    },
    {
      id: `c-${String(i).padStart(6, "0")}-${crypto.randomUUID()}`,
      checkType: "URL",
      createdAt: at,
      updatedAt: at,
    },
  );
}

const T1 = "2026-11-01T00:00:00.000Z";
const T2 = "2026-11-02T00:00:00.000Z";

/** Every page of `size`, as the route reads them (list + count per page). */
function walk(db: DatabaseSync, filter: Parameters<typeof listChecks>[1], size: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += size) {
    const page = listChecks(db, filter, size, offset);
    totals.add(countChecks(db, filter));
    ids.push(...page.map((c) => c.id));
    if (page.length < size) break;
  }
  return { ids, totals: [...totals] };
}

describe("the checks list's pages (repo)", () => {
  let dir: string;
  let db: DatabaseSync;
  beforeAll(() => {
    dir = tempDir();
    db = openDatabase(join(dir, "vigil.db"));
    transaction(db, () => {
      // 700 share one creation time, 350 another: page ends inside a run of equal times
      for (let i = 0; i < 1050; i++) insertCheck(db, doc(i, i < 700 ? T1 : T2));
    });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const whole = (filter: Parameters<typeof listChecks>[1] = {}) => listChecks(db, filter).map((c) => c.id);

  it("a walk page by page reads what one read does, in its order, with one total", () => {
    for (const filter of [
      {},
      { search: "PAYMENTS" },
      { tags: ["prod"] },
      { checkType: "URL", tags: ["staging"] },
    ]) {
      for (const size of [100, 7]) {
        const w = walk(db, filter, size);
        expect(w.ids).toEqual(whole(filter));
        expect(w.totals).toEqual([whole(filter).length]);
      }
    }
    // asked again (the page ends remembered), and out of order
    expect(walk(db, {}, 100).ids).toEqual(whole());
    expect(listChecks(db, {}, 100, 300).map((c) => c.id)).toEqual(whole().slice(300, 400));
    expect(listChecks(db, {}, 100, 250).map((c) => c.id)).toEqual(whole().slice(250, 350));
  });

  it("a change through this connection drops what was remembered: the next walk sees it", () => {
    walk(db, {}, 100);
    const added = doc(5000, T1); // sorts inside the first run of equal times
    insertCheck(db, added);
    let w = walk(db, {}, 100);
    expect(w.ids).toEqual(whole());
    expect(w.ids).toContain(added.id);
    expect(w.totals).toEqual([1051]);

    walk(db, { search: "renamed" }, 100);
    updateCheck(db, { ...added, name: "renamed one" });
    expect(countChecks(db, { search: "renamed" })).toBe(1);

    expect(deleteCheck(db, added.id)).toBe(true);
    w = walk(db, {}, 100);
    expect(w.ids).not.toContain(added.id);
    expect(w.totals).toEqual([1050]);
    expect(countChecks(db, { search: "renamed" })).toBe(0);
  });

  it("a change committed by another connection drops it too", () => {
    walk(db, {}, 100);
    const other = new DatabaseSync(join(dir, "vigil.db"));
    try {
      const added = doc(6000, T1);
      other
        .prepare(
          `INSERT INTO checks (id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at)
           VALUES (?, ?, 'URL', 0, 0, 10, '[]', '[]', '{}', ?, ?)`,
        )
        .run(added.id, added.name, T1, T1);
      const w = walk(db, {}, 100);
      expect(w.ids).toEqual(whole());
      expect(w.totals).toEqual([1051]);
      other.prepare("DELETE FROM checks WHERE id = ?").run(added.id);
      expect(walk(db, {}, 100).totals).toEqual([1050]);
    } finally {
      other.close();
    }
  });

  it("the scheduler's read every tick is read again only when the checks changed", () => {
    const activated = () => whole().length - listChecks(db).filter((c) => c.activated === false).length;
    const first = scheduledChecks(db);
    expect(scheduledChecks(db)).toBe(first);
    const [one] = listChecks(db, {}, 1);
    if (!one) throw new Error("no check");
    updateCheck(db, { ...one, activated: !one.activated });
    const next = scheduledChecks(db);
    expect(next).not.toBe(first);
    expect(next.length).toBe(activated());
    updateCheck(db, one);
    const other = new DatabaseSync(join(dir, "vigil.db"));
    try {
      other.prepare("UPDATE checks SET activated = 1 - activated WHERE id = ?").run(one.id);
      expect(scheduledChecks(db).length).toBe(activated());
      other.prepare("UPDATE checks SET activated = 1 - activated WHERE id = ?").run(one.id);
      expect(scheduledChecks(db).length).toBe(activated());
    } finally {
      other.close();
    }
  });

  it("the statuses list's heads (by name) are read again only when the checks changed", () => {
    const first = checkHeads(db);
    expect(checkHeads(db)).toBe(first);
    expect(first.map((h) => h.name)).toEqual([...first.map((h) => h.name)].sort());
    const added = doc(8000, T2);
    insertCheck(db, added);
    const next = checkHeads(db);
    expect(next).not.toBe(first);
    expect(next.map((h) => h.id)).toContain(added.id);
    expect(deleteCheck(db, added.id)).toBe(true);
    expect(checkHeads(db).map((h) => h.id)).not.toContain(added.id);
  });

  it("inside a transaction nothing is remembered (a rollback would leave it wrong)", () => {
    walk(db, {}, 100);
    db.exec("BEGIN");
    insertCheck(db, doc(7000, T1));
    expect(walk(db, {}, 100).totals).toEqual([1051]);
    db.exec("ROLLBACK");
    const w = walk(db, {}, 100);
    expect(w.totals).toEqual([1050]);
    expect(w.ids).toEqual(whole());
  });
});

describe("the console's loader against the embedded service, 100,000 checks", () => {
  const N = 100_000;
  let svc: TestService;
  let order: string[];
  beforeAll(async () => {
    const dataDir = join(tempDir(), "data");
    mkdirSync(dataDir, { mode: 0o700 });
    const db = openDatabase(join(dataDir, "vigil.db"));
    transaction(db, () => {
      for (let i = 0; i < N; i++) insertCheck(db, doc(i, i < N / 2 ? T1 : T2));
    });
    order = listChecks(db).map((c) => c.id);
    db.close();
    svc = await startTestService({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await svc.dispose();
  });

  it("lists every check in the service's order, four wide pages at a time, within the stated quota", async () => {
    let inFlight = 0;
    let most = 0;
    let requests = 0;
    const client = createClient({
      baseUrl: svc.url,
      apiKey: svc.apiKey,
      onActivity: (e) => {
        if (e.kind === "start" && e.path === "/v1/checks") {
          requests++;
          most = Math.max(most, ++inFlight);
        } else if (e.kind === "end" && e.path === "/v1/checks") inFlight--;
      },
    });
    const store = createConsoleStore();
    const progress: { loaded: number; total: number | undefined; rows: number }[] = [];
    store.subscribe((s) => {
      const l = s.checks.loading;
      if (l && s.checks.loadedAt === undefined)
        progress.push({ loaded: l.loaded, total: l.total, rows: s.checks.items.length });
    });
    try {
      const started = performance.now();
      await createLoaders(client, store).checks();
      const tookMs = performance.now() - started;
      const got = store.getState().checks;
      expect(got.total).toBe(N);
      expect(got.items.length).toBe(N);
      expect(got.items.map((c) => c.id)).toEqual(order);
      // the hosted 100 first; its answer offered the wide pages: the rest 1,000 at a time
      expect(requests).toBe(1 + N / CHECKS_PAGE_MAX);
      expect(most).toBe(4);
      // the service's quota, not the hosted 600 a minute, held the requests: none waited for a slot
      expect(client.http.limiter.delayFor(routeFamily("GET", "/v1/checks"))).toBe(0);
      expect(client.http.limiter.inWindow(routeFamily("GET", "/v1/checks"))).toBe(requests);
      // progress: from the first page on, at most 4 times a second (not per page)
      expect(progress[0]?.loaded).toBe(100);
      expect(progress.at(-1)).toMatchObject({ loaded: N, total: N });
      // the rows read so far reach the panes only when they have doubled since last shown (a growing list
      // is not re-joined and re-sorted 4 times a second), and only while few; the whole list comes with
      // the end of the read
      let shown = 0;
      for (const p of progress) {
        expect(p.rows).toBeLessThanOrEqual(p.loaded);
        expect(p.rows).toBeLessThanOrEqual(PARTIAL_ROWS_MAX);
        if (p.rows !== shown) expect(p.rows).toBeGreaterThanOrEqual(2 * shown);
        shown = p.rows;
      }
      expect(progress.length).toBeLessThanOrEqual(Math.ceil(tookMs / 250) + 2);
    } finally {
      await client.close();
    }
  }, 180_000);

  it("states its quota on every answer", async () => {
    const r = await svc.call("GET", "/v1/checks?limit=1");
    expect(r.headers.get("ratelimit-policy")).toBe(RATE_LIMIT_POLICY);
    expect(r.headers.get("content-range")).toBe(`0-0/${N}`);
  });
});
