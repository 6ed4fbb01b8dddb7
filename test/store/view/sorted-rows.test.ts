/**
 * Property tests (seeded random sequences; fast-check is not a dependency) that the incrementally kept
 * list equals a full sort after any sequence of changes: SortedRows over plain rows, and the checks list's
 * CheckRowsView against the full join and sort of selectors.ts (`sortCheckRowsWhole`), fed through the data
 * slice's own reducers so unchanged checks and statuses keep their identity as they do live.
 */
import { describe, expect, it } from "vitest";
import { checksLoaded, statusesLoaded } from "../../../src/store/data/slices.ts";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import { CheckRowsView, type CheckSort, type CheckSortColumn } from "../../../src/store/view/check-rows.ts";
import { makeCheckRow } from "../../../src/store/view/selectors.ts";
import { SortedRows } from "../../../src/store/view/sorted-rows.ts";
import { rng } from "../../support/rng.ts";
import { sortCheckRowsWhole } from "./full-sort.ts";

const SEEDS = Array.from({ length: 40 }, (_, i) => 1000 + i);

describe("SortedRows", () => {
  type Row = { id: string; v: number };
  const order = (a: Row, b: Row) => a.v - b.v || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const full = (m: Map<string, Row>) => [...m.values()].sort(order);
  /** A tag per id (a replaced row keeps its id's tag). */
  const tagOf = (x: Row) => Number(x.id.slice(1));

  it.each(SEEDS)("equals a full sort after any sequence of upserts and removals (seed %i)", (seed) => {
    const r = rng(seed);
    // every 4th seed a long list: few changes among many rows take the searched paths, many the passes
    const length = seed % 4 === 0 ? 3000 + r.int(2000) : r.int(300);
    const start = Array.from({ length }, (_, i) => ({ id: `r${i}`, v: r.int(50) }));
    const model = new Map(start.map((x) => [x.id, x]));
    const s = new SortedRows<Row>((x) => x.id, order, start);
    let nextId = 10_000;
    for (let step = 0; step < 60; step++) {
      const ids = [...model.keys()];
      // mostly small batches, now and then a larger one, rarely one of over 1,024 new rows
      const roll = r.next();
      const size =
        roll < 0.6 ? 1 + r.int(4) : roll < 0.85 ? r.int(60) : roll < 0.97 ? r.int(400) : 1600 + r.int(600);
      const upsert: Row[] = [];
      const remove: string[] = [];
      const added: string[] = [];
      for (let k = 0; k < size; k++) {
        const op = r.next();
        if (op < 0.45 && ids.length) upsert.push({ id: r.pick(ids), v: r.int(50) });
        else if (op < 0.7) {
          const id = `r${nextId++}`;
          added.push(id);
          upsert.push({ id, v: r.int(50) });
        } else if (op < 0.75 && added.length) {
          // a row this batch added, changed again in it, or removed by it
          const id = r.pick(added);
          if (r.next() < 0.5) upsert.push({ id, v: r.int(50) });
          else remove.push(id);
        } else if (op < 0.82 && ids.length) {
          const same = model.get(r.pick(ids)) as Row;
          upsert.push(same); // the same object: no change
        } else if (ids.length) remove.push(r.pick(ids));
        else remove.push("unknown");
      }
      const before = s.rows;
      for (const x of upsert) model.set(x.id, x);
      for (const id of remove) model.delete(id);
      // the new rows' tags given with them now and then (the checks list gives their place in its array)
      const changed = s.apply(
        r.next() < 0.3 ? { upsert, remove, tags: upsert.map(tagOf) } : { upsert, remove },
      );
      expect(s.rows).toEqual(full(model));
      expect(s.size).toBe(model.size);
      expect(changed).toBe(s.rows !== before);
      if (!changed) expect(s.rows).toBe(before);
      // the tags kept beside the rows (asked now and then) follow their rows through every change
      if (r.next() < 0.5) expect(s.tags(tagOf)).toEqual(s.rows.map(tagOf));
    }
  });

  it("takes rows sorted by the caller with their tags, unless an id repeats", () => {
    const s = new SortedRows<Row>((x) => x.id, order);
    const rows = [
      { id: "a", v: 1 },
      { id: "b", v: 2 },
    ];
    expect(s.presorted(rows, [7, 9])).toBe(true);
    expect(s.tags(tagOf)).toEqual([7, 9]);
    s.apply({ upsert: [{ id: "a", v: 3 }] });
    // a replaced row keeps its tag; a new one takes tagOf's
    expect(s.tags(tagOf)).toEqual([9, 7]);
    s.apply({ upsert: [{ id: "r5", v: 0 }] });
    expect(s.tags(tagOf)).toEqual([5, 9, 7]);
    expect(s.presorted([rows[0] as Row, rows[0] as Row], [1, 2])).toBe(false);
    expect(s.rows).toEqual([]);
  });

  it("a replaced row keeps its tag in a long list, whether few rows or many change", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: `r${i}`, v: i }));
    // tags that tagOf would not give (the place of each row's check in an array of the caller's)
    const given = rows.map((_, i) => 7 * i + 3);
    const s = new SortedRows<Row>((x) => x.id, order);
    expect(s.presorted(rows, given, tagOf)).toBe(true);
    const tagsById = new Map(rows.map((x, i) => [x.id, given[i] as number]));
    for (const count of [3, 2500]) {
      // `count` rows moved to the other end: each keeps its tag; one new row takes tagOf's
      const moved = rows.slice(0, count).map((x) => ({ id: x.id, v: 10_000 + x.v }));
      s.apply({ upsert: [...moved, { id: `r${9000 + count}`, v: -1 }] });
      tagsById.set(`r${9000 + count}`, 9000 + count);
      expect(s.tags(tagOf)).toEqual(s.rows.map((x) => tagsById.get(x.id)));
    }
  });

  it("a batch that changes nothing keeps the same array", () => {
    const rows = [
      { id: "a", v: 1 },
      { id: "b", v: 2 },
    ];
    const s = new SortedRows<Row>((x) => x.id, order, rows);
    const before = s.rows;
    expect(s.apply({ upsert: [rows[0] as Row], remove: ["zz"] })).toBe(false);
    expect(s.rows).toBe(before);
  });
});

describe("CheckRowsView (the checks list, joined and sorted incrementally)", () => {
  const TYPES = ["API", "URL", "BROWSER", "HEARTBEAT", "TCP"];
  const NAMES = ["alpha", "Alpha", "beta", "Gamma", "gamma", "delta", "Ä", "zeta", "eta", "a b"];
  const COLUMNS: CheckSortColumn[] = ["status", "name", "type", "frequency", "lastRun", "responseTime"];

  // the console's own join of a check and its status (a failing heartbeat's status time is no run)
  type Row = ReturnType<typeof makeRow>;
  const makeRow = makeCheckRow;

  function check(r: ReturnType<typeof rng>, id: string): CheckSummary {
    return {
      id,
      name: `${r.pick(NAMES)}${r.next() < 0.5 ? "" : ` ${r.int(5)}`}`,
      checkType: r.pick(TYPES),
      activated: r.next() < 0.85,
      muted: r.next() < 0.1,
      frequency: r.next() < 0.1 ? null : r.pick([1, 5, 10, 60]),
    };
  }
  function status(r: ReturnType<typeof rng>, id: string): StatusSummary {
    return {
      checkId: id,
      hasFailures: r.next() < 0.2,
      hasErrors: r.next() < 0.05,
      isDegraded: r.next() < 0.1,
      cannotRun: r.next() < 0.03,
      updated_at: r.next() < 0.1 ? null : new Date(1_700_000_000_000 + r.int(20) * 60_000).toISOString(),
    };
  }

  it.each(SEEDS)(
    "equals the full join and sort after status changes, adds, removes and sort changes (seed %i)",
    (seed) => {
      const r = rng(seed);
      const store = createConsoleStore();
      let checks = Array.from({ length: 20 + r.int(200) }, (_, i) => check(r, `c${i}`));
      let statuses = checks.filter(() => r.next() < 0.9).map((c) => status(r, c.id));
      let nextId = 10_000;
      const load = () => {
        const s = store.getState();
        store.setState(checksLoaded(checks, 0, s.checks));
        store.setState(statusesLoaded(statuses, 0, store.getState().statuses));
      };
      load();
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      let sort: CheckSort = { column: "status", desc: false };
      for (let step = 0; step < 50; step++) {
        const op = r.next();
        // the ids whose status a poll touched, told to the view (plus some it did not touch) every other time
        let touched: string[] | undefined;
        if (op < 0.45) {
          // a status poll: a few statuses change, some appear
          touched = r.next() < 0.5 ? [] : undefined;
          for (let k = 1 + r.int(4); k > 0; k--) {
            const id = r.pick(checks).id;
            statuses = [...statuses.filter((x) => x.checkId !== id), status(r, id)];
            touched?.push(id, r.pick(checks).id, "not-a-check");
          }
        } else if (op < 0.6) {
          for (let k = 1 + r.int(3); k > 0; k--) checks = [...checks, check(r, `c${nextId++}`)];
        } else if (op < 0.72 && checks.length > 1) {
          const gone = r.pick(checks).id;
          checks = checks.filter((c) => c.id !== gone);
          if (r.next() < 0.5) statuses = statuses.filter((x) => x.checkId !== gone);
        } else if (op < 0.84) {
          // a check edited: renamed, (de)activated, another frequency
          const i = r.int(checks.length);
          const old = checks[i] as CheckSummary;
          checks = checks.with(i, { ...check(r, old.id), checkType: old.checkType });
        } else if (op < 0.92) {
          sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
        } // else: a poll with nothing new
        store.setState({ ui: { ...store.getState().ui, sort } });
        load();
        const s = store.getState();
        const want = sortCheckRowsWhole(s);
        const before = view.rows(s.checks.items, s.statuses.byId, s.ui.sort, undefined, touched);
        expect(before.map((x) => x.id)).toEqual(want.map((x) => x.id));
        expect(before).toEqual(want);
        // asked again with the same inputs: the same array
        expect(view.rows(s.checks.items, s.statuses.byId, s.ui.sort)).toBe(before);
      }
    },
  );

  it.each(SEEDS.slice(0, 12))(
    "equals the full join and sort when batches of hundreds of rows come at once: the list's rest after its first page, every status, a status read over all (seed %i)",
    (seed) => {
      const r = rng(seed);
      const store = createConsoleStore();
      const all = Array.from({ length: 600 + r.int(400) }, (_, i) => check(r, `c${i}`));
      const sort: CheckSort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
      store.setState({ ui: { ...store.getState().ui, sort } });
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
      const same = () => {
        const s = store.getState();
        const got = view.rows(s.checks.items, s.statuses.byId, s.ui.sort);
        expect(got.map((x) => x.id)).toEqual(sortCheckRowsWhole(s).map((x) => x.id));
      };
      // the first page, then the rest at once (several hundred new rows in one batch)
      store.setState(checksLoaded(all.slice(0, 100), 0));
      same();
      store.setState(checksLoaded(all, 0, store.getState().checks));
      same();
      // every status at once, then a read that changes most of them
      store.setState(
        statusesLoaded(
          all.map((c) => status(r, c.id)),
          0,
        ),
      );
      same();
      const next = all.map((c) =>
        r.next() < 0.7 ? status(r, c.id) : store.getState().statuses.byId.get(c.id),
      );
      store.setState(
        statusesLoaded(
          next.filter((x) => x !== undefined),
          0,
          store.getState().statuses,
        ),
      );
      same();
    },
  );

  it("a poll that changes one status moves that row and reuses every other row object", () => {
    const checks: CheckSummary[] = Array.from({ length: 1000 }, (_, i) => ({
      id: `c${i}`,
      name: `check ${String(i).padStart(4, "0")}`,
      checkType: "URL",
    }));
    const ok = (id: string): StatusSummary => ({
      checkId: id,
      hasFailures: false,
      updated_at: "2026-11-26T00:00:00Z",
    });
    let byId = new Map(checks.map((c) => [c.id, ok(c.id)]));
    const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow);
    const sort: CheckSort = { column: "status", desc: false };
    const first = view.rows(checks, byId, sort);
    expect(first[0]?.id).toBe("c0");
    byId = new Map(byId);
    byId.set("c500", { ...ok("c500"), hasFailures: true });
    const next = view.rows(checks, byId, sort, undefined, ["c500"]);
    expect(next).not.toBe(first);
    expect(next[0]?.id).toBe("c500");
    expect(next[0]?.health).toBe("failing");
    const reused = next.slice(1).filter((row) => first.includes(row));
    expect(reused).toHaveLength(999);
  });
});
