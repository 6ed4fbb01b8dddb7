/**
 * `Esc Tab` typed fast in a form (issue 28): the two keys arrive in one chunk, which Ink reads as Alt+Tab
 * (meta, no input text); the Esc must not be lost — the form closes (its draft kept), then Tab.
 */
import { describe, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { escThenKey } from "../../src/tui/key-input.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

describe("Esc typed right before a key", () => {
  it("is Esc, then the key — Tab, Esc and arrows too (no input text)", () => {
    expect(escThenKey("", { tab: true, meta: true })).toEqual([
      ["", { escape: true }],
      ["", { tab: true, meta: false }],
    ]);
    expect(escThenKey("", { escape: true, meta: true })).toEqual([
      ["", { escape: true }],
      ["", { escape: true, meta: false }],
    ]);
    expect(escThenKey("j", { meta: true })).toEqual([
      ["", { escape: true }],
      ["j", { meta: false }],
    ]);
    expect(escThenKey("", { upArrow: true, meta: true })?.[1]).toEqual(["", { upArrow: true, meta: false }]);
    expect(escThenKey("", { meta: true })).toBeUndefined();
    expect(escThenKey("\t", { tab: true })).toBeUndefined();
    expect(escThenKey("c", { ctrl: true, meta: true })).toBeUndefined();
  });

  it("in the console: \\x1b\\t in one chunk closes the form (Esc), then Tab", async () => {
    const c0 = check({ name: "Checkout" });
    const store = storeWith([c0], [status(c0.id, "passing")]);
    apply(store, setPane(store.getState(), "incidents"));
    const c = renderConsole(store, { columns: 100, rows: 30 });
    try {
      await frameWhere(c, (f) => f.includes("test@"));
      await c.press("n");
      await frameWhere(c, (f) => f.includes("New incident"));
      expect(store.getState().work.form?.kind).toBe("incident");
      await c.press("\x1b\t");
      await frameWhere(c, (f) => !f.includes("New incident"));
      expect(store.getState().work.form).toBeUndefined();
    } finally {
      await c.close();
    }
  });
});
