/**
 * The engine's stop: running sessions get the grace to finish; what is still running then ends CANCELLED
 * with its runs kept as cancelled (not failures: no alert, the check does not turn failing); no session
 * starts while stopping.
 */
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Engine, RunFinished } from "../../../src/service/engine/engine.ts";
import { SERVICE_STOPPED } from "../../../src/service/engine/execute.ts";
import { httpTarget, insertCheck, type TempDb, tempDb, testEngine } from "./support.ts";

let target: { url: string; close(): Promise<void> };
const held: ServerResponse[] = [];
beforeAll(async () => {
  target = await httpTarget((req, res) => {
    if (req.url === "/quick") setTimeout(() => res.end("ok"), 300);
    else held.push(res); // /never: answers only when the test ends
  });
});
afterAll(async () => {
  for (const r of held) r.destroy();
  await target.close();
});

let t: TempDb;
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  t.cleanup();
});

const urlCheck = (path: string) => ({
  checkType: "URL",
  doc: { request: { url: `${target.url}${path}` }, maxResponseTime: 20_000 },
});

describe("engine stop", () => {
  it("lets a run finish within the grace and cancels one that outlasts it", async () => {
    t = tempDb();
    const quick = insertCheck(t.db, urlCheck("/quick"));
    const never = insertCheck(t.db, urlCheck("/never"));
    engine = testEngine(t.db);
    const events: RunFinished[] = [];
    engine.onRunFinished((e) => events.push(e));
    const [q, n] = engine.trigger([quick, never], "TRIGGER_API");
    const started = Date.now();
    const stopped = engine.stop(1500);
    expect(engine.stopping).toBe(true);
    expect(engine.trigger([quick], "TRIGGER_API")).toEqual([]); // nothing new starts while stopping
    await stopped;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    expect(engine.getSession(q!.id)?.status).toBe("PASSED");
    expect(engine.getSession(n!.id)?.status).toBe("CANCELLED");
    const [cut] = engine.sessionResults(n!.id);
    expect(cut).toMatchObject({
      resultType: "FINAL",
      aborted: true,
      isCancelled: true,
      hasFailures: false,
      hasErrors: false,
      errorMessage: SERVICE_STOPPED,
    });
    // the listeners (alerting) hear both; the cancelled one is marked so (evaluate.ts skips it)
    expect(events.map((e) => e.session.status).sort()).toEqual(["CANCELLED", "PASSED"]);
  });

  it("without a grace, stops at once and cancels what runs", async () => {
    t = tempDb();
    const never = insertCheck(t.db, urlCheck("/never"));
    engine = testEngine(t.db);
    const [n] = engine.trigger([never], "TRIGGER_API");
    const started = Date.now();
    await engine.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(engine.getSession(n!.id)?.status).toBe("CANCELLED");
  });
});
