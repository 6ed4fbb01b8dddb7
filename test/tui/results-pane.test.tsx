/**
 * The results drill-down in the console, against the real embedded service and its real runs: from a
 * check's detail `r` opens its results (newest first, FINAL and ATTEMPT), Enter one result (request with
 * secrets masked, response, assertions with what was received, the timing waterfall), `e` expands the
 * body, Esc walks back to the check; `r` stays refresh on the other panes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { sessionsStarted, sessionUpdated } from "../../src/store/data/sessions.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner } from "../../src/store/sync/plan.ts";
import { createPoller, type Poller } from "../../src/store/sync/poller.ts";
import { initialUi, setCursor, setPane } from "../../src/store/view/ui.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";
import { type FailingChecks, failingChecks } from "../support/failing-checks.ts";
import { until } from "../support/until.ts";
import { renderConsole } from "./support/console.tsx";

let fx: FailingChecks;
beforeAll(async () => {
  fx = await failingChecks();
  await fx.run(fx.apiId, 2);
  await fx.run(fx.urlId, 1);
}, 30_000);
afterAll(async () => {
  await fx?.close();
});

let open: { close(): Promise<void> } | undefined;
let poller: Poller | undefined;
afterEach(async () => {
  poller?.stop();
  await open?.close();
  open = undefined;
});

/** The console on a store fed by a real poller against the service, on the checks list. */
async function consoleOnService(): Promise<{ store: ConsoleStore; c: ReturnType<typeof renderConsole> }> {
  const client = createClient({ baseUrl: fx.svc.url, apiKey: fx.svc.apiKey });
  const store = createConsoleStore({ ui: initialUi("checks") });
  poller = createPoller(store, createPlanner(createLoaders(client, store), paneJobs), { tickMs: 20 });
  poller.start();
  const c = renderConsole(store, { columns: 120, rows: 40 });
  open = {
    async close() {
      await c.close();
      await client.close();
    },
  };
  await until("the checks", 8000, () => c.frame().includes("Maintenance API"));
  return { store, c };
}

function putCursorOn(store: ConsoleStore, name: string): void {
  const s = store.getState();
  const c = s.checks.items.find((x) => x.name === name)!;
  const row = s.checks.items.indexOf(c);
  apply(store, setCursor(s, "checks", row, c.id));
}

describe("results drill-down", () => {
  it("r on a check's detail lists its results; Enter opens one: assertions, masked request, waterfall", async () => {
    const { store, c } = await consoleOnService();
    putCursorOn(store, "Maintenance API");
    await c.press("\r");
    await until("the detail", 8000, () => c.frame().includes("Alert subscriptions"));
    await c.press("r");
    await until("the results", 8000, () => /2 results/.test(c.frame()));
    let f = c.frame();
    expect(f.split("\n")[0]).toContain("Results › Maintenance API");
    expect(f).toMatch(/STARTED\s+AGO\s+LOCATION\s+RESP\s+TRIES\s+KIND\s+REASON/);
    expect(f).toMatch(/› ✖ \d\d:\d\d:\d\d .*eu-west-1 .* 1 FINAL +status code equals 200, received 503/);
    await c.press("\r");
    await until("the result", 8000, () => c.frame().includes("503 Service Unavailable"));
    f = c.frame();
    expect(f).toContain("status       ✖ failed");
    expect(f).toContain("kind         FINAL (the run's verdict)");
    // secrets in the request: URL password and token, the Authorization header
    expect(f).toMatch(/GET http:\/\/user:\*\*\*\*@127\.0\.0\.1:\d+\/status\?token=\*\*\*\*/);
    expect(f).toContain("authorization: Bearer ...cdef");
    expect(f).not.toContain("hunter2");
    expect(f).not.toContain("sk_live");
    expect(f).toContain("status       503 Service Unavailable");
    expect(f).toContain("set-cookie: ...cret");
    expect(f).toContain("body         JSON, 66 lines");
    // scroll to the assertions and the waterfall
    await c.press("G");
    f = c.frame();
    expect(f).toMatch(/… \d+ more lines \(e expands\)/);
    expect(f).toContain("Assertions (3, 2 failed)");
    expect(f).toContain("✖ status code equals 200 — received 503");
    expect(f).toContain("✖ JSON body $.ok equals true — received false");
    expect(f).toMatch(/✔ response time less than 5000 — received [\d.]+/);
    expect(f).toMatch(/socket wait +█* +\d+ ms/);
    expect(f).toMatch(/first byte +[ █]+ +\d+ ms/);
    expect(f).toMatch(/total +─+ +\d+ ms/);
    expect(f).toContain("above 1.50 s");
    // e expands the body: the "more lines" note is gone and the last item is there
    await c.press("g");
    await c.press("e");
    await until("the expanded body", 8000, () => !c.frame().includes("more lines"));
    await c.press("G");
    expect(c.frame()).toContain('"id": 19');
    // s: an API result has no screenshot, and says so
    await c.press("s");
    await until("the screenshot notice", 8000, () => c.frame().includes("this result has no screenshot"));
    // Esc: back to the list, then to the check's detail
    await c.press("\u001b");
    await until("the list", 8000, () => /2 results/.test(c.frame()));
    await c.press("\u001b");
    await until("the detail again", 8000, () => c.frame().includes("Alert subscriptions"));
    expect(store.getState().ui.pane).toBe("checks");
  });

  it("a retried run's ATTEMPT and FINAL are both listed, the FINAL one first, with its tries", async () => {
    const { store, c } = await consoleOnService();
    putCursorOn(store, "Closed port");
    await c.press("\r");
    await c.press("r");
    await until("the results", 8000, () => /2 results/.test(c.frame()));
    const rows = c
      .frame()
      .split("\n")
      .filter((l) => /FINAL|ATTEMPT/.test(l) && !/KIND/.test(l));
    expect(rows[0]).toMatch(/✖ .* 2 FINAL +connect ECONNREFUSED 127\.0\.0\.1:9/);
    expect(rows[1]).toMatch(/✖ .* 1 ATTEMPT +connect ECONNREFUSED 127\.0\.0\.1:9/);
    await c.press("\r");
    await until("the result", 8000, () => c.frame().includes("no response  connect ECONNREFUSED"));
    expect(c.frame()).toContain("attempts     2 (1 retry)");
    expect(c.frame()).toContain("error code   ECONNREFUSED");
  });

  it("a heartbeat's results are pings: RESP is — on every row, never the 0 ms the service records", async () => {
    const hb = await fx.svc.call("POST", "/v1/checks/heartbeat", {
      name: "Cron pinger",
      activated: true,
      heartbeat: { period: 1, periodUnit: "hours", grace: 5, graceUnit: "minutes" },
    });
    expect(hb.status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await fetch(hb.body.heartbeat.pingUrl)).status).toBe(200);
    const { store, c } = await consoleOnService();
    await until("the heartbeat listed", 8000, () => c.frame().includes("Cron pinger"));
    putCursorOn(store, "Cron pinger");
    await c.press("\r");
    await c.press("r");
    await until(
      "its results",
      8000,
      () => /Results › Cron pinger/.test(c.frame()) && /FINAL/.test(c.frame()),
    );
    const rows = c
      .frame()
      .split("\n")
      .filter((l) => /FINAL/.test(l) && !/KIND/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).not.toMatch(/\b0 ms\b/);
      expect(row).toMatch(/ — +1 FINAL/);
    }
  });

  it("the keys are in ? help and r stays refresh outside a check's detail", async () => {
    const { c } = await consoleOnService();
    await c.press("?");
    expect(c.frame()).toContain("r/Enter");
    expect(c.frame()).toContain("in the detail: the check's results");
    await c.press("\u001b");
    await c.press("r");
    expect(c.frame()).toContain("refreshing");
  });
});

describe("the check detail's history", () => {
  it("since when it fails, its state changes, the alert raised and the channel told", async () => {
    const { store, c } = await consoleOnService();
    putCursorOn(store, "Maintenance API");
    await c.press("\r");
    await until(
      "the results, the alert and its delivery",
      8000,
      () => /✔ sent/.test(c.frame()) && /Recent results \(2/.test(c.frame()),
      10_000,
    );
    const f = c.frame();
    // the check was created moments before its first run, the service gave both its results (a short page)
    // and it is younger than a day: they are its whole history, so the start is known — its first run
    expect(f).toMatch(/State {2}failing for \d+ s \(since \d\d:\d\d\)/);
    expect(f).toMatch(/ {2}failing since its first run at \d\d:\d\d \(no change in the 2 results held\)/);
    expect(f).toContain("Alerts (1)");
    expect(f).toMatch(
      / {2}\d\d:\d\d {2}failure {2}eu-west-1 {2}→ webhook http:\/\/127\.0\.0\.1:\d+\/hook ✔ sent \(1 try\)/,
    );
    expect(f).toContain("r/Enter: every result");
    // the check's own request: credentials in its URL masked here too
    expect(f).toMatch(/request +GET http:\/\/user:\*\*\*\*@127\.0\.0\.1:\d+\/status\?token=\*\*\*\*/);
    expect(f).not.toContain("hunter2");
  });
});

describe("from a session", () => {
  it("Enter on a location of a session's detail opens that run's result; Esc walks back to the session", async () => {
    const { store, c } = await consoleOnService();
    const client = createClient({ baseUrl: fx.svc.url, apiKey: fx.svc.apiKey });
    const { sessions } = await client.checkSessions.trigger({ checkId: [fx.urlId] });
    const done = await client.checkSessions.waitForCompletion(sessions[0]!.checkSessionId);
    await client.close();
    apply(store, sessionsStarted(store.getState(), sessions, Date.now(), DEFAULT_CAPS));
    apply(store, sessionUpdated(store.getState(), done));
    apply(store, setPane(store.getState(), "sessions"));
    await c.press("\r");
    await until("the session's detail", 8000, () => c.frame().includes("Enter: its result"));
    expect(c.frame()).toMatch(/› ✖ eu-west-1 +failed/);
    await c.press("\r");
    await until("the result", 8000, () => c.frame().includes("no response  connect ECONNREFUSED"));
    const final = done.results.find((r) => r.resultType === "FINAL")!;
    expect(c.frame()).toContain(`result id    ${final.checkResultId}`);
    // the run's time in the crumb, as when opened from the check's results
    expect(c.frame().split("\n")[0]).toMatch(/Results › Closed port › result \d\d:\d\d:\d\d/);
    await c.press("\u001b");
    await until("the check's results", 8000, () => /\d+ results/.test(c.frame()));
    await c.press("\u001b");
    await until("the session again", 8000, () => c.frame().includes("Enter: its result"));
    expect(store.getState().ui.pane).toBe("sessions");
  });
});
