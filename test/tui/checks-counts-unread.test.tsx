/**
 * The checks pane's header says what is not known: nothing read (an unreachable or refusing service) or no
 * state read yet is "not read" / "reading…", never "0 checks · ✖ 0 failing" (a 0 that reads as "all well").
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, loadFailed, statusesLoaded } from "../../src/store/data/slices.ts";
import { toCheckSummary } from "../../src/store/data/summary.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { check, status } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

describe("the checks pane's counts when nothing could be read", () => {
  it("says not read / reading…, then the counts once the checks and their states are read", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    try {
      await frameWhere(c, (f) => f.includes("checks: reading…"));
      apply(store, loadFailed(store.getState(), "checks", "network error: connect ECONNREFUSED 127.0.0.1:9"));
      const failed = await frameWhere(c, (f) => f.includes("checks: not read"));
      expect(failed).not.toMatch(/\b0 failing|\b0 checks/);
      // the checks read, their states not: how many checks, the states not known
      const a = check({ name: "Checkout API" });
      apply(store, checksLoaded([toCheckSummary(a)], Date.now()));
      apply(store, loadFailed(store.getState(), "statuses", "404 not found"));
      const noStates = await frameWhere(
        c,
        (f) => f.includes("1 checks · states: not read") || f.includes("1 check · states: not read"),
      );
      expect(noStates).not.toMatch(/\b0 failing/);
      apply(store, statusesLoaded([status(a.id, "failing")], Date.now()));
      await frameWhere(c, (f) => /✖ 1 failing · ▲ 0 degraded/.test(f));
    } finally {
      await c.close();
    }
  });
});
