/** The mouse without Ink: SGR reports, double clicks, reporting on/off bytes, where a click lands. */
import { describe, expect, it } from "vitest";
import { createConsoleStore } from "../../src/store/state.ts";
import type { KeyInfo } from "../../src/tui/key-input.ts";
import { createMouseHandler } from "../../src/tui/mouse/handle.ts";
import { createReportReader } from "../../src/tui/mouse/input.ts";
import { createMouseMode } from "../../src/tui/mouse/mode.ts";
import { clickCounter, MOUSE_OFF, MOUSE_ON, parseMouse } from "../../src/tui/mouse/sgr.ts";
import { createMouseTargets, tabAt } from "../../src/tui/mouse/targets.ts";

describe("SGR mouse reports", () => {
  it("reads press, release, drag and wheel, with or without the ESC Ink strips; cells from 0", () => {
    expect(parseMouse("\u001b[<0;10;5M")).toMatchObject({ kind: "press", button: 0, x: 9, y: 4, wheel: 0 });
    expect(parseMouse("[<0;10;5m")).toMatchObject({ kind: "release", button: 0, x: 9, y: 4 });
    expect(parseMouse("[<2;1;1M")).toMatchObject({ kind: "press", button: 2, x: 0, y: 0 });
    expect(parseMouse("[<32;3;4M")).toMatchObject({ kind: "drag", button: 0 });
    expect(parseMouse("[<64;3;4M")).toMatchObject({ kind: "wheel", wheel: -1 });
    expect(parseMouse("[<65;3;4M")).toMatchObject({ kind: "wheel", wheel: 1 });
    expect(parseMouse("[<20;3;4M")).toMatchObject({ kind: "press", shift: true, ctrl: true, meta: false });
  });

  it("anything else is not a report: keys, text, a cut sequence, cell 0", () => {
    for (const s of ["j", "[<0;1M", "[<0;1;1", "<0;1;1M", "[<a;1;1M", "[<0;0;1M", "\u001b[A", "[<0;1;1Mx"])
      expect(parseMouse(s)).toBeUndefined();
  });

  it("two left presses on one row within 400 ms are a double click; a third starts over", () => {
    let now = 1000;
    const c = clickCounter(() => now);
    const at = (x: number, y: number) => parseMouse(`[<0;${x + 1};${y + 1}M`)!;
    expect(c.press(at(5, 3))).toBe(1);
    now += 200;
    expect(c.press(at(6, 3))).toBe(2);
    now += 100;
    expect(c.press(at(6, 3))).toBe(1);
    now += 500;
    expect(c.press(at(6, 3))).toBe(1);
    now += 100;
    expect(c.press(at(6, 4))).toBe(1);
  });
});

describe("reports in the terminal's input", () => {
  it("finds reports among keys, joins one cut between chunks, and takes no key for one", () => {
    const r = createReportReader();
    expect(r.push("jj\u001b[<0;5;3Mk\u001b[<0;5;3m").map((e) => e.kind)).toEqual(["press", "release"]);
    expect(r.push("q\u001b[<64;1")).toEqual([]);
    expect(r.push("0;2M")).toMatchObject([{ kind: "wheel", x: 9, y: 1 }]);
    expect(r.push("\u001b")).toEqual([]);
    expect(r.push("[A")).toEqual([]);
    expect(r.push("[<0;1;1M")).toEqual([]);
  });
});

describe("reporting on and off", () => {
  it("writes on/off only on a change; pause and resume keep the wish; end turns it off for good", () => {
    const out: string[] = [];
    const m = createMouseMode((b) => out.push(b), true);
    expect(out).toEqual([MOUSE_ON]);
    expect(MOUSE_ON).toBe("\u001b[?1000h\u001b[?1002h\u001b[?1006h");
    m.pause();
    m.resume();
    expect(out).toEqual([MOUSE_ON, MOUSE_OFF, MOUSE_ON]);
    expect(m.toggle()).toBe(false);
    expect(m.on).toBe(false);
    m.pause();
    m.resume();
    expect(out).toEqual([MOUSE_ON, MOUSE_OFF, MOUSE_ON, MOUSE_OFF]);
    expect(m.toggle()).toBe(true);
    m.end();
    expect(out.at(-1)).toBe(MOUSE_OFF);
    expect(m.on).toBe(false);
    m.resume();
    m.set(true);
    expect(out.at(-1)).toBe(MOUSE_OFF);
  });

  it("off from the start writes nothing", () => {
    const out: string[] = [];
    const m = createMouseMode((b) => out.push(b), false);
    m.pause();
    m.resume();
    m.end();
    expect(out).toEqual([]);
  });
});

describe("where a click lands", () => {
  it("the tab under a column of the header's right end", () => {
    const labels = [" 0 ", "[1]", " 2 "];
    expect(tabAt(labels, 80, 70)).toBeUndefined();
    expect(tabAt(labels, 80, 71)).toBe(0);
    expect(tabAt(labels, 80, 73)).toBe(0);
    expect(tabAt(labels, 80, 74)).toBe(1);
    expect(tabAt(labels, 80, 79)).toBe(2);
    expect(tabAt(labels, 80, 80)).toBeUndefined();
  });

  it("the region under a cell, measured when asked; removed ones are gone", () => {
    const t = createMouseTargets();
    let top = 2;
    const remove = t.add({
      kind: "rows",
      rect: () => ({ x: 0, y: top, width: 10, height: 3 }),
      rowAt: (l) => l,
    });
    expect(t.hit(3, 3)).toMatchObject({ line: 1, column: 3 });
    expect(t.hit(10, 3)).toBeUndefined();
    top = 3;
    expect(t.hit(3, 3)).toMatchObject({ line: 0 });
    remove();
    expect(t.hit(3, 3)).toBeUndefined();
  });
});

describe("the wheel", () => {
  it("over a chart moves along the time (←/→), elsewhere as ↑/↓; never while a prompt takes text", () => {
    const store = createConsoleStore();
    const targets = createMouseTargets();
    targets.add({ kind: "chart", rect: () => ({ x: 0, y: 1, width: 100, height: 10 }) });
    const keys: KeyInfo[] = [];
    const handle = createMouseHandler({
      store,
      targets,
      size: () => ({ columns: 100, rows: 30 }),
      move: () => undefined,
      goPane: () => undefined,
      key: (_, k) => keys.push(k),
    });
    const wheel = (dir: 64 | 65, y: number) => handle(parseMouse(`[<${dir};5;${y + 1}M`)!);
    wheel(64, 3);
    wheel(65, 3);
    wheel(64, 20);
    wheel(65, 20);
    expect(keys).toEqual([{ leftArrow: true }, { rightArrow: true }, { upArrow: true }, { downArrow: true }]);
    store.setState({
      ui: { ...store.getState().ui, overlay: { kind: "palette", text: "", error: undefined } },
    });
    wheel(64, 3);
    expect(keys).toHaveLength(4);
  });
});
