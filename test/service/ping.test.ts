/**
 * The heartbeat ping endpoint over real HTTP on loopback (issue 25, item 6): every ping to a known token is
 * applied — a ping right after a FAILING event recovers the check and is listed; a flood leaves the
 * database bounded (pings folded into one event a second, the rest refused with 429 + Retry-After) and the
 * check passing; a ping that had no effect is never answered 200.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/service/db/migrations/index.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { PING_BURST, PING_RATE_PER_SECOND } from "../../src/service/engine/heartbeats.ts";
import { heartbeatEvents, pingCountOf } from "../../src/service/repo/heartbeat-events.ts";
import { insertCheck, startTestService, type TempDb, type TestService, tempDb } from "./runs/support.ts";

const MIN = 60_000;
const hbDoc = (token: string) => ({
  heartbeat: { period: 1, periodUnit: "minutes", grace: 1, graceUnit: "minutes", pingToken: token },
});

type Event = { id: string; state: string; timestamp: string; pingCount: number };

async function events(svc: TestService, checkId: string): Promise<Event[]> {
  const res = await fetch(`${svc.url}/v1/checks/heartbeats/${checkId}/events`, { headers: svc.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: Event[] }[])[0]!.events;
}

async function failing(svc: TestService, checkId: string): Promise<boolean> {
  const res = await fetch(`${svc.url}/v1/check-statuses/${checkId}`, { headers: svc.headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hasFailures: boolean }).hasFailures;
}

const ping = (svc: TestService, token: string, method = "GET") =>
  fetch(`${svc.url}/ping/${token}`, { method, headers: { "user-agent": "curl/8.5.0" } });

describe("pings on a service clock the test moves", () => {
  let t: TempDb;
  let svc: TestService;
  // the service's clock: in the past of the real one, so the events route's default window (the last
  // 24 h up to now) lists what it records
  let clock = Date.now() - 30 * MIN;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = tempDb();
    ids.job = insertCheck(t.db, { checkType: "HEARTBEAT", name: "Nightly job", doc: hbDoc("tok-job") });
    ids.burst = insertCheck(t.db, { checkType: "HEARTBEAT", name: "Burst", doc: hbDoc("tok-burst") });
    ids.off = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      name: "Off",
      activated: false,
      doc: hbDoc("tok-off"),
    });
    svc = await startTestService(t, { now: () => clock });
  });
  afterAll(async () => {
    await svc.close();
    t.cleanup();
  });

  it("a ping 1 s after a FAILING event is stored, listed, and recovers the check", async () => {
    expect((await ping(svc, "tok-job")).status).toBe(200);
    const firstAt = clock;
    clock += 2 * MIN + 1; // period 1 min + grace 1 min passed without a ping
    svc.engine.heartbeatTick();
    expect((await events(svc, ids.job!)).map((e) => e.state)).toEqual(["FAILING", "RECEIVED"]);
    expect(await failing(svc, ids.job!)).toBe(true);

    clock += 1000;
    const res = await ping(svc, "tok-job", "POST");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    const listed = await events(svc, ids.job!);
    // the recovery ping ends an overdue period: LATE (never EARLY against the FAILING event)
    expect(listed.map((e) => e.state)).toEqual(["LATE", "FAILING", "RECEIVED"]);
    expect(listed.map((e) => e.pingCount)).toEqual([1, 0, 1]);
    expect(Date.parse(listed[0]!.timestamp)).toBe(firstAt + 2 * MIN + 1 + 1000);
    expect(await failing(svc, ids.job!)).toBe(false);

    // the timer restarted at that ping: not overdue again until period + grace after it
    clock += 2 * MIN;
    svc.engine.heartbeatTick();
    expect((await events(svc, ids.job!))[0]!.state).toBe("LATE");
    clock += 1;
    svc.engine.heartbeatTick();
    expect((await events(svc, ids.job!))[0]!.state).toBe("FAILING");
  });

  it("two pings seconds apart are two events; pings within a second are one event with a count", async () => {
    clock += 10 * MIN;
    expect((await ping(svc, "tok-job")).status).toBe(200); // recovers (LATE)
    clock += 3000;
    expect((await ping(svc, "tok-job")).status).toBe(200);
    clock += 400;
    expect((await ping(svc, "tok-job")).status).toBe(200);
    clock += 400;
    expect((await ping(svc, "tok-job")).status).toBe(200);
    const listed = await events(svc, ids.job!);
    expect(listed.slice(0, 2).map((e) => [e.state, e.pingCount])).toEqual([
      ["EARLY", 3],
      ["LATE", 1],
    ]);
  });

  it(`beyond ${PING_BURST} pings at once (${PING_RATE_PER_SECOND}/s after) answers 429 with Retry-After`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PING_BURST; i++) statuses.push((await ping(svc, "tok-burst")).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await ping(svc, "tok-burst");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    const body = (await refused.json()) as { statusCode: number; message: string };
    expect(body.statusCode).toBe(429);
    expect(body.message).toMatch(/not recorded/);
    // the other check's token is not limited by this one's flood
    expect((await ping(svc, "tok-job")).status).toBe(200);
    // once the bucket refilled a little, the next ping is applied again
    clock += Math.ceil(1000 / PING_RATE_PER_SECOND);
    expect((await ping(svc, "tok-burst")).status).toBe(200);
    const listed = await events(svc, ids.burst!);
    // every answered 200 counted, the refused one not
    expect(listed.reduce((n, e) => n + e.pingCount, 0)).toBe(PING_BURST + 1);
  });

  it("a deactivated check's ping is not answered 200; bots and wrong methods as before", async () => {
    const off = await ping(svc, "tok-off");
    expect(off.status).toBe(409);
    expect(((await off.json()) as { message: string }).message).toMatch(/deactivated/);
    expect(await events(svc, ids.off!)).toEqual([]);
    const bot = await fetch(`${svc.url}/ping/tok-job`, { headers: { "user-agent": "Slackbot 1.0" } });
    expect(bot.status).toBe(200);
    expect((await fetch(`${svc.url}/ping/tok-job`, { method: "PUT" })).status).toBe(405);
    expect((await ping(svc, "no-such-token")).status).toBe(404);
  });
});

describe("a flood of 1,000 pings on the real clock", () => {
  let t: TempDb;
  let svc: TestService;
  let id: string;

  beforeAll(async () => {
    t = tempDb();
    id = insertCheck(t.db, { checkType: "HEARTBEAT", name: "Flooded", doc: hbDoc("tok-flood") });
    svc = await startTestService(t);
  });
  afterAll(async () => {
    await svc.close();
    t.cleanup();
  });

  it("leaves the database bounded and the check passing; every 200 is counted, the rest are 429", async () => {
    const started = Date.now();
    const answers: { status: number; retryAfter: string | null }[] = [];
    let next = 0;
    // 50 requests in flight at a time, as fast as the loopback takes them
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 1000) {
          next++;
          const res = await ping(svc, "tok-flood");
          await res.arrayBuffer();
          answers.push({ status: res.status, retryAfter: res.headers.get("retry-after") });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(answers).toHaveLength(1000);
    const ok = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429);
    expect(ok + limited.length).toBe(1000);
    expect(ok).toBeGreaterThanOrEqual(PING_BURST);
    expect(ok).toBeLessThanOrEqual(PING_BURST + Math.ceil(seconds * PING_RATE_PER_SECOND) + 1);
    expect(limited.every((a) => Number(a.retryAfter) >= 1)).toBe(true);

    const rows = (sql: string) => (svc.db.prepare(sql).get(id) as { n: number }).n;
    const eventRows = rows("SELECT COUNT(*) AS n FROM heartbeat_events WHERE check_id = ?");
    const sessionRows = rows("SELECT COUNT(*) AS n FROM check_sessions WHERE check_id = ?");
    const resultRows = rows("SELECT COUNT(*) AS n FROM check_results WHERE check_id = ?");
    // at most one event (and one session and result) per second of flood
    expect(eventRows).toBeGreaterThanOrEqual(1);
    expect(eventRows).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(sessionRows).toBe(eventRows);
    expect(resultRows).toBe(eventRows);
    // every ping answered 200 is in an event's count
    expect(rows("SELECT SUM(1 + extra_pings) AS n FROM heartbeat_events WHERE check_id = ?")).toBe(ok);
    expect(await failing(svc, id)).toBe(false);
  });
});

describe("migration 7 (coalesced pings)", () => {
  it("keeps the events stored before it as they were: one ping each, none for FAILING", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-mig7-"));
    try {
      const file = join(dir, "vigil.db");
      const old = openDatabase(
        file,
        MIGRATIONS.filter((m) => m.version < 7),
      );
      const insert = old.prepare(
        "INSERT INTO heartbeat_events (id, check_id, state, ts, source, user_agent, is_ping) VALUES (?, 'c', ?, ?, 's', 'ua', ?)",
      );
      insert.run("e1", "RECEIVED", 1000, 1);
      insert.run("e2", "FAILING", 2000, 0);
      old.close();
      const db = openDatabase(file);
      const rows = heartbeatEvents(db, "c", 0, 10_000, 10);
      expect(rows.map((r) => [r.id, r.state, r.ts, r.source, r.user_agent, pingCountOf(r)])).toEqual([
        ["e2", "FAILING", 2000, "s", "ua", 0],
        ["e1", "RECEIVED", 1000, "s", "ua", 1],
      ]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
