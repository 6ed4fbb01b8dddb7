/**
 * The mouse through Ink's input and layout (no terminal): a report written to stdin selects the row under
 * it, a double click opens it, the wheel moves, a tab click switches panes, and a report is never text.
 */
import { afterEach, describe, expect, it } from "vitest";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const checks = [
  check({ name: "Checkout API", tags: ["prod"] }),
  check({ name: "Login page", checkType: "URL" }),
  check({ name: "Cache node", checkType: "TCP" }),
  check({ name: "Search API" }),
];
const statuses = [
  status(checks[0]!.id, "failing"),
  status(checks[1]!.id, "passing"),
  status(checks[2]!.id, "passing"),
  status(checks[3]!.id, "failing"),
];

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** SGR press (and release) at a cell counted from 0. */
const click = (x: number, y: number) => `\u001b[<0;${x + 1};${y + 1}M\u001b[<0;${x + 1};${y + 1}m`;
const rowOf = (f: string, name: string) => f.split("\n").findIndex((l) => l.includes(name));
const selected = (f: string) => f.split("\n").find((l) => l.startsWith("›")) ?? "";

describe("mouse in the console", () => {
  it("a click selects the row under it, a double click opens it, the wheel moves", async () => {
    const store = storeWith(checks, statuses);
    store.setState({ ui: { ...store.getState().ui, pane: "checks" } });
    const c = renderConsole(store, { columns: 100, rows: 30 }, { mouse: true });
    open = c;
    let f = await frameWhere(c, (x) => x.includes("Cache node"));
    expect(selected(f)).not.toContain("Cache node");
    await c.press(click(8, rowOf(f, "Cache node")));
    f = await frameWhere(c, (x) => selected(x).includes("Cache node"));
    await c.press(click(8, rowOf(f, "Login page")));
    f = await frameWhere(c, (x) => selected(x).includes("Login page"));
    expect(store.getState().ui.detail.checks).toBeUndefined();
    // the wheel: up one row, down one row
    await c.press("\u001b[<64;8;10M");
    await frameWhere(c, (x) => selected(x).includes("Cache node"));
    await c.press("\u001b[<65;8;10M");
    f = await frameWhere(c, (x) => selected(x).includes("Login page"));
    // a double click on a row: selected and opened
    const y = rowOf(f, "Search API");
    await c.press(click(8, y) + click(8, y));
    await frameWhere(c, () => store.getState().ui.detail.checks === checks[3]!.id);
  });

  it("a click on a tab shows that pane; on the overview a click selects the line", async () => {
    const store = storeWith(checks, statuses);
    store.setState({ ui: { ...store.getState().ui, pane: "checks" } });
    const c = renderConsole(store, { columns: 100, rows: 30 }, { mouse: true });
    open = c;
    let f = await frameWhere(c, (x) => x.includes("Cache node"));
    const header = f.split("\n")[0]!;
    const tab0 = header.indexOf(" 0 ");
    expect(tab0).toBeGreaterThan(0);
    await c.press(click(tab0 + 1, 0));
    f = await frameWhere(c, (x) => /^vigil › Overview/.test(x) && x.includes("Search API"));
    const y = rowOf(f, "Search API");
    expect(selected(f)).not.toContain("Search API");
    await c.press(click(4, y));
    await frameWhere(c, (x) => selected(x).includes("Search API"));
  });

  it("M turns reporting off and on again, saying so", async () => {
    const store = storeWith(checks, statuses);
    const c = renderConsole(store, { columns: 100, rows: 30 }, { mouse: true });
    open = c;
    expect(c.mouseBytes).toEqual(["\u001b[?1000h\u001b[?1002h\u001b[?1006h"]);
    await c.press("M");
    await frameWhere(c, (x) => x.includes("mouse off: the terminal selects text"));
    expect(c.mouseBytes.at(-1)).toBe("\u001b[?1006l\u001b[?1002l\u001b[?1000l");
    await c.press("M");
    await frameWhere(c, (x) => x.includes("mouse on: click selects"));
    expect(c.mouseBytes).toHaveLength(3);
  });

  it("a report is never text: not in the filter, not a key (no pane switch, no quit)", async () => {
    const store = storeWith(checks, statuses);
    store.setState({ ui: { ...store.getState().ui, pane: "checks" } });
    const c = renderConsole(store, { columns: 100, rows: 30 }, { mouse: true });
    open = c;
    await frameWhere(c, (x) => x.includes("Cache node"));
    await c.press("/");
    await c.press(click(8, 5));
    await c.press("\u001b[<64;8;10M");
    expect(store.getState().ui.filter.checks ?? "").toBe("");
    await c.press("\u001b");
    // "[<0;1;1M" read as keys would be 0 (the overview) and 1 (checks) and q-less; nothing happens
    await c.press("\u001b[<0;50;20M\u001b[<0;50;20m");
    expect(store.getState().ui.pane).toBe("checks");
    expect(c.quits()).toBe(0);
  });
});
