/**
 * The `?` help scrolls when it does not fit (80×24 on the checks pane: its keys and the "Everywhere"
 * section are longer than the body): j/k, PgDn/PgUp, g/G move it, and its last row says what is above and
 * below. Pure: the window and the scroll; then the console's frames.
 */
import { afterEach, describe, expect, it } from "vitest";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { helpLines, helpWindow, scrollHelp } from "../../src/tui/widgets/help-lines.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `line ${i}` }));

describe("the help's window", () => {
  it("shows all lines with no marker when they fit", () => {
    const w = helpWindow(lines(5), 3, 5);
    expect(w.lines.map((l) => l.text)).toEqual(["line 0", "line 1", "line 2", "line 3", "line 4"]);
    expect(w.top).toBe(0);
  });

  it("keeps the last row for a marker of what is above and below, and stops at the last line", () => {
    const top = helpWindow(lines(30), 0, 10);
    expect(top.lines).toHaveLength(10);
    expect(top.lines.at(-1)?.text).toBe("▼ 21 more below · j/k PgDn/PgUp g/G scroll");
    const mid = helpWindow(lines(30), 5, 10);
    expect(mid.lines[0]?.text).toBe("line 5");
    expect(mid.lines.at(-1)?.text).toBe("▲ 5 more above · ▼ 16 more below · j/k PgDn/PgUp g/G scroll");
    const end = helpWindow(lines(30), 99, 10);
    expect(end.top).toBe(21);
    expect(end.lines.at(-2)?.text).toBe("line 29");
    expect(end.lines.at(-1)?.text).toBe("▲ 21 more above · ▼ end · j/k PgDn/PgUp g/G scroll");
  });

  it("scrolls by a line, a page, to either end, within range", () => {
    expect(scrollHelp(0, "down", 30, 10)).toBe(1);
    expect(scrollHelp(0, "up", 30, 10)).toBe(0);
    expect(scrollHelp(0, "page-down", 30, 10)).toBe(8);
    expect(scrollHelp(20, "page-down", 30, 10)).toBe(21);
    expect(scrollHelp(21, "page-up", 30, 10)).toBe(13);
    expect(scrollHelp(7, "last", 30, 10)).toBe(21);
    expect(scrollHelp(7, "first", 30, 10)).toBe(0);
    expect(scrollHelp(0, "last", 5, 10)).toBe(0);
  });
});

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("? at 80×24", () => {
  it("on the checks pane: a marker, and every key reachable by j, PgDn, G and back by g", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    const c = renderConsole(store, { columns: 80, rows: 24 });
    open = c;
    await frameWhere(c, (f) => f.includes("test@"));
    expect(helpLines("checks", false, undefined, 80).length).toBeGreaterThan(20);
    await c.press("?");
    let f = await frameWhere(c, (f) => f.includes("Keys — Checks"));
    expect(f).toMatch(/▼ \d+ more below · j\/k PgDn\/PgUp g\/G scroll/);
    expect(f).not.toContain("quit (Ctrl-C always quits)");
    await c.press("j");
    f = await frameWhere(c, (f) => f.includes("▲ 1 more above"));
    expect(f).not.toContain("Keys — Checks");
    await c.press("\u001b[6~"); // PgDn
    f = await frameWhere(c, (f) => /▲ \d\d? more above/.test(f) && !f.includes("▲ 1 more above"));
    await c.press("G");
    f = await frameWhere(c, (f) => f.includes("quit (Ctrl-C always quits)"));
    expect(f).toContain("Everywhere");
    expect(f).toContain("0…8");
    expect(f).toContain("Esc closes this help");
    expect(f).toMatch(/▲ \d+ more above · ▼ end/);
    await c.press("g");
    f = await frameWhere(c, (f) => f.includes("Keys — Checks"));
    expect(f).toMatch(/▼ \d+ more below/);
    // Esc closes it: the pane is back, the help starts at its top next time
    await c.press("\u001b");
    await frameWhere(c, (f) => !f.includes("Keys — Checks"));
    expect(store.getState().ui.overlay.kind).toBe("none");
  });
});
