/**
 * End-to-end: the bundled console in a real pseudo-terminal (tmux) against `vigil serve --port 0` with the
 * demo workspace. One console session walks the main path — first screen, filter, trigger and follow the
 * session to its result, analytics, heartbeats, resize down to below the minimum and back, quit — and the
 * terminal is checked afterwards, on the screen and in the raw bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";
import { replay } from "./support/xterm.ts";

let served: Served;
let term: TmuxTerminal | undefined;
let demoNames: string[] = [];
let demoTags: string[][] = [];

beforeAll(async () => {
  const [svc] = await Promise.all([serve({ demo: true }), ensureBundle()]);
  served = svc;
  const checks: { name: string; tags: string[] }[] = await served.api("GET", "/v1/checks?limit=100");
  demoNames = checks.map((c) => c.name);
  demoTags = checks.map((c) => c.tags);
}, 60_000);

afterAll(async () => {
  term?.kill();
  await served?.stop();
});

describe("console in a pseudo-terminal (demo workspace)", () => {
  it("lists, filters, triggers, shows analytics and heartbeats, resizes, quits and restores the terminal", async () => {
    expect(demoNames.length).toBeGreaterThanOrEqual(10);
    term = launchConsole(served, { cols: 120, rows: 40 });
    const t = term;

    // First screen: the checks pane lists every demo check (the list fits in 40 rows).
    const first = await t.waitFor(
      (s) => HEADER.test(s) && demoNames.every((n) => s.includes(n)),
      "every demo check on the first screen",
    );
    expect(first.split("\n")[0]).toMatch(/^vigil › Checks/);
    expect(first).toContain(`${demoNames.length} checks`);

    // `T`: a tag expression prompt that counts the matching checks before asking; Esc backs out.
    const expected = demoTags.filter((t) => t.includes("prod") && t.includes("api") && !t.includes("flaky"));
    expect(expected.length).toBeGreaterThan(0);
    t.keys("T");
    await t.waitFor(/Trigger by tags/, "the tag expression prompt");
    t.type("prod,api !flaky");
    await t.waitFor(`${expected.length} checks match`, "the number of matching checks");
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("Trigger by tags") && s.includes("Storefront API health"), "the list");

    // `/` filter: only matching rows stay.
    t.keys("/");
    await t.waitFor(/^\/█/m, "the filter line");
    t.type("storefront");
    const matching = demoNames.filter(
      (n, i) => n.toLowerCase().includes("storefront") || demoTags[i]?.some((g) => g.includes("storefront")),
    );
    const filtered = await t.waitFor(
      `${matching.length} of ${demoNames.length} checks`,
      "the filtered count",
    );
    expect(filtered).toContain("Storefront API health");
    expect(filtered).toContain("Storefront home page");
    expect(filtered).not.toContain("Checkout API");
    t.keys("Enter");
    await t.waitFor("filter: storefront", "the kept filter");

    // Trigger the selected check: a confirmation first, then the sessions pane follows it to its end.
    t.keys("t");
    const confirm = await t.waitFor(/Trigger 1 check\?/, "the trigger confirmation");
    const selected = confirm.includes("Storefront API health")
      ? "Storefront API health"
      : "Storefront home page";
    t.keys("y");
    const done = await t.waitFor(
      (s) => /vigil › Sessions/.test(s) && new RegExp(`${selected}.*(PASSED|FAILED|DEGRADED)`).test(s),
      "the triggered session finished in the sessions pane",
      15_000,
    );
    expect(done).toMatch(/1 session/);
    expect(done).toMatch(/0 running/);

    // Analytics (3): the selected check's metrics on the time grid (column charts at 120×40).
    t.keys("3");
    const analytics = await t.waitFor(
      (s) => /vigil › Analytics/.test(s) && /Response time \(avg\) +0 ms–.*\n.* ┤ /.test(s),
      "analytics charts",
    );
    expect(analytics).toMatch(/Availability +0–100%/);
    expect(analytics).toMatch(/ 0% ┤ [▁▂▃▄▅▆▇█·]+/);
    expect(analytics).toMatch(/24 h · 30 min buckets/);

    // Heartbeats (4): back on the checks pane clear the filter first (it applies to the check lists).
    t.keys("1");
    await t.waitFor(/vigil › Checks/);
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("filter: storefront"), "the filter cleared");
    t.keys("4");
    const heartbeats = await t.waitFor(
      (s) => /vigil › Heartbeats › /.test(s) && /RECEIVED/.test(s),
      "heartbeat events",
    );
    expect(heartbeats).toMatch(/last 24 h: [\d.]+%/);
    // the strip on the time grid (pings, the windows between them, unknown before the first event)
    expect(heartbeats).toMatch(/[●○△▲✖━░▒─·]{20,}/);

    // Resize: 80×24 still renders the pane; 60×20 shows only the size needed, the current size and how to
    // quit (two short lines, nothing cut at 60 columns); back again.
    t.resize(80, 24);
    const small = await t.waitFor(
      (s) => /^vigil › Heartbeats/.test(s) && s.split("\n").every((l) => [...l].length <= 80),
      "the frame at 80×24",
    );
    expect(small.split("\n")[0]).toMatch(/\[4\]/);
    t.resize(60, 20);
    const tiny = await t.waitFor(/needs a terminal of at least 80×24/, "the size message");
    expect(tiny).toMatch(/this one is 60×20/);
    const message = tiny.split("\n").filter((l) => l.trim() !== "");
    expect(message).toHaveLength(2);
    expect(message.every((l) => [...l].length <= 60)).toBe(true);
    expect(message.join(" ")).toMatch(/q quits/);
    t.resize(120, 40);
    const back = await t.waitFor(
      (s) => /^vigil › Heartbeats/.test(s) && /RECEIVED/.test(s),
      "the frame at 120×40 again",
    );
    expect(back).not.toMatch(/needs a terminal/);
    // The frame is drawn once: no leftovers of earlier frames.
    expect(back.match(/vigil › /g)).toHaveLength(1);
    expect(back.match(/q quit/g)).toHaveLength(1);

    // Quit: the console ends with 0, the cursor is visible, no alternate screen, the shell works.
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
    await t.waitFor(/^e2e\$/m, "the shell prompt");
    t.type("echo ready-$((40+2))");
    t.keys("Enter");
    await t.waitFor(/^ready-42$/m, "the shell to run a command (cooked mode, echo on)");
    const cursor = t.cursor();
    expect(cursor.visible).toBe(true);
    expect(cursor.alternate).toBe(false);

    // The raw bytes: the cursor was shown again after the last hide, no alternate screen was used,
    // nothing cleared the screen; the title is the console's own (vigil and its failing count), set after
    // the terminal's title was pushed (CSI 22;0t) and given back (CSI 23;0t) after the last one.
    const raw = await t.waitForRaw("ready-42");
    const r = await replay(raw, 120, 40);
    expect(r.cursorVisible).toBe(true);
    expect(r.modeChanges).toContain("?25l");
    expect(r.alternateScreen).toBeUndefined();
    expect(r.buffer).toBe("normal");
    expect(r.titles.length).toBeGreaterThan(0);
    expect(r.titles.every((x) => /^vigil( ✔| ✖ \d+)?$/.test(x))).toBe(true);
    expect(r.oscs.every(([id, data]) => id === 0 && /^vigil( ✔| ✖ \d+)?$/.test(data))).toBe(true);
    const bytes = raw.toString("utf8");
    const firstTitle = bytes.indexOf("\u001b]0;");
    expect(bytes.indexOf("\u001b[22;0t")).toBeGreaterThanOrEqual(0);
    expect(bytes.indexOf("\u001b[22;0t")).toBeLessThan(firstTitle);
    expect(bytes.lastIndexOf("\u001b[23;0t")).toBeGreaterThan(bytes.lastIndexOf("\u001b]0;"));
  }, 60_000);
});
