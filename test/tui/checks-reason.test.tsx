/** The checks list says why a check fails and since when (REASON, SINCE), from the results it holds. */
import { afterEach, describe, expect, it } from "vitest";
import { resultsLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply } from "../../src/store/state.ts";
import { checks as checksPane } from "../../src/tui/panes/checks/index.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { renderConsole } from "./support/console.tsx";
import { keysOnlyJobKit } from "./support/job-kit.ts";

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const min = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("checks list: reason and since", () => {
  it("shows the failing assertion with what was received and how long it has failed", async () => {
    const api = check({ name: "Orders API", checkType: "API" });
    const ok = check({ name: "Healthy", checkType: "URL" });
    const store = storeWith(
      [api, ok],
      [status(api.id, "failing", min(1)), status(ok.id, "passing", min(1))],
      Date.now(),
    );
    const failing = (m: number) => ({
      id: `r${m}`,
      resultType: "FINAL",
      runLocation: "eu-west-1",
      startedAt: min(m),
      hasFailures: true,
      responseTime: 80,
      apiCheckResult: {
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200", actual: 503, error: "failed" },
        ],
      },
    });
    const passed = {
      id: "r30",
      resultType: "FINAL",
      runLocation: "eu-west-1",
      startedAt: min(30),
      hasFailures: false,
    };
    apply(
      store,
      resultsLoaded(
        store.getState(),
        api.id,
        [failing(2), failing(7), failing(12), passed] as never,
        Date.now(),
        DEFAULT_CAPS,
      ),
    );
    const c = renderConsole(store, { columns: 140, rows: 30 });
    open = c;
    await c.press("1");
    const f = c.frame();
    expect(f).toContain("REASON");
    const row = f.split("\n").find((l) => l.includes("Orders API"))!;
    expect(row).toContain("status code equals 200, received 503");
    expect(row).toMatch(/\b12 min\b/);
    const healthy = f.split("\n").find((l) => l.includes("Healthy"))!;
    expect(healthy).not.toContain("received");
  });

  it("at 120 columns with a reason shown, names stay readable: TAGS and LOCATIONS give way first", async () => {
    const api = check({ name: "Storefront API health", checkType: "URL", tags: ["prod", "api"] });
    const store = storeWith([api], [status(api.id, "failing", min(1))], Date.now());
    apply(
      store,
      resultsLoaded(
        store.getState(),
        api.id,
        [
          { id: "r1", resultType: "FINAL", startedAt: min(1), hasFailures: true, errorMessage: "HTTP 500" },
        ] as never,
        Date.now(),
        DEFAULT_CAPS,
      ),
    );
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("1");
    const f = c.frame();
    expect(f).toContain("REASON");
    expect(f).toContain("✖ Storefront API health");
    expect(f).not.toContain("LOCATIONS");
  });

  it("leaves the REASON column out while no row has a reason", async () => {
    const ok = check({ name: "Healthy", checkType: "URL" });
    const c = renderConsole(storeWith([ok], [status(ok.id, "passing")]), { columns: 140, rows: 30 });
    open = c;
    await c.press("1");
    expect(c.frame()).not.toContain("REASON");
    expect(c.frame()).toContain("SINCE");
  });

  it("says why a heartbeat fails and since when, as for any check: its results are read for the rows on screen", async () => {
    const backup = check({
      name: "Nightly backup",
      checkType: "HEARTBEAT",
      heartbeat: { period: 10, periodUnit: "minutes", grace: 5, graceUnit: "minutes" },
    });
    const api = check({ name: "Orders API", checkType: "API" });
    const store = storeWith(
      [backup, api],
      [status(backup.id, "failing", min(1)), status(api.id, "passing", min(1))],
      Date.now(),
    );
    // what the service records for a heartbeat (src/service/engine/heartbeats.ts), made before the console
    // starts: its clock is read at its start
    const missed = (m: number) => ({
      id: `h${m}`,
      resultType: "FINAL",
      runLocation: "local",
      startedAt: min(m),
      hasFailures: true,
      hasErrors: false,
      errorMessage: "no ping received within period + grace",
    });
    const pinged = {
      id: "h40",
      resultType: "FINAL",
      runLocation: "local",
      startedAt: min(40),
      hasFailures: false,
    };
    const held = [missed(1), missed(16), pinged];
    const c = renderConsole(store, { columns: 140, rows: 30 });
    open = c;
    await c.press("1");
    const kit = keysOnlyJobKit;
    const keys = checksPane.jobs(store.getState(), kit).map((j) => j.key);
    expect(keys).toEqual(expect.arrayContaining([`results:${backup.id}`, `results:${api.id}`]));
    apply(store, resultsLoaded(store.getState(), backup.id, held as never, Date.now(), DEFAULT_CAPS));
    await c.press("");
    const row = c
      .frame()
      .split("\n")
      .find((l) => l.includes("Nightly backup"))!;
    expect(row).toContain("no ping received within period + grace");
    expect(row).toMatch(/\b16 min\b/);
  });
});

describe("a check's detail at 80×24", () => {
  it("says why it fails under its state, whole, wrapped onto a second line — the list at 80 has no REASON", async () => {
    const api = check({ name: "Orders API", checkType: "API", locations: ["eu-west-1", "us-east-1"] });
    const store = storeWith([api], [status(api.id, "failing", min(1))], Date.now());
    const long =
      "request failed: connect ECONNREFUSED 10.20.30.40:8443 after 3 tries (the upstream load balancer refused every connection)";
    const run = (m: number, loc: string, failed: boolean) => ({
      id: `r${m}`,
      resultType: "FINAL",
      runLocation: loc,
      startedAt: min(m),
      hasFailures: failed,
      hasErrors: failed,
      errorMessage: failed ? long : undefined,
    });
    // the newest run passed in us-east-1; eu-west-1 still fails: its reason is the state's
    apply(
      store,
      resultsLoaded(
        store.getState(),
        api.id,
        [run(1, "us-east-1", false), run(2, "eu-west-1", true), run(30, "eu-west-1", false)] as never,
        Date.now(),
        DEFAULT_CAPS,
      ),
    );
    const c = renderConsole(store, { columns: 80, rows: 24 });
    open = c;
    await c.press("1");
    await c.press("\r");
    const lines = c.frame().split("\n");
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    const state = lines.findIndex((l) => l.startsWith("State"));
    expect(lines[state]).toMatch(/^State {2}failing for \d+ min \(since \d\d:\d\d\) · 1 of 2 locations$/);
    const why = lines
      .slice(state + 1, state + 4)
      .filter((l) => l.startsWith("  ✖") || l.startsWith("    "))
      .map((l) => l.trim())
      .join(" ");
    expect(why).toBe(`✖ eu-west-1: ${long}`);
    expect(lines[state + 1]?.startsWith("  ✖ eu-west-1: request failed")).toBe(true);
  });
});
