/** Frames of the console at 80×24 and 120×40 (colour stripped), resize, small terminals, key bursts. */
import { afterEach, describe, expect, it } from "vitest";
import { check, manyChecks, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const checks = [
  check({ name: "Checkout API", tags: ["prod", "api"], locations: ["us-east-1", "eu-west-1"] }),
  check({ name: "Login page", tags: ["prod", "web"], checkType: "URL" }),
  check({ name: "Cache node", tags: ["staging"], checkType: "TCP" }),
  check({ name: "Nightly backup", tags: ["jobs"], checkType: "HEARTBEAT" }),
];
const statuses = [
  status(checks[0]!.id, "passing"),
  status(checks[1]!.id, "failing"),
  status(checks[2]!.id, "degraded"),
];

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

function lines(frame: string): string[] {
  return frame.split("\n");
}

describe("console frames", () => {
  it("120×40: the checks pane first, failing first, every line within the width, one line shorter than the terminal", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 120, rows: 40 });
    open = c;
    const f = c.frame();
    expect(lines(f)[0]).toMatch(/^vigil › Checks /);
    expect(f).toContain("LOCATIONS");
    expect(f).toContain("TAGS");
    const rows = lines(f).filter((l) => /^[ ›][ ●][✔✖▲○] /.test(l));
    expect(rows.map((l) => l.slice(4, 20).trim())).toEqual([
      "Login page",
      "Cache node",
      "Nightly backup",
      "Checkout API",
    ]);
    expect(lines(f).length).toBe(39);
    for (const l of lines(f)) expect([...l].length).toBeLessThanOrEqual(120);
    expect(lines(f).at(-1)).toMatch(/^test@127\.0\.0\.1:1 .*connecting/);
  });

  it("80×24: narrower columns are dropped, the name stays", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 80, rows: 24 });
    open = c;
    const f = c.frame();
    expect(lines(f).length).toBe(23);
    expect(f).toContain("NAME");
    expect(f).not.toContain("LOCATIONS");
    expect(f).toContain("✖ Login page");
    for (const l of lines(f)) expect([...l].length).toBeLessThanOrEqual(80);
  });

  it("below 80×24 shows the size needed, the current size and q, in lines that fit; follows resizes", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 70, rows: 20 });
    open = c;
    expect(c.frame()).toBe("vigil needs a terminal of at least 80×24\nthis one is 70×20 · q quits");
    c.stdout.resize(100, 30);
    await frameWhere(c, (f) => /^vigil › Checks/.test(f));
    expect(lines(c.frame()).length).toBe(29);
    c.stdout.resize(80, 23);
    expect(await frameWhere(c, (f) => f.includes("at least 80×24"))).toBe(
      "vigil needs a terminal of at least 80×24\nthis one is 80×23 · q quits",
    );
  });

  it("the size message stays whole in a very narrow terminal (it wraps, nothing is cut)", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 30, rows: 10 });
    open = c;
    const f = c.frame();
    for (const l of lines(f)) expect([...l].length).toBeLessThanOrEqual(30);
    const words = f.replace(/\s+/g, " ");
    expect(words).toContain("vigil needs a terminal of at least 80×24");
    expect(words).toContain("this one is 30×10 · q quits");
  });

  it("a burst of keys in one chunk moves once per key", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    await c.press("jjj");
    expect(c.frame()).toMatch(/\n› ✔ Checkout API/);
    await c.press("kk");
    expect(c.frame()).toMatch(/\n› ▲ Cache node/);
    expect(c.frame()).toMatch(/\n› ▲ Cache node/);
    await c.press("G");
    await c.press("gj");
    expect(c.frame()).toMatch(/\n› ▲ Cache node/);
  });

  it("the windowed table renders only the visible rows of 10,000 checks", async () => {
    const { checks: many, statuses: st } = manyChecks(10_000);
    const c = renderConsole(storeWith(many, st), { columns: 120, rows: 40 });
    open = c;
    const f = c.frame();
    const shown = lines(f).filter((l) => /check \d{5}/.test(l));
    // 39 lines (no alternate screen) - header - summary - table header - footer - status line.
    expect(shown.length).toBe(34);
    expect(f).toContain("10,000 checks");
    expect(c.raw().length).toBeLessThan(8_000);
    // PgDn and G move the window, still only visible rows.
    await c.press("G");
    const last = lines(c.frame()).filter((l) => /check \d{5}/.test(l));
    expect(last.length).toBe(34);
    expect(last.at(-1)).toMatch(/^›/);
  });

  it("/ filters the list as you type; Enter keeps, Esc clears", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    await c.press("/");
    await c.press("prod");
    expect(c.frame()).toContain("/prod█");
    expect(c.frame()).toContain("2 of 4 checks");
    await c.press("\r");
    expect(c.frame()).toContain("filter: prod");
    await c.press("\u001b");
    // a lone Esc is told from the start of a sequence only after a pause: wait for the frame it makes
    const f = await frameWhere(c, (f) => !f.includes("filter: prod"));
    expect(f).toMatch(/^4 checks ·/m);
  });

  it("Enter opens the detail with a breadcrumb, Esc goes back", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    await c.press("\r");
    expect(lines(c.frame())[0]).toMatch(/^vigil › Checks › Login page/);
    expect(c.frame()).toContain("Recent results");
    expect(c.frame()).toContain("Alert subscriptions");
    await c.press("\u001b");
    await frameWhere(c, (f) => /^vigil › Checks +0 \[1\]/.test(f));
  });

  it("0…8 switch panes and : opens the palette", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    const titles: string[] = [];
    for (const k of "012345678") {
      await c.press(k);
      titles.push(lines(c.frame())[0]!.split("  ")[0]!);
    }
    expect(titles.map((t) => t.split(" › ")[1])).toEqual([
      "Overview",
      "Checks",
      "Sessions",
      "Analytics",
      "Heartbeats",
      "Incidents",
      "Alert channels",
      "Status pages",
      "Private locations",
    ]);
    await c.press(":");
    await c.press("checks\r");
    expect(lines(c.frame())[0]).toMatch(/^vigil › Checks/);
    await c.press(":bogus\r");
    expect(c.frame()).toContain("unknown command :bogus");
  });

  it("? lists every key of the pane; read-only leaves the mutating ones out and refuses t", async () => {
    const rw = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    await rw.press("?");
    expect(rw.frame()).toContain("Keys — Checks");
    expect(rw.frame()).toMatch(/ t {12}trigger/);
    expect(rw.frame()).toMatch(/ T {12}trigger by tag/);
    await rw.close();
    const ro = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 }, { readOnly: true });
    open = ro;
    expect(lines(ro.frame()).at(-1)).toContain("READ-ONLY");
    await ro.press("?");
    expect(ro.frame()).not.toMatch(/ t {12}trigger/);
    await ro.press("q");
    await ro.press("t");
    expect(ro.frame()).toContain("read-only: triggering is disabled");
    expect(ro.frame()).not.toContain("Trigger 1 check?");
  });

  it("t asks for confirmation; n cancels without sending", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    await c.press("t");
    expect(c.frame()).toContain("? Trigger 1 check?");
    expect(c.frame()).toContain("Login page");
    await c.press("n");
    expect(c.frame()).not.toContain("Trigger 1 check?");
    expect(lines(c.frame()).at(-1)).toContain("⇅ 0");
  });

  it("q and Ctrl-C quit", async () => {
    const c = renderConsole(storeWith(checks, statuses), { columns: 100, rows: 30 });
    open = c;
    await c.press("q");
    expect(c.quits()).toBe(1);
    await c.press("?");
    await c.press("\u0003");
    expect(c.quits()).toBe(2);
  });
});
