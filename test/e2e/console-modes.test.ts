/**
 * End-to-end: the console's modes in a real pseudo-terminal against `vigil serve --port 0` (demo
 * workspace) — NO_COLOR (no colour SGR in the raw bytes, symbols still there), --read-only (no mutating
 * key works and the console sends nothing but GETs, seen by a recording proxy in front of the service),
 * --fullscreen (alternate screen entered and left, Ctrl-C quits and restores).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type RecordingProxy, recordingProxy } from "./support/recording-proxy.ts";
import { type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";
import { colourSgrs, replay } from "./support/xterm.ts";

let served: Served;
let proxy: RecordingProxy;
let term: TmuxTerminal | undefined;

beforeAll(async () => {
  const [svc] = await Promise.all([serve({ demo: true }), ensureBundle()]);
  served = svc;
  proxy = await recordingProxy(served.url);
}, 60_000);

afterEach(() => {
  term?.kill();
  term = undefined;
});

afterAll(async () => {
  await proxy?.close();
  await served?.stop();
});

/** The bytes the console wrote, up to the launcher's exit line (the shell after it is not the console). */
function consoleBytes(raw: Buffer): Buffer {
  const end = raw.indexOf("[exited");
  return end < 0 ? raw : raw.subarray(0, end);
}

const FIRST_FRAME = (s: string) => HEADER.test(s) && /Storefront API health/.test(s);

describe("console modes in a pseudo-terminal", () => {
  it("NO_COLOR=1: no colour sequence reaches the terminal; symbols carry the state", async () => {
    term = launchConsole(served, { env: { NO_COLOR: "1" } });
    const t = term;
    // the state's symbol before the name (which state depends on the demo's random history: a simulated
    // failure can be its newest run)
    const first = await t.waitFor(/[✔✖▲] Storefront API health/, "the checks with their states");
    expect(first).toMatch(HEADER);
    // visit the other panes so their widgets (sparklines, timeline, status line) are drawn too
    t.keys("3");
    await t.waitFor(/vigil › Analytics[\s\S]*[▁▂▃▄▅▆▇█]/, "analytics");
    t.keys("4");
    await t.waitFor(/RECEIVED/, "heartbeats");
    t.keys("?");
    await t.waitFor(/quit \(Ctrl-C always quits\)/, "the help overlay");
    t.keys("Escape", "q");
    await t.waitFor("[exited 0]", "the console to exit");
    const raw = consoleBytes(await t.waitForRaw("[exited"));
    expect(raw.length).toBeGreaterThan(1000);
    expect(colourSgrs(raw)).toEqual([]);
    const r = await replay(raw, 120, 40);
    expect(r.cursorVisible).toBe(true);
  }, 30_000);

  it("colours are on without NO_COLOR (so the test above can fail)", async () => {
    term = launchConsole(served);
    const t = term;
    await t.waitFor(FIRST_FRAME, "the first frame");
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
    expect(colourSgrs(consoleBytes(await t.waitForRaw("[exited"))).length).toBeGreaterThan(0);
  }, 30_000);

  it("--read-only: t and T do nothing mutating and only GETs reach the service", async () => {
    term = launchConsole({ ...served, url: proxy.url }, { args: ["--read-only"] });
    const t = term;
    const first = await t.waitFor(FIRST_FRAME, "the first frame");
    expect(first).toContain("READ-ONLY");
    expect(first).not.toContain("t trigger");
    const seenBefore = proxy.requests.length;
    expect(seenBefore).toBeGreaterThan(0);

    t.keys("t");
    await t.waitFor(/read-only: triggering is disabled/, "the refusal");
    t.keys("y", "Enter");
    t.keys("T");
    t.type("prod");
    t.keys("Enter", "y");
    t.keys("space", "t", "y");
    // y also copies (not mutating: its menu may be open now), Esc closes the menu and the detail
    t.keys("Escape", "Escape");
    // the help overlay of the checks pane lists no mutating key
    t.keys("?");
    const help = await t.waitFor(/quit \(Ctrl-C always quits\)/, "the help overlay");
    expect(help).not.toMatch(/^\s*t\s+trigger/m);
    expect(help).not.toMatch(/^\s*T\s+trigger by tag/m);
    t.keys("Escape");
    // the sessions pane stays empty: nothing was triggered
    t.keys("2");
    const sessions = await t.waitFor(/vigil › Sessions/, "the sessions pane");
    expect(sessions).not.toMatch(/PASSED|FAILED|RUNNING|SCHEDULED/);
    // r on the checks pane refreshes (reads still go out)
    t.keys("1");
    await t.waitFor(/vigil › Checks/, "the checks pane");
    const polled = proxy.requests.length;
    t.keys("r");
    await t.waitFor(() => proxy.requests.length > polled, "a refresh after r", 5000);
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");

    const methods = new Set(proxy.requests.map((r) => r.method));
    expect([...methods]).toEqual(["GET"]);
    expect(proxy.requests.some((r) => r.path.includes("/trigger"))).toBe(false);
  }, 30_000);

  it("--fullscreen: alternate screen while running, Ctrl-C quits and leaves it, cursor shown", async () => {
    term = launchConsole(served, { args: ["--fullscreen"], cols: 100, rows: 30 });
    const t = term;
    const first = await t.waitFor(FIRST_FRAME, "the first frame");
    expect(t.cursor().alternate).toBe(true);
    // full height: the status line is on the last row
    expect(first.split("\n")).toHaveLength(30);
    expect(first.split("\n")[29]).toMatch(/online|offline|connecting/);
    t.keys("C-c");
    await t.waitFor("[exited 0]", "the console to exit");
    const cursor = t.cursor();
    expect(cursor.alternate).toBe(false);
    expect(cursor.visible).toBe(true);
    // the console's frame is gone with the alternate screen
    expect(t.screen()).not.toMatch(HEADER);
    const raw = consoleBytes(await t.waitForRaw("[exited"));
    const r = await replay(raw, 100, 30);
    expect(r.modeChanges).toContain("?1049h");
    expect(r.alternateScreen).toBe(false);
    expect(r.buffer).toBe("normal");
    expect(r.cursorVisible).toBe(true);
    // the only titles are the console's own (vigil and its failing count)
    expect(r.titles.every((x) => /^vigil( ✔| ✖ \d+)?$/.test(x))).toBe(true);
  }, 30_000);
});
