/**
 * The wired selectors (selectors.ts `sortedCheckRows`, the checks pane's `visibleCheckRows`) keep each
 * view's rows incrementally: across a sequence of polls, with two views over one shared data (as
 * `vigil share` has them) — each with its own sort and filter, one reading every poll and one skipping
 * some — they give exactly the rows of a full join and sort (`sortCheckRowsWhole`) and the `/` filter
 * applied to it — and the summary's counts and whether a REASON is shown, kept without a pass over every
 * row, equal those counted over the rows shown.
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import type { ResultsSlice } from "../../../src/store/data/types.ts";
import { type ConsoleState, createConsoleStore } from "../../../src/store/state.ts";
import { countRows, countsKnown, countsOf } from "../../../src/store/view/check-counts.ts";
import { warmCheckFilter } from "../../../src/store/view/check-filter.ts";
import { checkIndexOf } from "../../../src/store/view/check-index.ts";
import { isPartialRows } from "../../../src/store/view/filtered-rows.ts";
import { newViewMemo } from "../../../src/store/view/memo.ts";
import { sortedCheckRows } from "../../../src/store/view/selectors.ts";
import type { Sort } from "../../../src/store/view/types.ts";
import {
  anyReasonShown,
  checkRowAbsent,
  locateCheckRow,
  visibleCheckRows,
} from "../../../src/tui/panes/checks/rows.ts";
import { rng } from "../../support/rng.ts";
import { until } from "../../support/until.ts";
import { sortCheckRowsWhole } from "./full-sort.ts";
import { naiveCheckFilter } from "./naive-filter.ts";

const NAMES = ["api", "API", "checkout", "Login", "login", "search", "home page", "Ünïcode", "zeta"];
const TYPES = ["API", "BROWSER", "HEARTBEAT", "MULTI_STEP"];
const COLUMNS: Sort["column"][] = ["status", "name", "type", "frequency", "lastRun", "responseTime"];
const FILTERS = ["", "a", "ap", "api", "api !l", "type:api", "fail", "lo", "log", "login", "!z", "z"];

describe("the wired checks list", () => {
  it.each([7, 8, 9, 10, 11, 12])("equals a full sort per view, two views, across polls (seed %i)", (seed) => {
    const r = rng(seed);
    const check = (id: string): CheckSummary => ({
      id,
      name: `${r.pick(NAMES)}${r.next() < 0.5 ? "" : ` ${r.int(4)}`}`,
      checkType: r.pick(TYPES),
      activated: r.next() < 0.85,
      muted: r.next() < 0.1,
      frequency: r.next() < 0.1 ? null : r.pick([1, 5, 10, 60]),
    });
    const status = (id: string): StatusSummary => ({
      checkId: id,
      hasFailures: r.next() < 0.2,
      hasErrors: r.next() < 0.05,
      isDegraded: r.next() < 0.1,
      cannotRun: r.next() < 0.03,
      updated_at: r.next() < 0.1 ? null : new Date(1_700_000_000_000 + r.int(20) * 60_000).toISOString(),
    });
    const store = createConsoleStore();
    let checks = Array.from({ length: 50 + r.int(300) }, (_, i) => check(`c${i}`));
    let statuses = checks.filter(() => r.next() < 0.9).map((c) => status(c.id));
    let nextId = 10_000;
    const load = () => {
      store.setState(checksLoaded(checks, 0, store.getState().checks));
      store.setState(statusesLoaded(statuses, 0, store.getState().statuses));
    };
    load();
    // two viewers: each its own ui (sort, filter) and memo cache over the one shared data
    const views = [0, 1].map(() => ({ ui: store.getState().ui, memo: newViewMemo() }));
    const stateOf = (v: (typeof views)[number]): ConsoleState => ({
      ...store.getState(),
      ui: v.ui,
      memo: v.memo,
    });
    let carried = 0;
    for (let step = 0; step < 60; step++) {
      const op = r.next();
      if (op < 0.5) {
        // a status poll: a few statuses change, one may go
        for (let k = 1 + r.int(4); k > 0; k--) {
          const id = r.pick(checks).id;
          statuses = [...statuses.filter((x) => x.checkId !== id), status(id)];
        }
        if (r.next() < 0.2) statuses = statuses.filter((x) => x.checkId !== r.pick(checks).id);
      } else if (op < 0.6) {
        checks = [...checks, check(`c${nextId++}`)];
      } else if (op < 0.68 && checks.length > 1) {
        const gone = r.pick(checks).id;
        checks = checks.filter((c) => c.id !== gone);
      } else if (op < 0.76) {
        const i = r.int(checks.length);
        checks = checks.with(i, { ...check((checks[i] as CheckSummary).id) });
      } else if (op < 0.84) {
        // results arrive: the response-time sort reads them
        const byCheck = new Map(
          checks
            .filter(() => r.next() < 0.3)
            .map((c) => [
              c.id,
              { loadedAt: 0, error: undefined, items: [{ id: `r${c.id}`, responseTime: r.int(50) }] },
            ]),
        );
        store.setState({ results: { byCheck } as unknown as ResultsSlice });
      } else {
        const v = r.pick(views);
        v.ui =
          r.next() < 0.5
            ? { ...v.ui, sort: { column: r.pick(COLUMNS), desc: r.next() < 0.5 } }
            : { ...v.ui, filter: { ...v.ui.filter, checks: r.pick(FILTERS) } };
      }
      load();
      // the first view reads every poll; the second only some (a poll's changed ids are then not against
      // the statuses it last read)
      for (const [i, v] of views.entries()) {
        if (i === 1 && r.next() < 0.4) continue;
        const s = stateOf(v);
        const want = sortCheckRowsWhole(s);
        const known = countsKnown(sortedCheckRows(s));
        const got = sortedCheckRows(s);
        expect(got.map((x) => x.id)).toEqual(want.map((x) => x.id));
        expect(got).toEqual(want);
        const text = v.ui.filter.checks ?? "";
        const shown = text.trim() ? want.filter((x) => naiveCheckFilter(x, text)) : want;
        const visible = visibleCheckRows(s);
        expect(visible.map((x) => x.id)).toEqual(shown.map((x) => x.id));
        // the summary's counts, carried from poll to poll, equal a count of the rows shown
        expect(countsOf(visible)).toEqual(countRows(visible));
        expect(countsOf(got)).toEqual(countRows(got));
        // rows a change made have their counts carried from the rows before, not counted anew
        if (known !== undefined) {
          carried++;
          expect(known).toEqual(countRows(got));
        }
        // REASON: asked of the results held, the same as asked of every row shown
        const byCheck = s.results.byCheck;
        const reason = visible.some(
          (x) =>
            x.check.activated !== false &&
            (x.health === "failing" || x.health === "degraded" || x.health === "cannot run") &&
            (byCheck.get(x.id)?.items.length ?? 0) > 0,
        );
        expect(anyReasonShown(s)).toBe(reason);
        // the cursor's shortcut: a check without a row shown is told from its own row
        for (const c of [r.pick(checks), r.pick(checks), { id: "gone" }]) {
          const at = visible.findIndex((x) => x.id === c.id);
          expect(checkRowAbsent(s, c.id)).toBe(at < 0);
          const told = locateCheckRow(s, visible, c.id);
          if (told !== undefined) expect(told).toBe(at < 0 ? "absent" : at);
        }
        // asked again with nothing new: the same arrays
        expect(sortedCheckRows(stateOf(v))).toBe(got);
      }
    }
    expect(carried).toBeGreaterThan(0);
  });

  it("moves only the rows a poll touched when the view read the statuses the poll replaced", () => {
    const store = createConsoleStore();
    const checks = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, name: `n${i}`, checkType: "API" }));
    store.setState(checksLoaded(checks, 0, store.getState().checks));
    const pass = (id: string): StatusSummary => ({ checkId: id, hasFailures: false, updated_at: null });
    store.setState(
      statusesLoaded(
        checks.map((c) => pass(c.id)),
        0,
        store.getState().statuses,
      ),
    );
    const before = sortedCheckRows(store.getState());
    store.setState(
      statusesLoaded(
        checks.map((c) => (c.id === "c3" ? { ...pass(c.id), hasFailures: true } : pass(c.id))),
        0,
        store.getState().statuses,
      ),
    );
    expect(store.getState().statuses.changed?.ids).toEqual(["c3"]);
    const after = sortedCheckRows(store.getState());
    expect(after.map((x) => x.id)).toEqual(["c3", "c0", "c1", "c2", "c4"]);
    // the untouched rows are the same objects
    expect(after.slice(1)).toEqual(before.filter((x) => x.id !== "c3"));
    expect(after[1]).toBe(before[0]);
    // a poll that drops c1's status and lists c0's twice: c1 is named too (the list's length alone hides it)
    const s = store.getState().statuses;
    const held = [...s.byId.values()];
    const again = [...held.filter((x) => x.checkId !== "c1"), held.find((x) => x.checkId === "c0")!];
    store.setState(statusesLoaded(again, 0, s));
    expect(store.getState().statuses.changed?.ids).toContain("c1");
    expect(sortedCheckRows(store.getState()).find((x) => x.id === "c1")?.status).toBeUndefined();
  });
});

describe("the checks pane's filter over a long list", () => {
  it("shows the top of the answer at once, and the store is told when the whole answer is there", async () => {
    const store = createConsoleStore();
    const checks = Array.from({ length: 30_000 }, (_, i) => ({
      id: `c${i}`,
      name: `check ${i}`,
      checkType: "API",
    }));
    store.setState(checksLoaded(checks, 0, store.getState().checks));
    expect(visibleCheckRows(store.getState())).toHaveLength(30_000);
    let told = 0;
    store.subscribe(() => told++);
    store.setState({ ui: { ...store.getState().ui, filter: { checks: "9" } } });
    told = 0;
    const want = sortCheckRowsWhole(store.getState()).filter((x) => naiveCheckFilter(x, "9"));
    const first = visibleCheckRows(store.getState());
    expect(isPartialRows(first)).toBe(true);
    expect(first.map((x) => x.id)).toEqual(want.slice(0, first.length).map((x) => x.id));
    await until("the store told of the whole answer", 10_000, () => told > 0);
    const whole = visibleCheckRows(store.getState());
    expect(isPartialRows(whole)).toBe(false);
    expect(whole.map((x) => x.id)).toEqual(want.map((x) => x.id));
  });
});

describe("the / filter's index", () => {
  it("is built when the checks arrive, in slices, each block once", async () => {
    const checks = Array.from({ length: 3000 }, (_, i) => ({
      id: `C${i}`,
      name: `Name ${i}`,
      checkType: "API",
    }));
    expect(await warmCheckFilter(checks, 1)).toBe(2);
    expect(await warmCheckFilter(checks, 1)).toBe(0);
    expect(checkIndexOf(checks).built).toBe(true);
  });
});
