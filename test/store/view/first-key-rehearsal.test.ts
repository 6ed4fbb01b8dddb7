/**
 * The `/` filter's first keystroke rehearsed over a view's own rows (selectors.ts `rehearseFirstKey`, over
 * filtered-rows.ts `rehearseFilteredRows`): once a process, only once the whole list and its statuses are
 * held and a list of REHEARSE_FROM rows or more has rested; nothing the view shows changes.
 */
import { expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { type ConsoleState, createConsoleStore } from "../../../src/store/state.ts";
import { newViewMemo } from "../../../src/store/view/memo.ts";
import { firstKeyRehearsed, REHEARSE_AFTER_MS, REHEARSE_FROM } from "../../../src/store/view/selectors.ts";
import { visibleCheckRows } from "../../../src/tui/panes/checks/rows.ts";
import { pastTime, until } from "../../support/until.ts";
import { naiveCheckFilter } from "./naive-filter.ts";

it("rehearses a long list's first keystroke once its statuses are held, once, and shows the same rows", async () => {
  const n = REHEARSE_FROM + 500;
  const checks: CheckSummary[] = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `${["checkout", "login", "search"][i % 3]} ${i}`,
    checkType: "API",
    activated: i % 17 !== 0,
    muted: i % 13 === 0,
  }));
  const statuses: StatusSummary[] = checks.map((c, i) => ({
    checkId: c.id,
    hasFailures: i % 10 === 0,
    isDegraded: i % 7 === 0,
    updated_at: null,
  }));
  const store = createConsoleStore();
  const memo = newViewMemo();
  const state = (filter = ""): ConsoleState => {
    const s = store.getState();
    return { ...s, ui: { ...s.ui, filter: { ...s.ui.filter, checks: filter } }, memo };
  };
  store.setState(checksLoaded(checks, 0, store.getState().checks));
  // the list without its statuses: not yet (its rows would all be pending, unlike the ones typed over)
  const shown = visibleCheckRows(state());
  expect(shown).toHaveLength(n);
  await pastTime(Date.now() + 2 * REHEARSE_AFTER_MS);
  expect(firstKeyRehearsed()).toBeUndefined();

  store.setState(statusesLoaded(statuses, 0, store.getState().statuses));
  const rows = visibleCheckRows(state());
  await until("the first keystroke rehearsed", 10_000, () => firstKeyRehearsed() !== undefined);
  const made = firstKeyRehearsed();
  const lengths = (await made) as number[];
  expect(lengths.length).toBeGreaterThan(0);
  for (const k of lengths) expect(k).toBeGreaterThan(0);
  // the view's rows and its filter's answers are its own
  expect(visibleCheckRows(state())).toBe(rows);
  expect(visibleCheckRows(state("log")).map((r) => r.id)).toEqual(
    rows.filter((r) => naiveCheckFilter(r, "log")).map((r) => r.id),
  );

  // once a process: a new list does not rehearse again
  store.setState(checksLoaded([...checks].reverse(), 1, store.getState().checks));
  visibleCheckRows(state());
  expect(firstKeyRehearsed()).toBe(made);
});
