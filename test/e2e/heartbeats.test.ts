/**
 * End-to-end (issue 25 item 5): the heartbeats pane in a real terminal (tmux, the bundled console) against
 * a real `vigil serve` on a temp data dir (no demo). "Nightly backup" is a heartbeat check with a 30 s
 * period (the shortest) and no grace, pinged once:
 *
 * 1. the pane's header says its period and grace (not a frequency or response-time thresholds), shows its
 *    ping URL, and `y` copies the URL through OSC 52;
 * 2. nobody pings for 30 s: the service records a FAILING event and the pane says OVERDUE by how long, from
 *    the last real ping;
 * 3. a recovery ping (curl-like, right after the miss): within one status poll, with no key pressed, the
 *    check is green again — its symbol, the state line (last ping, next expected at … (in …)) — and the
 *    ping is listed LATE (recovered), never EARLY.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

/** The console's status poll (DEFAULT_INTERVALS.statuses in src/store/sync/plan.ts): "within one poll". */
const STATUS_POLL_MS = 10_000;
/** On top of one poll: the statuses request, the events read it starts at once, and a frame. */
const WITHIN_ONE_POLL = STATUS_POLL_MS + 3000;

let served: Served | undefined;
let t: TmuxTerminal | undefined;
let hb: Json;

const lineOf = (screen: string, re: RegExp) => screen.split("\n").find((l) => re.test(l)) ?? "";

beforeAll(async () => {
  await ensureBundle();
  served = await serve({ demo: false });
}, 60_000);

afterAll(async () => {
  t?.kill();
  await served?.stop();
});

describe("the heartbeats pane in a real terminal", () => {
  it("header: period and grace, the ping URL, y copies it", async () => {
    hb = await served!.api("POST", "/v1/checks/heartbeat", {
      name: "Nightly backup",
      heartbeat: { period: 30, periodUnit: "seconds", grace: 0, graceUnit: "seconds" },
    });
    expect((await fetch(hb.heartbeat.pingUrl, { headers: { "user-agent": "cron/1" } })).status).toBe(200);
    t = launchConsole(served!, { cols: 140, rows: 40, pane: "heartbeats" });
    const s = await t.waitFor(
      (x) => x.includes(hb.heartbeat.pingUrl) && /● last ping/.test(x),
      "the header with the ping URL",
      15_000,
    );
    expect(s).toMatch(/^vigil › Heartbeats › Nightly backup/);
    expect(lineOf(s, /ping URL/)).toBe(
      `every 30 s · no grace · ping URL ${hb.heartbeat.pingUrl}  (y copies it)`,
    );
    expect(s).not.toMatch(/FREQ|thresholds|degraded/);
    expect(lineOf(s, /● last ping/)).toMatch(/next expected at \d\d:\d\d:\d\d \(in \d+ s\)/);
    t.keys("y");
    await t.waitFor(/copied ping URL \(\d+ bytes\) to the clipboard via OSC 52/, "the copy notice");
    const b64 = Buffer.from(hb.heartbeat.pingUrl).toString("base64");
    await t.waitForRaw(`]52;c;${b64}\u0007`);
  }, 30_000);

  it("overdue after the period, then a recovery ping turns it green within one poll", async () => {
    const api = served!.api;
    // no ping for 30 s: the service marks it failing
    await until(
      "the heartbeat's status to fail",
      50_000,
      async () => {
        const st = await api("GET", `/v1/check-statuses/${hb.id}`);
        return st.hasFailures === true ? st : undefined;
      },
      100,
    );
    // the pane says it by its clock at once; the check's ✖ and the FAILING event within one poll
    const overdue = await t!.waitFor(
      (x) =>
        /✖ OVERDUE by \d+ s — expected at/.test(x) && /^✖ Nightly backup/m.test(x) && /✖ FAILING/.test(x),
      "OVERDUE on the pane",
      WITHIN_ONE_POLL,
    );
    expect(lineOf(overdue, /OVERDUE/)).toMatch(/· last ping \d\d:\d\d:\d\d \(\d+ s ago\)$/);
    expect(overdue).toMatch(/✖ FAILING .* grace ended, no ping/);

    // the job reports in right after the miss: applied (not dropped as "too soon"), the check recovers
    const res = await fetch(hb.heartbeat.pingUrl, { method: "POST", headers: { "user-agent": "cron/1" } });
    expect(res.status).toBe(200);
    const pingedAt = Date.now();
    const green = await t!.waitFor(
      (s) =>
        /^✔ Nightly backup/m.test(s) &&
        /^● last ping \d\d:\d\d:\d\d \(\d+ s ago\) · next expected at/m.test(s) &&
        /▲ LATE .* recovered/.test(s),
      "the recovery on the pane, with no key",
      WITHIN_ONE_POLL,
    );
    expect(Date.now() - pingedAt).toBeLessThan(WITHIN_ONE_POLL);
    expect(green).not.toMatch(/EARLY/);
    expect(green).not.toMatch(/OVERDUE/);
  }, 90_000);
});
