/** The watcher over a real store: the title on every read, one bell for a read's changes, the title given back. */
import { describe, expect, it } from "vitest";
import { statusesLoaded } from "../../../src/store/data/slices.ts";
import { apply } from "../../../src/store/state.ts";
import { startWatch } from "../../../src/store/watch/watcher.ts";
import { check, status, storeWith } from "../fixtures.ts";

const checks = [check({ name: "api" }), check({ name: "web" }), check({ name: "db" })];
const [api, web, db] = checks.map((c) => c.id) as [string, string, string];

describe("startWatch", () => {
  it("keeps the title, counts failing checks, rings once per read that changed something, gives the title back", () => {
    const store = storeWith(checks, [status(api, "failing"), status(web, "passing"), status(db, "passing")]);
    const out: string[] = [];
    const w = startWatch(store, { write: (b) => out.push(b), notify: "bell" });
    expect(out).toEqual(["\u001b[22;0t", "\u001b]0;vigil\u0007", "\u001b]0;vigil ✖ 1\u0007"]);
    out.length = 0;
    // the same states read again: nothing
    apply(store, statusesLoaded([status(api, "failing"), status(web, "passing"), status(db, "passing")], 1));
    expect(out).toEqual([]);
    // two new failures and a recovery in one read: the title and one bell
    apply(store, statusesLoaded([status(api, "passing"), status(web, "failing"), status(db, "failing")], 2));
    expect(out).toEqual(["\u001b]0;vigil ✖ 2\u0007", "\u0007"]);
    out.length = 0;
    w.stop();
    w.stop();
    expect(out).toEqual(["\u001b[23;0t"]);
  });

  it("without --notify the title only; a desktop notice is one OSC for the read; the tmux title written back", () => {
    const store = storeWith(checks, [status(api, "passing"), status(web, "passing"), status(db, "passing")]);
    const quiet: string[] = [];
    const q = startWatch(store, { write: (b) => quiet.push(b) });
    const loud: string[] = [];
    const d = startWatch(store, {
      write: (b) => loud.push(b),
      notify: "desktop",
      desktop: "osc777",
      restoreTitle: "my shell",
    });
    apply(store, statusesLoaded([status(api, "failing"), status(web, "failing"), status(db, "passing")], 2));
    expect(quiet.at(-1)).toBe("\u001b]0;vigil ✖ 2\u0007");
    expect(quiet.filter((b) => b === "\u0007" || b.includes("777"))).toEqual([]);
    expect(loud.filter((b) => b.includes("]777;"))).toEqual([
      "\u001b]777;notify;vigil: 2 failing;api, web failing\u0007",
    ]);
    d.stop();
    expect(loud.slice(-2)).toEqual(["\u001b[23;0t", "\u001b]0;my shell\u0007"]);
    q.stop();
  });
});
