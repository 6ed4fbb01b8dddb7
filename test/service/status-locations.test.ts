/**
 * A check's status is decided per location (src/service/repo/run-queries.ts checkStatus): over real HTTP
 * on loopback and a real SQLite file, results stored by the run store as the engine and the agents store
 * them. A check failing in one location and passing in another stays failing while the two take turns —
 * in the full list, the single status and the deltas alike — until the failing location passes again; a
 * location taken off the check stops counting; a run that could not be made counts only when no location
 * has a real verdict; a location silent for more than a day before the newest result no longer counts. The
 * checks list's `status` filter agrees at every step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATUS_CURSOR_HEADER, STATUS_SINCE_HEADER } from "../../src/contract/schemas/check-statuses.ts";
import { decidingResult, type StatusLatest } from "../../src/service/repo/run-queries.ts";
import { createRunStore, type ResultRow } from "../../src/service/repo/runs.ts";
import {
  API_KEY,
  insertCheck,
  startTestService,
  type TempDb,
  type TestService,
  tempDb,
} from "./runs/support.ts";

let t: TempDb;
let svc: TestService;
let store: ReturnType<typeof createRunStore>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = tempDb();
  // written before the service's first read (this helper writes the table directly, past the checks' memo)
  for (const name of ["Two places", "Moved", "No agent", "Gone quiet", "Busy place"])
    ids[name] = twoLocations(name);
  svc = await startTestService(t);
  store = createRunStore(t.db);
});
afterAll(async () => {
  await svc.close();
  t.cleanup();
});

type Status = {
  checkId: string;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  cannotRun?: boolean;
  lastRunLocation: string;
  lastCheckRunId: string;
  updated_at: string;
};

const get = async (path: string) => {
  const res = await fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
  expect(res.status).toBe(200);
  return {
    cursor: res.headers.get(STATUS_CURSOR_HEADER) ?? "",
    since: res.headers.get(STATUS_SINCE_HEADER),
    body: (await res.json()) as unknown,
  };
};

/** The check's status three ways — alone, in the full list, in the delta since `cursor` — which must agree. */
async function statusOf(id: string, cursor?: string): Promise<{ status: Status; cursor: string }> {
  const one = (await get(`/v1/check-statuses/${id}`)).body as Status;
  const full = await get("/v1/check-statuses");
  const inList = (full.body as Status[]).find((s) => s.checkId === id);
  expect(inList).toEqual(one);
  if (cursor !== undefined) {
    const delta = await get(`/v1/check-statuses?changedSince=${encodeURIComponent(cursor)}`);
    expect(delta.since).toBe(cursor);
    expect((delta.body as Status[]).find((s) => s.checkId === id)).toEqual(one);
  }
  // the checks list's status filter says the same (repo/check-state.ts)
  if (!one.cannotRun) {
    const state = one.hasFailures || one.hasErrors ? "failing" : one.isDegraded ? "degraded" : "passing";
    const listed = (await get(`/v1/checks?status=${state}&limit=100`)).body as { id: string }[];
    expect(listed.map((c) => c.id)).toContain(id);
  }
  return { status: one, cursor: full.cursor };
}

let seq = 0;
let clock = Date.now() - 3_600_000;
function put(
  checkId: string,
  location: string,
  o: { failed?: boolean; cancelled?: boolean; at?: number } = {},
) {
  clock += 60_000;
  const at = o.at ?? clock;
  const r: ResultRow = {
    id: `res-${++seq}`,
    sessionId: null,
    checkId,
    checkType: "URL",
    name: checkId,
    runLocation: location,
    resultType: "FINAL",
    hasFailures: o.failed ?? false,
    hasErrors: o.failed ?? false,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: o.cancelled ?? false,
    responseTime: o.cancelled ? null : 100,
    statusCode: o.cancelled ? null : o.failed ? null : 200,
    attempts: 1,
    retries: 0,
    startedAt: at,
    stoppedAt: at + 100,
    errorMessage: o.cancelled
      ? `no agent of private location ${location} took the run`
      : o.failed
        ? "connect ECONNREFUSED 127.0.0.1:3128"
        : null,
    metrics: {},
    detail: null,
    pageIndex: null,
  };
  store.insertResult(r);
  return r.id;
}

const twoLocations = (name: string, privateLocations: string[] = ["office"]) =>
  insertCheck(t.db, {
    checkType: "URL",
    name,
    activated: false, // the scheduler leaves it alone: only the results written here count
    locations: ["eu-west-1"],
    doc: { request: { url: "http://127.0.0.1:9/" }, privateLocations },
  });

describe("a check's status over its locations", () => {
  it("failing in one location and passing in the other: failing at every turn, deltas included, until it recovers", async () => {
    const id = ids["Two places"] as string;
    let cursor = (await get("/v1/check-statuses")).cursor;
    for (let turn = 0; turn < 4; turn++) {
      const failed = put(id, "office", { failed: true });
      let s = await statusOf(id, cursor);
      expect(s.status).toMatchObject({
        hasFailures: true,
        lastRunLocation: "office",
        lastCheckRunId: failed,
      });
      put(id, "eu-west-1");
      s = await statusOf(id, s.cursor);
      // the pass in eu-west-1 is the newest result, the failure in office still decides
      expect(s.status).toMatchObject({
        hasFailures: true,
        lastRunLocation: "office",
        lastCheckRunId: failed,
      });
      cursor = s.cursor;
    }
    const back = put(id, "office");
    const s = await statusOf(id, cursor);
    expect(s.status).toMatchObject({
      hasFailures: false,
      hasErrors: false,
      lastRunLocation: "office",
      lastCheckRunId: back,
    });
  });

  it("a location taken off the check stops counting; with none of its locations run yet, its newest result stands", async () => {
    const id = ids.Moved as string;
    put(id, "office", { failed: true });
    const pass = put(id, "eu-west-1");
    expect((await statusOf(id)).status.hasFailures).toBe(true);
    const res = await fetch(`${svc.url}/v1/checks/${id}`, {
      method: "PUT",
      headers: svc.headers,
      body: JSON.stringify({ privateLocations: [] }),
    });
    expect(res.status).toBe(200);
    expect((await statusOf(id)).status).toMatchObject({ hasFailures: false, lastCheckRunId: pass });
    // moved to a location that has not run it yet: the newest result is all there is
    const moved = await fetch(`${svc.url}/v1/checks/${id}`, {
      method: "PUT",
      headers: svc.headers,
      body: JSON.stringify({ locations: ["us-east-1"] }),
    });
    expect(moved.status).toBe(200);
    expect((await statusOf(id)).status).toMatchObject({ lastCheckRunId: pass });
  });

  it("cannot run counts only while no location has a verdict", async () => {
    const id = ids["No agent"] as string;
    const cancelled = put(id, "office", { cancelled: true });
    expect((await statusOf(id)).status).toMatchObject({ cannotRun: true, lastCheckRunId: cancelled });
    const pass = put(id, "eu-west-1");
    put(id, "office", { cancelled: true });
    let s = (await statusOf(id)).status;
    expect(s).toMatchObject({ hasFailures: false, lastCheckRunId: pass });
    expect(s.cannotRun).toBeUndefined();
    const fail = put(id, "eu-west-1", { failed: true });
    put(id, "office", { cancelled: true });
    s = (await statusOf(id)).status;
    expect(s).toMatchObject({ hasFailures: true, lastCheckRunId: fail });
  });

  it("a location silent for more than a day before the newest result no longer counts", async () => {
    const id = ids["Gone quiet"] as string;
    const base = Date.now() - 3 * 86_400_000;
    put(id, "office", { failed: true, at: base });
    const pass = put(id, "eu-west-1", { at: base + 86_400_000 + 1 });
    expect((await statusOf(id)).status).toMatchObject({ hasFailures: false, lastCheckRunId: pass });
  });

  it("more results than the newest few: a location found further back still counts", async () => {
    const id = ids["Busy place"] as string;
    const fail = put(id, "office", { failed: true });
    for (let i = 0; i < 20; i++) put(id, "eu-west-1");
    expect((await statusOf(id)).status).toMatchObject({ hasFailures: true, lastCheckRunId: fail });
  });
});

describe("decidingResult", () => {
  const r = (id: string, at: number, o: Partial<StatusLatest> = {}): StatusLatest => ({
    id,
    runLocation: id,
    hasFailures: false,
    hasErrors: false,
    isDegraded: false,
    isCancelled: false,
    errorMessage: null,
    startedAt: at,
    stoppedAt: at,
    ...o,
  });
  it("worst wins, the newest among the worst; cannot run only without a verdict", () => {
    expect(decidingResult([])).toBeUndefined();
    expect(decidingResult([r("a", 1, { hasErrors: true }), r("b", 2)])?.id).toBe("a");
    expect(decidingResult([r("a", 1, { isDegraded: true }), r("b", 2, { hasFailures: true })])?.id).toBe("b");
    expect(decidingResult([r("a", 1, { isDegraded: true }), r("b", 2)])?.id).toBe("a");
    expect(decidingResult([r("a", 1), r("b", 2)])?.id).toBe("b");
    expect(decidingResult([r("a", 3, { isCancelled: true }), r("b", 2)])?.id).toBe("b");
    expect(decidingResult([r("a", 3, { isCancelled: true }), r("b", 4, { isCancelled: true })])?.id).toBe(
      "b",
    );
  });
});
