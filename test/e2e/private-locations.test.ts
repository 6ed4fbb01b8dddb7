/**
 * End-to-end: create a private location from pane 8 of the bundled console in tmux against `vigil serve`
 * — the slug is validated at the field before anything is sent, the raw key is shown exactly once with
 * the note that it will not be shown again, and afterwards only its masked form appears.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pastTime } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

let served: Served;
let term: TmuxTerminal | undefined;

beforeAll(async () => {
  const [svc] = await Promise.all([serve({ demo: false }), ensureBundle()]);
  served = svc;
}, 60_000);

afterAll(async () => {
  term?.kill();
  await served?.stop();
});

describe("private locations in a pseudo-terminal", () => {
  it("n creates one: the key once, then masked", async () => {
    term = launchConsole(served, { cols: 80, rows: 24 });
    const t = term;
    await t.waitFor(HEADER, "the console");
    t.keys("8");
    await t.waitFor(/vigil › Private locations/, "pane 8");
    await t.waitFor("no private locations", "the empty list");
    t.keys("n");
    await t.waitFor("New private location", "the form");
    t.type("Berlin DC");
    t.keys("Tab");
    t.type("eu-west-1");
    t.keys("Enter");
    await t.waitFor(/must not look like a cloud region/, "the slug error at the field");
    expect(await served.api("GET", "/v1/private-locations")).toEqual([]);
    t.keys("C-u");
    t.type("berlin-dc");
    t.keys("Tab", "Tab");
    t.type("http://agent:hunter2@proxy.internal:3128");
    t.keys("Enter");
    const confirm = await t.waitFor(/Create private location "Berlin DC"\?/, "the confirmation");
    expect(confirm).toContain("agent:****@proxy.internal");
    expect(confirm).not.toContain("hunter2");
    t.keys("y");
    const panel = await t.waitFor(/will NOT be shown again/, "the one-time key panel");
    const [loc] = (await served.api("GET", "/v1/private-locations")) as Json[];
    expect(loc.slugName).toBe("berlin-dc");
    const masked: string = loc.keys[0].maskedKey;
    const raw = /^\s*║\s+(\S{12,})\s*║\s*$/m.exec(panel)?.[1];
    expect(raw).toBeDefined();
    expect(raw!.endsWith(masked.replace(/^\.+/, ""))).toBe(true);
    t.keys("Escape");
    await t.waitFor(/berlin-dc/, "the list with the new location");
    t.keys("Enter");
    const detail = await t.waitFor(/keys\s+\.\.\./, "the detail with the masked key");
    expect(detail).toContain(masked);
    expect(detail).toContain("http://agent:****@proxy.internal:3128");
    expect(detail).not.toContain(raw!);
    expect(detail).not.toContain("hunter2");
    // the key is nowhere on screen again, even after a refresh
    t.keys("r");
    await t.waitFor("refreshing…", "the refresh");
    // an absence: the list read again (at once on r) must not bring the raw key back; nothing on screen
    // says when that read has ended, so give it the time of a local read and a few frames
    await pastTime(Date.now() + 300);
    expect(t.screen()).not.toContain(raw!);
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
  }, 60_000);
});
