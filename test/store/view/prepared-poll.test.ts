/**
 * A status poll made ready before it is in the data (issue 27: no frame over 16 ms when a poll changes many
 * rows at 100,000 checks): SortedRows' plans made at once or in slices and installed later equal the batch
 * applied whole; CheckRowsView's `prepare` followed by the poll leaves the rows a full join and sort gives,
 * whatever happened in between; the name order's allocation-free comparison equals lower-casing both names.
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import {
  CheckRowsView,
  type CheckSort,
  type CheckSortColumn,
  collate,
} from "../../../src/store/view/check-rows.ts";
import { type CheckRow, makeCheckRow } from "../../../src/store/view/selectors.ts";
import { SortedRows } from "../../../src/store/view/sorted-rows.ts";
import { rng } from "../../support/rng.ts";
import { sortCheckRowsWhole } from "./full-sort.ts";

const SEEDS = Array.from({ length: 30 }, (_, i) => 2000 + i);

describe("collate (the name order)", () => {
  const whole = (a: string, b: string) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  };
  // ASCII letters of both cases, digits, signs, and characters whose lower case is ASCII (K: Kelvin),
  // longer (İ), or outside the basic plane
  const CHARS = [
    "a",
    "A",
    "b",
    "B",
    "z",
    "Z",
    "0",
    "9",
    " ",
    "-",
    "_",
    "[",
    "`",
    "{",
    "~",
    "Ä",
    "ä",
    "K",
    "k",
    "İ",
    "i",
    "😀",
    "ß",
  ];

  it.each(SEEDS)("equals lower-casing both names whole (seed %i)", (seed) => {
    const r = rng(seed);
    const word = () => Array.from({ length: r.int(6) }, () => r.pick(CHARS)).join("");
    for (let k = 0; k < 400; k++) {
      const a = word();
      // often one the other's prefix, or equal but for letter case
      const roll = r.next();
      const b =
        roll < 0.3
          ? a + word()
          : roll < 0.5
            ? [...a].map((c) => (r.next() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("")
            : word();
      expect(Math.sign(collate(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(whole(a, b));
      expect(Math.sign(collate(b, a))).toBe(whole(b, a));
    }
  });
});

describe("SortedRows plans (a batch made ready, put in later)", () => {
  type Row = { id: string; v: number };
  const order = (a: Row, b: Row) => a.v - b.v || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const tagOf = (x: Row) => Number(x.id.slice(1));
  const noPause = async () => false;

  it.each(SEEDS)(
    "a plan installed equals the batch applied, made at once or in slices (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const length = seed % 3 === 0 ? 2000 + r.int(2000) : r.int(300);
      const start = Array.from({ length }, (_, i) => ({ id: `r${i}`, v: r.int(50) }));
      const planned = new SortedRows<Row>((x) => x.id, order, start);
      const applied = new SortedRows<Row>((x) => x.id, order, start);
      if (r.next() < 0.5) {
        planned.tags(tagOf);
        applied.tags(tagOf);
      }
      let nextId = 10_000;
      for (let step = 0; step < 30; step++) {
        const ids = applied.rows.map((x) => x.id);
        const upsert: Row[] = [];
        const remove: string[] = [];
        for (let k = r.next() < 0.8 ? r.int(20) : 300 + r.int(600); k > 0; k--) {
          const op = r.next();
          if (op < 0.5 && ids.length) upsert.push({ id: r.pick(ids), v: r.int(50) });
          else if (op < 0.75) upsert.push({ id: `r${nextId++}`, v: r.int(50) });
          else if (op < 0.8 && upsert.length)
            upsert.push(r.pick(upsert)); // put twice
          else if (ids.length) remove.push(r.pick(ids));
        }
        const changes = { upsert, remove };
        const before = planned.rows;
        const plan = r.next() < 0.5 ? planned.plan(changes) : await planned.plan(changes, noPause);
        // nothing held changed until installed
        expect(planned.rows).toBe(before);
        const changed = applied.apply(changes);
        expect(plan !== undefined).toBe(changed);
        if (plan) {
          expect(planned.planFits(plan)).toBe(true);
          planned.install(plan);
        }
        expect(planned.rows).toEqual(applied.rows);
        for (const id of ids.slice(0, 50)) expect(planned.get(id)).toBe(applied.get(id));
        for (const x of upsert) expect(planned.get(x.id)).toBe(applied.get(x.id));
        expect(planned.size).toBe(applied.size);
        if (r.next() < 0.3) expect(planned.tags(tagOf)).toEqual(applied.tags(tagOf));
      }
    },
  );

  it("a plan made over rows since changed does not fit, and is not installed", () => {
    const s = new SortedRows<Row>((x) => x.id, order, [
      { id: "a", v: 1 },
      { id: "b", v: 2 },
    ]);
    const plan = s.plan({ upsert: [{ id: "a", v: 3 }] });
    expect(plan).toBeDefined();
    s.apply({ upsert: [{ id: "c", v: 0 }] });
    expect(s.planFits(plan as NonNullable<typeof plan>)).toBe(false);
    expect(() => s.install(plan as NonNullable<typeof plan>)).toThrow(/other rows/);
    expect(s.rows.map((x) => x.id)).toEqual(["c", "a", "b"]);
  });

  it("a plan in slices stops when its pause says so", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, v: i }));
    const s = new SortedRows<Row>((x) => x.id, order, rows);
    let pauses = 0;
    const plan = await s.plan(
      { upsert: rows.slice(0, 1000).map((x) => ({ id: x.id, v: -x.v })) },
      async () => ++pauses > 2,
    );
    expect(plan).toBeUndefined();
    expect(pauses).toBe(3);
  });
});

describe("CheckRowsView.prepare (a status poll made ready before it is in the data)", () => {
  const NAMES = ["alpha", "Alpha", "beta", "Gamma", "gamma", "delta", "Ä", "zeta"];
  const COLUMNS: CheckSortColumn[] = ["status", "name", "type", "frequency", "lastRun"];
  type Row = CheckRow;
  const makeRow = makeCheckRow;
  const check = (r: ReturnType<typeof rng>, id: string): CheckSummary => ({
    id,
    name: `${r.pick(NAMES)} ${r.int(40)}`,
    checkType: r.pick(["API", "URL", "TCP"]),
    activated: r.next() < 0.9,
    frequency: r.pick([1, 5, 10]),
  });
  const status = (r: ReturnType<typeof rng>, id: string): StatusSummary => ({
    checkId: id,
    hasFailures: r.next() < 0.3,
    isDegraded: r.next() < 0.1,
    updated_at: new Date(1_700_000_000_000 + r.int(30) * 60_000).toISOString(),
  });

  it.each(SEEDS)(
    "a poll made ready, then put in, leaves the rows of the full join and sort — whatever came between (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const store = createConsoleStore();
      let checks = Array.from({ length: 300 + r.int(900) }, (_, i) => check(r, `c${i}`));
      store.setState(checksLoaded(checks, 0));
      store.setState(
        statusesLoaded(
          checks.map((c) => status(r, c.id)),
          0,
        ),
      );
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      let sort: CheckSort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
      const rowsNow = () => {
        const s = store.getState();
        const changed = s.statuses.changed;
        return view.rows(s.checks.items, s.statuses.byId, sort, undefined, changed?.ids);
      };
      rowsNow();
      let nextId = 10_000;
      for (let step = 0; step < 20; step++) {
        // a poll: a few statuses or hundreds (an incident)
        const held = store.getState().statuses;
        const changed = checks
          .filter(() => r.next() < (r.next() < 0.3 ? 0.5 : 0.02))
          .map((c) => status(r, c.id));
        const next = statusesLoaded(
          [...held.byId.values()].map((x) => changed.find((c) => c.checkId === x.checkId) ?? x),
          0,
          held,
        ).statuses as typeof held;
        await view.prepare(store.getState().checks.items, next.byId, sort, next.changed?.ids ?? []);
        // between the plan and the poll: nothing, the screen asking again, a check added, another sort
        const between = r.next();
        if (between < 0.3) rowsNow();
        else if (between < 0.4) {
          checks = [...checks, check(r, `c${nextId++}`)];
          store.setState(checksLoaded(checks, 0, store.getState().checks));
          rowsNow();
        } else if (between < 0.5) {
          sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
          rowsNow();
        }
        store.setState({ statuses: next });
        store.setState({ ui: { ...store.getState().ui, sort } });
        const got = rowsNow();
        const want = sortCheckRowsWhole(store.getState());
        expect(got.map((x) => x.id)).toEqual(want.map((x) => x.id));
        expect(got).toEqual(want);
      }
    },
  );

  it("the poll made ready is what the next call puts in: the rows it made, not made again", async () => {
    const checks: CheckSummary[] = Array.from({ length: 2000 }, (_, i) => ({
      id: `c${i}`,
      name: `check ${String(i).padStart(4, "0")}`,
      checkType: "URL",
    }));
    const ok = (id: string, failing = false): StatusSummary => ({
      checkId: id,
      hasFailures: failing,
      updated_at: "2026-11-26T00:00:00Z",
    });
    let made = 0;
    const view = new CheckRowsView<CheckSummary, StatusSummary, Row>((c, s) => {
      made++;
      return makeRow(c, s);
    });
    const sort: CheckSort = { column: "status", desc: false };
    const held = new Map(checks.map((c) => [c.id, ok(c.id)]));
    const first = view.rows(checks, held, sort);
    const next = new Map(held);
    const ids = ["c1500", "c700", "c3"];
    for (const id of ids) next.set(id, ok(id, true));
    made = 0;
    await view.prepare(checks, next, sort, ids);
    expect(made).toBe(3);
    // still the rows before, on screen meanwhile
    expect(view.rows(checks, held, sort)).toBe(first);
    const after = view.rows(checks, next, sort, undefined, ids);
    expect(made).toBe(3);
    expect(after.slice(0, 3).map((x) => x.id)).toEqual(["c3", "c700", "c1500"]);
    expect(after.slice(3)).toEqual(first.filter((x) => !ids.includes(x.id)));
  });
});
