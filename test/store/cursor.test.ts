/**
 * The cursor follows its check's id: across a re-sort by a status change, a sort, a filter, a removal;
 * `t` and Enter act on the highlighted check. Pure: store and reducers, no Ink.
 */

import { describe, expect, it } from "vitest";
import { actTarget } from "../../src/store/actions/targets.ts";
import { checksLoaded, statusesLoaded } from "../../src/store/data/slices.ts";
import { apply, type ConsoleState, type ConsoleStore } from "../../src/store/state.ts";
import { cursorIn } from "../../src/store/view/cursor.ts";
import { back, moveCursor, setCursor, setFilter, sortBy } from "../../src/store/view/ui.ts";
import { checksCursor, cursorCheck, visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { check, manyChecks, status, storeWith } from "./fixtures.ts";

/** What `t` triggers on the checks pane: the marked checks, else the cursor's (its spec's `selects`). */
const triggerTargets = (s: ConsoleState) => actTarget(PANE_HOOKS, s).checks;

const [a, b, c, d] = ["alpha", "bravo", "charlie", "delta"].map((name) =>
  check({ name, tags: name === "delta" ? ["edge"] : ["core"] }),
) as [ReturnType<typeof check>, ReturnType<typeof check>, ReturnType<typeof check>, ReturnType<typeof check>];

const passing = (...cs: { id: string }[]) => cs.map((x) => status(x.id, "passing"));

function fresh(): ConsoleStore {
  return storeWith([a, b, c, d], passing(a, b, c, d));
}

const names = (store: ConsoleStore) => visibleCheckRows(store.getState()).map((r) => r.check.name);
const under = (store: ConsoleStore) => cursorCheck(store.getState())?.check.name;

/** Put the cursor on the row of `name`, as a key would (it takes the row's id). */
function moveTo(store: ConsoleStore, name: string): void {
  const s = store.getState();
  const rows = visibleCheckRows(s);
  const row = rows.findIndex((r) => r.check.name === name);
  apply(store, moveCursor(s, "checks", rows.length, { row }, { idAt: (i) => rows[i]?.id }));
}

function statuses(store: ConsoleStore, list: ReturnType<typeof status>[]): void {
  apply(store, statusesLoaded(list, Date.now(), store.getState().statuses));
}

describe("the cursor follows its check", () => {
  it("when a status change re-sorts the list: the row moves, the cursor with it, and t acts on it", () => {
    const store = fresh();
    moveTo(store, "charlie");
    expect(checksCursor(store.getState())).toBe(2);
    statuses(store, [...passing(a, b, c), status(d.id, "failing")]);
    expect(names(store)).toEqual(["delta", "alpha", "bravo", "charlie"]);
    expect(checksCursor(store.getState())).toBe(3);
    expect(under(store)).toBe("charlie");
    expect(triggerTargets(store.getState()).map((x) => x.name)).toEqual(["charlie"]);
  });

  it("moves on from the row it shows (j after a re-sort goes to the next row on screen)", () => {
    const store = fresh();
    moveTo(store, "alpha");
    statuses(store, [...passing(a, b, c), status(d.id, "failing")]);
    expect(checksCursor(store.getState())).toBe(1);
    const s = store.getState();
    const rows = visibleCheckRows(s);
    apply(
      store,
      moveCursor(s, "checks", rows.length, { delta: 1 }, { from: checksCursor(s), idAt: (i) => rows[i]?.id }),
    );
    expect(under(store)).toBe("bravo");
  });

  it("across a sort and its reversal", () => {
    const store = fresh();
    moveTo(store, "bravo");
    apply(store, sortBy(store.getState(), "name"));
    apply(store, sortBy(store.getState(), "name"));
    expect(names(store)).toEqual(["delta", "charlie", "bravo", "alpha"]);
    expect(under(store)).toBe("bravo");
    expect(checksCursor(store.getState())).toBe(2);
  });

  it("across a filter: it stays while its check matches, is on the first row while not, and comes back", () => {
    const store = fresh();
    moveTo(store, "charlie");
    apply(store, setFilter(store.getState(), "checks", "tag:core"));
    expect(under(store)).toBe("charlie");
    apply(store, setFilter(store.getState(), "checks", "tag:edge"));
    expect(under(store)).toBe("delta");
    apply(store, back(store.getState()));
    expect(under(store)).toBe("charlie");
  });

  it("when its check is removed: the row that took its place, or the nearest at the end", () => {
    const store = fresh();
    moveTo(store, "bravo");
    // bravo moves (delta fails) and is seen at row 2, then it is deleted
    statuses(store, [...passing(a, b, c), status(d.id, "failing")]);
    expect(checksCursor(store.getState())).toBe(2);
    apply(store, checksLoaded([a, c, d], Date.now(), store.getState().checks));
    expect(names(store)).toEqual(["delta", "alpha", "charlie"]);
    expect(under(store)).toBe("charlie");
    // the last row removed: the new last row
    moveTo(store, "charlie");
    apply(store, checksLoaded([a, d], Date.now(), store.getState().checks));
    expect(under(store)).toBe("alpha");
  });

  it("a cursor never put on a row stays at the top, where the worst check comes", () => {
    const store = fresh();
    expect(under(store)).toBe("alpha");
    statuses(store, [...passing(a, b, c), status(d.id, "failing")]);
    expect(under(store)).toBe("delta");
    expect(checksCursor(store.getState())).toBe(0);
  });

  it("a cursor put on a row without an id (a fresh list) stays on that row number", () => {
    const store = fresh();
    moveTo(store, "charlie");
    apply(store, setCursor(store.getState(), "checks", 0, undefined));
    expect(under(store)).toBe("alpha");
    expect(store.getState().ui.cursorId.checks).toBeUndefined();
  });

  it("finds its row in 10,000 checks once per change of the list, not once per call, reading only up to it", () => {
    const { checks, statuses: st } = manyChecks(10_000);
    const store = storeWith(checks, st);
    const rows = visibleCheckRows(store.getState());
    const target = rows[5_000]!;
    apply(store, setCursor(store.getState(), "checks", 0, target.id));
    let calls = 0;
    const idOf = (r: { id: string }) => {
      calls++;
      return r.id;
    };
    const s = store.getState();
    expect(cursorIn(s, "checks", rows, idOf)).toBe(5_000);
    const first = calls;
    // the stored row, then a scan that stops at the row found (no index of every id is built)
    expect(first).toBeGreaterThanOrEqual(5_001);
    expect(first).toBeLessThanOrEqual(5_002);
    for (let i = 0; i < 100; i++) cursorIn(s, "checks", rows, idOf);
    // each later call reads one row (the stored row), never the whole list again
    expect(calls - first).toBeLessThanOrEqual(100);
  });

  it("an id not in the list is looked for once per list, not once per call", () => {
    const { checks, statuses: st } = manyChecks(10_000);
    const store = storeWith(checks, st);
    const rows = visibleCheckRows(store.getState());
    apply(store, setCursor(store.getState(), "checks", 3, "gone"));
    let calls = 0;
    const idOf = (r: { id: string }) => {
      calls++;
      return r.id;
    };
    const s = store.getState();
    expect(cursorIn(s, "checks", rows, idOf)).toBe(3);
    const first = calls;
    expect(first).toBeGreaterThanOrEqual(10_000);
    for (let i = 0; i < 100; i++) expect(cursorIn(s, "checks", rows, idOf)).toBe(3);
    expect(calls - first).toBeLessThanOrEqual(100);
  });
});
