/**
 * End-to-end (issue 23 item 6): the triage scenario in a real terminal (tmux, the bundled console) against
 * a real `vigil serve` on a temp data dir (no demo). Through the API: "Orders API" and "Billing API", URL
 * checks pointed at a local HTTP server that answers 200, each asserting `status code equals 200`, both
 * run once (passing); "Nightly backup", a heartbeat check with a 30 s period (the shortest) and no grace,
 * pinged once.
 *
 * 1. The console starts on the landing screen (the overview) and says all is well. Then the server answers
 *    503 for /orders and the check runs; the heartbeat is not pinged again. With NO key pressed, within one
 *    status poll (10 s, plus a little for the reads it starts and a frame) of the run ending, the landing
 *    screen shows the reason `status code equals 200, received 503` and "failing for … (since HH:MM)"; and
 *    within one poll of the heartbeat turning overdue, the overdue heartbeat (expected at, late by, last
 *    ping).
 * 2. Enter opens the check's detail, `r` its results (newest first: the failure, then the pass), Enter the
 *    failing result: the assertion ✖ with what was received, and the timing waterfall.
 * 3. Back in the checks list, "Billing API" turns failing, so the list re-sorts (it comes first): the
 *    cursor row is still "Orders API" and `t` asks to trigger "Orders API". The overview, whose cursor was
 *    put on "Orders API" with j/k, has re-sorted too: its cursor is still there, and `t` names it.
 *
 * Every process started here (vigil serve, the local server, the tmux server) is stopped even on failure;
 * the last test checks that no process of the service's temp dir is left.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

/** The console's status poll (DEFAULT_INTERVALS.statuses in src/store/sync/plan.ts): "within one poll". */
const STATUS_POLL_MS = 10_000;
/**
 * On top of one poll: the statuses request, the results read it starts at once (the rows on screen are
 * behind their status), and a frame — on a shared 2-core machine.
 */
const SLACK_MS = 3000;
const WITHIN_ONE_POLL = STATUS_POLL_MS + SLACK_MS;

let served: Served | undefined;
let serviceRoot = "";
let servicePid: number | undefined;
let target: Server | undefined;
let t: TmuxTerminal | undefined;
/** What the local server answers, per path. */
const answer: Record<string, number> = { "/orders": 200, "/billing": 200 };
const ids: Record<string, string> = {};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every process whose command line names the service's temp dir (vigil serve, anything it started). */
function processesOf(dir: string): string[] {
  try {
    return execFileSync("/usr/bin/pgrep", ["-af", dir], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter((l) => l !== "" && !l.startsWith(`${process.pid} `));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function cleanUp(): Promise<void> {
  t?.kill();
  await served?.stop();
  await new Promise<void>((r) => {
    if (!target?.listening) return r();
    target.closeAllConnections();
    target.close(() => r());
  });
}

/** Trigger one check and wait (long-poll) until its session ends; the session with its results. */
async function runNow(id: string): Promise<Json> {
  const api = served!.api;
  const { sessions } = await api("POST", "/v1/check-sessions/trigger", { target: { checkId: [id] } });
  const sid = sessions[0].checkSessionId as string;
  for (;;) {
    try {
      return await api("GET", `/v1/check-sessions/${sid}/completion?maxWaitSeconds=20`);
    } catch (e) {
      if (!String(e).includes("answered 408")) throw e;
    }
  }
}

/** HH:MM of an ISO time or epoch ms as the console prints it (its environment has no TZ: UTC). */
const hhmm = (at: string | number) => new Date(at).toISOString().slice(11, 16);

/** The screen line that names `name` (the first), or "". */
const lineOf = (screen: string, name: string) => screen.split("\n").find((l) => l.includes(name)) ?? "";
/** The list's cursor row (marked `›`). */
const cursorRow = (screen: string) => screen.split("\n").find((l) => l.startsWith("› ")) ?? "";

beforeAll(async () => {
  await ensureBundle();
  target = createServer((req, res) => {
    const status = answer[req.url ?? ""] ?? 404;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: status === 200, path: req.url }));
  });
  await new Promise<void>((r) => target!.listen(0, "127.0.0.1", r));
  served = await serve({ demo: false });
  serviceRoot = dirname(served.dataDir);
  // started by hand, it runs until stopped (issue 24): its pid is in service.json
  servicePid = (JSON.parse(readFileSync(join(served.dataDir, "service.json"), "utf8")) as { pid: number })
    .pid;
}, 60_000);

afterAll(cleanUp);

describe("triage in a real terminal: a broken URL check and an overdue heartbeat", () => {
  let pingedAt = 0;
  let failedRun: Json;

  it("the landing screen says what is broken, why and since when, with no key, within one poll", async () => {
    const api = served!.api;
    const port = (target!.address() as AddressInfo).port;
    const hb = await api("POST", "/v1/checks/heartbeat", {
      name: "Nightly backup",
      heartbeat: { period: 30, periodUnit: "seconds", grace: 0, graceUnit: "seconds" },
    });
    ids.backup = hb.id;
    pingedAt = Date.now();
    expect((await fetch(hb.heartbeat.pingUrl)).status).toBe(200);
    for (const [name, path] of [
      ["Orders API", "/orders"],
      ["Billing API", "/billing"],
    ] as const) {
      const c = await api("POST", "/v1/checks/url", {
        name,
        frequency: 1440,
        locations: ["eu-west-1"],
        request: {
          url: `http://127.0.0.1:${port}${path}`,
          assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: 200 }],
        },
      });
      ids[path] = c.id;
      expect((await runNow(c.id)).status).toBe("PASSED");
    }

    t = launchConsole(served!, { cols: 120, rows: 40, pane: null });
    const calm = await t.waitFor("✔ all 3 checks passing", "the calm line", 15_000);
    expect(calm).toMatch(/^vigil › Overview/);
    expect(calm).toContain("0 overdue heartbeats");

    // /orders breaks; the check runs (as its schedule would) and fails
    answer["/orders"] = 503;
    failedRun = await runNow(ids["/orders"]!);
    expect(failedRun.status).toBe("FAILED");
    const ranAt = Date.now();
    const broken = await t.waitFor(
      (s) => lineOf(s, "Orders API").includes("status code equals 200, received 503"),
      "the reason on the landing screen",
      WITHIN_ONE_POLL,
    );
    const reasonMs = Date.now() - ranAt;
    const row = lineOf(broken, "Orders API");
    expect(row).toMatch(
      /^› ✖ +Orders API +URL +failing for \d+ s \(since (\d\d:\d\d)\) +1 of 1 location +status/,
    );
    expect(row).toContain(`(since ${hhmm(failedRun.results[0].startedAt)})`);
    expect(broken).toContain("Checks that need a look (1)");
    expect(broken).toMatch(/✖ 1 failing · ▲ 0 degraded · ✔ 2 passing · 0 overdue heartbeats/);

    // no ping for 30 s: the heartbeat turns overdue (the service records a FAILING event)
    await until(
      "the heartbeat's status to fail",
      45_000,
      async () => {
        const st = await api("GET", `/v1/check-statuses/${ids.backup}`);
        return st.hasFailures === true ? st : undefined;
      },
      100,
    );
    const overdueAt = Date.now();
    const late = await t.waitFor(
      (s) => /Overdue heartbeats \(1\)/.test(s) && /last ping \d\d:\d\d/.test(lineOf(s, "Nightly backup")),
      "the overdue heartbeat on the landing screen",
      WITHIN_ONE_POLL,
    );
    const overdueMs = Date.now() - overdueAt;
    expect(lineOf(late, "Nightly backup")).toMatch(
      new RegExp(
        `✖ +Nightly backup +expected ${hhmm(pingedAt + 30_000)} +\\d+ s late +last ping ${hhmm(pingedAt)} \\(\\d+ s ago\\)`,
      ),
    );
    expect(late).toContain("1 overdue heartbeat ");
    expect(late).toMatch(/✖ 2 failing/);
    // still there, still saying why and since when
    expect(lineOf(late, "Orders API")).toMatch(/failing for \d+ s \(since \d\d:\d\d\).*received 503/);
    process.stderr.write(
      `triage e2e: reason on screen ${reasonMs} ms after the run, overdue heartbeat ${overdueMs} ms after its status\n`,
    );
  }, 90_000);

  it("Enter → the check, r → its results, Enter → the failing assertion and the timing waterfall", async () => {
    const term = t!;
    // put the overview's cursor on the check with keys (j to the heartbeat line, k back), then open it
    term.keys("j");
    await term.waitFor((s) => cursorRow(s).includes("Nightly backup"), "the cursor on the heartbeat");
    term.keys("k");
    await term.waitFor((s) => cursorRow(s).includes("Orders API"), "the cursor back on the check");
    term.keys("Enter");
    const detail = await term.waitFor("vigil › Checks › Orders API", "the check's detail");
    expect(detail).toMatch(/✖ failing +Orders API/);
    term.keys("r");
    const list = await term.waitFor(
      (s) =>
        s.startsWith("vigil › Results › Orders API") &&
        /\d+\+? results · Orders API/.test(s) &&
        s.split("\n").filter((l) => /^[› ] [✔✖] \d\d:\d\d:\d\d/.test(l)).length >= 2,
      "the check's results",
    );
    const rows = list.split("\n").filter((l) => /^[› ] [✔✖] \d\d:\d\d:\d\d/.test(l));
    // newest first: the failure under the cursor, the pass before it last (the runs we made; a run of
    // its schedule may have slipped in between)
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatch(/^› ✖ .*eu-west-1 .*FINAL +status code equals 200, received 503$/);
    expect(rows.at(-1)).toMatch(/^ {2}✔ .*FINAL +—$/);
    term.keys("Enter");
    const top = await term.waitFor(
      (s) => /Orders API › result \d\d:\d\d:\d\d/.test(s) && /^Response$/m.test(s),
      "the result, read",
    );
    expect(top).toMatch(/status +✖ failed/);
    expect(top).toMatch(/reason +status code equals 200, received 503/);
    expect(top).toContain(`GET http://127.0.0.1:${(target!.address() as AddressInfo).port}/orders`);
    expect(top).toMatch(/status +503 Service Unavailable/);
    // the assertions and the timing are further down: G scrolls to the end
    term.keys("G");
    const end = await term.waitFor(
      (s) => /lines \d+–(\d+) of \1 /.test(s) && /^Timing$/m.test(s),
      "the end of the result",
    );
    expect(end).toContain("Assertions (1, 1 failed)");
    expect(end).toMatch(/✖ status code equals 200 — received 503/);
    const timing = end.split("\n").slice(end.split("\n").indexOf("Timing"));
    // the waterfall: every phase of the API's timing, a bar and its time, then the total
    const phases = ["socket wait", "DNS", "TCP connect", "first byte", "download"];
    for (const [i, phase] of phases.entries())
      expect(timing[i + 1], phase).toMatch(new RegExp(`^ {2}${phase} +[█ ]* +\\d+ ms$`));
    expect(timing[phases.length + 1]).toMatch(/^ {2}total +─+ +\d+ ms$/);
    expect(timing.slice(1, phases.length + 1).join("")).toContain("█");
  }, 30_000);

  it("after a re-sort the cursor is on the same check, and t asks about it by name", async () => {
    const term = t!;
    // back: result → results → the check's detail → the checks list, its cursor on the check
    term.keys("Escape");
    await term.waitFor(/^vigil › Results › Orders API(?! ›)/, "the results list");
    term.keys("Escape");
    await term.waitFor("vigil › Checks › Orders API", "the detail");
    term.keys("Escape");
    const before = await term.waitFor(
      (s) => /^vigil › Checks(?! ›)/.test(s) && cursorRow(s) !== "",
      "the checks list",
    );
    const names = (s: string) =>
      s
        .split("\n")
        .filter((l) => /^[› ] [✔✖▲]/.test(l))
        .map((l) => /(Orders API|Billing API|Nightly backup)/.exec(l)?.[1]);
    expect(cursorRow(before)).toMatch(/✖ Orders API/);
    expect(names(before).indexOf("Orders API")).toBeLessThan(names(before).indexOf("Billing API"));

    // Billing breaks: it turns failing and sorts before Orders API (failing first, then by name)
    answer["/billing"] = 503;
    expect((await runNow(ids["/billing"]!)).status).toBe("FAILED");
    const after = await term.waitFor(
      (s) => /✖ Billing API/.test(s),
      "Billing API failing in the list",
      WITHIN_ONE_POLL,
    );
    const order = names(after);
    expect(order.indexOf("Billing API")).toBeLessThan(order.indexOf("Orders API"));
    expect(cursorRow(after)).toMatch(/✖ Orders API/);
    const finals = async () =>
      (await served!.api("GET", `/v1/check-results/${ids["/orders"]}?limit=100`)).filter(
        (r: Json) => r.resultType === "FINAL",
      ).length;
    const runs = await finals();
    term.keys("t");
    const ask = await term.waitFor("Trigger 1 check?", "the confirmation");
    expect(ask).toMatch(/│ {2}Orders API +│/);
    expect(ask).not.toContain("Billing API");
    term.keys("n");
    await term.waitFor((s) => !s.includes("Trigger 1 check?"), "the confirmation closed");

    // the overview re-sorted too (Billing API first); its cursor stayed on Orders API
    term.keys("0");
    const overview = await term.waitFor(
      (s) => s.startsWith("vigil › Overview") && s.includes("Checks that need a look (2)"),
      "the overview with both checks",
    );
    const lines = overview.split("\n");
    const billing = lines.findIndex((l) => l.includes("Billing API"));
    const orders = lines.findIndex((l) => l.includes("Orders API"));
    expect(billing).toBeGreaterThan(0);
    expect(billing).toBeLessThan(orders);
    expect(cursorRow(overview)).toMatch(/✖ +Orders API/);
    term.keys("t");
    const ask2 = await term.waitFor("Trigger 1 check?", "the confirmation on the overview");
    expect(ask2).toMatch(/│ {2}Orders API +│/);
    term.keys("Escape");
    await term.waitFor((s) => !s.includes("Trigger 1 check?"), "the confirmation closed");
    // declined twice: nothing was triggered
    expect(await finals()).toBe(runs);
  }, 30_000);

  it("leaves no process behind: the console, vigil serve, the local server", async () => {
    expect(servicePid).toBeGreaterThan(0);
    expect(alive(servicePid!)).toBe(true);
    await cleanUp();
    await until("vigil serve to exit", 10_000, async () => (alive(servicePid!) ? undefined : true));
    expect(processesOf(serviceRoot)).toEqual([]);
    expect(target!.listening).toBe(false);
  }, 20_000);
});
