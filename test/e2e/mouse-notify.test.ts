/**
 * End-to-end: the mouse and the title through tmux, against a real `vigil serve` (no demo). The console
 * asks tmux for mouse reports (tmux records it: #{mouse_sgr_flag}); a real SGR click written to the pane
 * selects the row under it, a double click opens it; M turns reporting off and on; quitting turns it off.
 * The title (tmux's #{pane_title}, set by OSC 0) carries the failing count and changes when a check
 * starts failing, with one bell (--notify bell); the title stack is popped at the end.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type Json, type Served, serve } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

let served: Served | undefined;
let target: Server | undefined;
let t: TmuxTerminal | undefined;
/** What the target answers each path: the checks pass until a test says otherwise. */
const answer: Record<string, number> = {};
const ids: Record<string, string> = {};

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

beforeAll(async () => {
  target = createServer((req, res) => {
    const status = answer[req.url ?? ""] ?? 200;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: status === 200 }));
  });
  await new Promise<void>((r) => target!.listen(0, "127.0.0.1", r));
  const port = (target.address() as AddressInfo).port;
  const [svc] = await Promise.all([serve({ demo: false }), ensureBundle()]);
  served = svc;
  for (const name of ["Alpha API", "Bravo API", "Charlie API", "Delta API"]) {
    const c = await served.api("POST", "/v1/checks/url", {
      name,
      frequency: 1440,
      locations: ["eu-west-1"],
      request: {
        url: `http://127.0.0.1:${port}/${name[0]}`,
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: 200 }],
      },
    });
    ids[name] = c.id;
  }
  await Promise.all(Object.values(ids).map(runNow));
}, 90_000);

afterAll(async () => {
  t?.kill();
  await served?.stop();
  await new Promise<void>((r) => {
    if (!target?.listening) return r();
    target.closeAllConnections();
    target.close(() => r());
  });
});

const paneFlag = (term: TmuxTerminal, name: string) =>
  term.tmux("display-message", "-p", `#{${name}}`).trim();
const lineOf = (screen: string, name: string) => screen.split("\n").findIndex((l) => l.includes(name));
const cursorLine = (screen: string) => screen.split("\n").find((l) => l.startsWith("› ")) ?? "";
/** An SGR press and release of the left button at a cell counted from 0, as a terminal sends it. */
const click = (term: TmuxTerminal, x: number, y: number) =>
  term.type(`\u001b[<0;${x + 1};${y + 1}M\u001b[<0;${x + 1};${y + 1}m`);

describe("mouse and title in tmux", () => {
  it("a real click selects the clicked row, a double click opens it; M and quitting turn reporting off", async () => {
    t = launchConsole(served!, { cols: 100, rows: 30, args: ["--mouse"] });
    const term = t;
    let screen = await term.waitFor(
      (s) => ["Alpha API", "Bravo API", "Charlie API", "Delta API"].every((n) => s.includes(n)),
      "the four checks",
    );
    // the console asked for SGR reports, and tmux knows it (it forwards a client's mouse only then)
    await until("tmux to see mouse reporting on", 5000, () => paneFlag(term, "mouse_sgr_flag") === "1");
    // 1002 (presses, releases and drags) — tmux keeps one of 1000/1002/1003, the last asked
    expect(paneFlag(term, "mouse_button_flag")).toBe("1");
    expect(cursorLine(screen)).not.toContain("Charlie API");
    click(term, 10, lineOf(screen, "Charlie API"));
    screen = await term.waitFor(
      (s) => cursorLine(s).includes("Charlie API"),
      "Charlie API selected by a click",
    );
    click(term, 10, lineOf(screen, "Alpha API"));
    screen = await term.waitFor((s) => cursorLine(s).includes("Alpha API"), "Alpha API selected by a click");
    // nothing of the reports reached the screen as text
    expect(screen).not.toMatch(/\[<0;/);
    const y = lineOf(screen, "Delta API");
    click(term, 10, y);
    click(term, 10, y);
    await term.waitFor(/vigil › Checks › Delta API/, "Delta API's detail, opened by a double click");
    term.keys("Escape");
    await term.waitFor((s) => cursorLine(s).includes("Delta API"), "the list again, Delta API selected");
    term.keys("M");
    await term.waitFor("mouse off: the terminal selects text", "the mouse-off notice");
    await until("tmux to see mouse reporting off", 5000, () => paneFlag(term, "mouse_sgr_flag") === "0");
    term.keys("M");
    await until("tmux to see mouse reporting on again", 5000, () => paneFlag(term, "mouse_sgr_flag") === "1");
    term.keys("q");
    await term.waitFor(/\[exited 0\]/, "the console to exit");
    expect(paneFlag(term, "mouse_sgr_flag")).toBe("0");
    expect(paneFlag(term, "mouse_any_flag")).toBe("0");
    expect(paneFlag(term, "mouse_button_flag")).toBe("0");
    term.kill();
  }, 60_000);

  it("the title carries the failing count and changes on a new failure, with one bell; the title stack is popped at the end", async () => {
    t = launchConsole(served!, { cols: 100, rows: 30, args: ["--notify", "bell"] });
    const term = t;
    await term.waitFor((s) => s.includes("Delta API"), "the checks");
    await until("the title vigil ✔", 15_000, () => paneFlag(term, "pane_title") === "vigil ✔");
    answer["/B"] = 503;
    answer["/C"] = 503;
    await Promise.all([runNow(ids["Bravo API"]!), runNow(ids["Charlie API"]!)]);
    // the statuses are read every 10 s
    await until("the title vigil ✖ 2", 20_000, () => paneFlag(term, "pane_title") === "vigil ✖ 2");
    // the bells written between two titles: BELs that end no OSC (an OSC ends with BEL too)
    const bells = (from: string, to?: string) => {
      const after = term.raw().toString("utf8").split(from)[1] ?? "";
      const part = to === undefined ? after : (after.split(to)[0] ?? "");
      return part.replace(/\u001b\][^\u0007]*\u0007/g, "").split("\u0007").length - 1;
    };
    const ok = "\u001b]0;vigil ✔\u0007";
    const two = "\u001b]0;vigil ✖ 2\u0007";
    // one bell for the read that saw both failures, right after the title; none before
    await until("a bell", 5000, () => bells(two) > 0);
    expect(bells(ok, two)).toBe(0);
    expect(bells(two)).toBe(1);
    answer["/B"] = 200;
    await runNow(ids["Bravo API"]!);
    await until("the title vigil ✖ 1", 20_000, () => paneFlag(term, "pane_title") === "vigil ✖ 1");
    term.keys("q");
    await term.waitFor(/\[exited 0\]/, "the console to exit");
    const all = term.raw().toString("utf8");
    expect(all.indexOf("\u001b[22;0t")).toBeGreaterThanOrEqual(0);
    expect(all.lastIndexOf("\u001b[23;0t")).toBeGreaterThan(all.lastIndexOf("\u001b]0;vigil"));
  }, 90_000);
});
