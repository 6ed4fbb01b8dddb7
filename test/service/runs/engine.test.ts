import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Engine, RunFinished } from "../../../src/service/engine/engine.ts";
import { forgetChromium } from "../../../src/service/runners/browser/chromium.ts";
import { until } from "../../support/until.ts";
import { httpTarget, insertCheck, runOne, type TempDb, tempDb, testEngine } from "./support.ts";

let target: { url: string; close(): Promise<void> };
let flaky = 0;
beforeAll(async () => {
  target = await httpTarget((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/slow") setTimeout(() => res.end("ok"), 120);
    else if (path === "/boom") {
      res.statusCode = 503;
      res.end();
    } else if (path === "/flaky") {
      flaky++;
      res.statusCode = flaky % 3 === 0 ? 200 : 500; // fails twice, then passes
      res.end();
    } else res.end("ok");
  });
});
afterAll(() => target.close());

let t: TempDb;
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  t.cleanup();
});

const url = (path: string, extra: Record<string, unknown> = {}) => ({
  checkType: "URL",
  doc: { request: { url: `${target.url}${path}` }, ...extra },
});

describe("engine", () => {
  it("runs a triggered session to PASSED with one FINAL result and emits run-finished", async () => {
    t = tempDb();
    const id = insertCheck(t.db, { ...url("/ok"), locations: ["eu-west-1", "us-east-1"] });
    engine = testEngine(t.db);
    const events: RunFinished[] = [];
    engine.onRunFinished((e) => events.push(e));
    const [s] = engine.trigger([id], "TRIGGER_API");
    expect(s?.status).toBe("STARTED");
    expect(s?.stoppedAt).toBeNull();
    const done = await engine.waitForSession(s!.id, 5000);
    expect(done?.status).toBe("PASSED");
    expect(done?.stoppedAt).toBeGreaterThanOrEqual(done!.startedAt);
    const results = engine.sessionResults(s!.id);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ resultType: "FINAL", attempts: 1, retries: 0, statusCode: 200 });
    expect(events).toHaveLength(1);
    expect(events[0]?.result.id).toBe(results[0]?.id);
    expect(events[0]?.session.status).toBe("PASSED");
  });

  it("rotates locations without runParallel and runs every location with it", async () => {
    t = tempDb();
    const rotating = insertCheck(t.db, { ...url("/ok"), locations: ["eu-west-1", "us-east-1"] });
    const parallel = insertCheck(t.db, {
      ...url("/ok", { runParallel: true }),
      locations: ["eu-west-1", "us-east-1", "ap-south-1"],
    });
    engine = testEngine(t.db);
    const a = await runOne(engine, rotating);
    const b = await runOne(engine, rotating);
    expect(a.session.runLocations).toHaveLength(1);
    expect(new Set([...a.session.runLocations, ...b.session.runLocations])).toEqual(
      new Set(["eu-west-1", "us-east-1"]),
    );
    const p = await runOne(engine, parallel);
    expect(p.results.map((r) => r.runLocation).sort()).toEqual(["ap-south-1", "eu-west-1", "us-east-1"]);
  });

  it("marks DEGRADED above degradedResponseTime and FAILED above maxResponseTime", async () => {
    t = tempDb();
    const degraded = insertCheck(t.db, url("/slow", { degradedResponseTime: 50, maxResponseTime: 5000 }));
    const failed = insertCheck(t.db, url("/slow", { degradedResponseTime: 20, maxResponseTime: 60 }));
    engine = testEngine(t.db);
    const d = await runOne(engine, degraded);
    expect(d.session.status).toBe("DEGRADED");
    expect(d.results[0]).toMatchObject({ isDegraded: true, hasFailures: false });
    const f = await runOne(engine, failed);
    expect(f.session.status).toBe("FAILED");
    expect(f.results[0]).toMatchObject({ hasFailures: true, overMaxResponseTime: true, isDegraded: false });
  });

  it("inverts the verdict with shouldFail", async () => {
    t = tempDb();
    const id = insertCheck(t.db, url("/boom", { shouldFail: true }));
    engine = testEngine(t.db);
    const r = await runOne(engine, id);
    expect(r.session.status).toBe("PASSED");
  });

  it("retries per the retry strategy: ATTEMPT results then a FINAL one", async () => {
    t = tempDb();
    flaky = 0;
    const id = insertCheck(
      t.db,
      url("/flaky", {
        retryStrategy: { type: "LINEAR", baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600 },
      }),
    );
    engine = testEngine(t.db, { backoffUnitMs: 1 });
    const r = await runOne(engine, id);
    expect(r.session.status).toBe("PASSED");
    expect(r.results.map((x) => x.resultType)).toEqual(["ATTEMPT", "ATTEMPT", "FINAL"]);
    expect(r.results[2]).toMatchObject({ attempts: 3, retries: 2, hasFailures: false });

    const always = insertCheck(
      t.db,
      url("/boom", {
        retryStrategy: { type: "FIXED", baseBackoffSeconds: 1, maxRetries: 2, maxDurationSeconds: 600 },
      }),
    );
    const f = await runOne(engine, always);
    expect(f.session.status).toBe("FAILED");
    expect(f.results.map((x) => x.resultType)).toEqual(["ATTEMPT", "ATTEMPT", "FINAL"]);
    expect(f.results[2]?.retries).toBe(2);
  });

  it("stops retrying when maxDurationSeconds would be exceeded", async () => {
    t = tempDb();
    const id = insertCheck(
      t.db,
      url("/boom", {
        retryStrategy: { type: "FIXED", baseBackoffSeconds: 60, maxRetries: 5, maxDurationSeconds: 30 },
      }),
    );
    engine = testEngine(t.db, { backoffUnitMs: 1000 });
    const r = await runOne(engine, id);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]?.resultType).toBe("FINAL");
  });

  it("a browser check that cannot run here: a cancelled run saying why, not a failure", async () => {
    t = tempDb();
    const id = insertCheck(t.db, {
      checkType: "BROWSER",
      doc: { script: "await page.goto('http://127.0.0.1:1')" },
    });
    engine = testEngine(t.db);
    const saved = process.env.VIGIL_CHROMIUM;
    process.env.VIGIL_CHROMIUM = "/nonexistent/chromium";
    forgetChromium();
    try {
      const r = await runOne(engine, id);
      expect(r.session.status).toBe("CANCELLED");
      expect(r.results[0]).toMatchObject({ isCancelled: true, hasFailures: false, hasErrors: false });
      expect(r.results[0]?.errorMessage).toBe(
        "cannot run here: VIGIL_CHROMIUM=/nonexistent/chromium is not an executable file",
      );
    } finally {
      if (saved === undefined) delete process.env.VIGIL_CHROMIUM;
      else process.env.VIGIL_CHROMIUM = saved;
      forgetChromium();
    }
  });

  it("skips heartbeat and unknown ids, and keeps sessions after a restart", async () => {
    t = tempDb();
    const id = insertCheck(t.db, url("/ok"));
    const hb = insertCheck(t.db, {
      checkType: "HEARTBEAT",
      doc: { heartbeat: { period: 1, periodUnit: "hours" } },
    });
    engine = testEngine(t.db);
    const sessions = engine.trigger([id, hb, "00000000-0000-4000-8000-000000000000"], "TRIGGER_API");
    expect(sessions.map((s) => s.checkId)).toEqual([id]);
    await engine.idle();
    await engine.stop();
    const again = testEngine(t.db);
    expect(again.getSession(sessions[0]!.id)?.status).toBe("PASSED");
    expect(again.sessionResults(sessions[0]!.id)).toHaveLength(1);
    engine = again;
  });

  it("closes sessions a previous process left running", async () => {
    t = tempDb();
    const id = insertCheck(t.db, url("/slow"));
    const first = testEngine(t.db);
    const [s] = first.trigger([id], "TRIGGER_API");
    // simulate a crash: a fresh engine on the same file before the first finished
    engine = testEngine(t.db);
    expect(engine.getSession(s!.id)?.status).toBe("TIMED_OUT");
    await first.stop();
  });

  it("times a session out at its deadline", async () => {
    t = tempDb();
    const id = insertCheck(t.db, url("/slow"));
    engine = testEngine(t.db, { sessionTimeoutMs: 30 });
    const r = await runOne(engine, id);
    expect(r.session.status).toBe("TIMED_OUT");
    expect(r.results[0]?.aborted).toBe(true);
  });
});

describe("scheduler", () => {
  /**
   * A clock the test moves, and a wait for the scheduler to have ticked on it as it is now: a tick reads the
   * clock first and runs through synchronously, and nothing else reads it while no run is going.
   */
  function testClock() {
    const c = {
      now: Date.parse("2026-01-01T00:00:00Z"),
      reads: 0,
      read: () => {
        c.reads++;
        return c.now;
      },
      async ticked(e: Engine) {
        const before = c.reads;
        await until("a scheduler tick", 5000, () => c.reads > before, 5);
        await e.idle();
      },
    };
    return c;
  }

  it("runs activated checks at their frequency and skips deactivated ones", async () => {
    t = tempDb();
    const clock = testClock();
    // a fixed id: its start jitter is deterministic (and not 0)
    const due = insertCheck(t.db, {
      ...url("/ok"),
      frequency: 1,
      id: "11111111-1111-4111-8111-111111111111",
    });
    insertCheck(t.db, { ...url("/ok"), frequency: 1, activated: false });
    engine = testEngine(t.db, { now: clock.read, scheduler: true, schedulerTickMs: 10 });
    const count = () =>
      (
        t.db.prepare("SELECT COUNT(*) AS n FROM check_sessions WHERE run_source = 'SCHEDULER'").get() as {
          n: number;
        }
      ).n;
    engine.start();
    await clock.ticked(engine);
    expect(count()).toBe(0);
    // first run within the ≤ 10 s jitter
    clock.now += 10_000;
    await until("the first scheduled run", 5000, () => count() === 1, 5);
    await engine.idle();
    // not due again before a minute has passed
    clock.now += 20_000;
    await clock.ticked(engine);
    expect(count()).toBe(1);
    clock.now += 45_000;
    await until("the second scheduled run", 5000, () => count() === 2, 5);
    await engine.idle();
    await clock.ticked(engine);
    expect(count()).toBe(2);
    const ids = t.db.prepare("SELECT DISTINCT check_id FROM check_sessions").all() as { check_id: string }[];
    expect(ids.map((r) => r.check_id)).toEqual([due]);
  });

  it("runs frequency 0 checks every frequencyOffset seconds", async () => {
    t = tempDb();
    const clock = testClock();
    const id = insertCheck(t.db, {
      ...url("/ok", { frequencyOffset: 20 }),
      frequency: 0,
      id: "22222222-2222-4222-8222-222222222222",
    });
    engine = testEngine(t.db, { now: clock.read, scheduler: true, schedulerTickMs: 10 });
    const count = () =>
      (t.db.prepare("SELECT COUNT(*) AS n FROM check_sessions WHERE check_id = ?").get(id) as { n: number })
        .n;
    engine.start();
    await clock.ticked(engine);
    for (let i = 1; i <= 3; i++) {
      clock.now += 20_000;
      await until(`run ${i}`, 5000, () => count() === i, 5);
      await engine.idle();
    }
    await clock.ticked(engine);
    expect(count()).toBe(3);
  });
});
