/**
 * A long list's new sort found in slices (check-rows.ts): `sortedPositionsSliced` gives the order
 * `sortedPositions` gives, and a CheckRowsView given a wake keeps its rows in the order before — taking
 * the data's changes — until the new one is found, then shows exactly the rows of a full sort; a new sort
 * asked meanwhile, or the old one again, drops the unfinished one, which never wakes the view.
 */
import { describe, expect, it } from "vitest";
import type { CheckSummary, StatusSummary } from "../../../src/store/data/summary.ts";
import {
  CheckRowsView,
  type CheckSort,
  type CheckSortColumn,
  checkRowOrder,
  sortedPositions,
  sortedPositionsSliced,
} from "../../../src/store/view/check-rows.ts";
import { rng } from "../../support/rng.ts";
import { makeRow, type Row } from "./rows.ts";

const COLUMNS: CheckSortColumn[] = ["status", "name", "type", "frequency", "lastRun"];
const NAMES = ["api", "API", "Login", "login", "zeta", "Ünïcode", "home page", "search"];
const HEALTHS = [{ hasFailures: true }, { isDegraded: true }, { hasFailures: false }, { cannotRun: true }];

function maker(r: ReturnType<typeof rng>) {
  const check = (id: string): CheckSummary => ({
    id,
    name: `${r.pick(NAMES)}${r.next() < 0.5 ? "" : ` ${r.int(9)}`}`,
    checkType: r.pick(["API", "URL", "browser", "TCP"]),
    activated: r.next() < 0.85,
    frequency: r.next() < 0.1 ? null : r.pick([1, 5, 10, 60]),
  });
  const status = (id: string): StatusSummary => ({
    checkId: id,
    ...r.pick(HEALTHS),
    updated_at: r.next() < 0.1 ? null : new Date(1_700_000_000_000 + r.int(30) * 60_000).toISOString(),
  });
  return { check, status };
}

const never = async () => false;
const settle = async (done: () => boolean) => {
  for (let i = 0; i < 10_000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("a new sort found in slices", () => {
  it.each([1, 2, 3, 4, 5, 6])("sortedPositionsSliced equals sortedPositions (seed %i)", async (seed) => {
    const r = rng(seed);
    const { check, status } = maker(r);
    const n = r.pick([0, 1, 2047, 2048, 2049, 4096 + 17, 2048 * 5 + 3]);
    const rows = Array.from({ length: n }, (_, i) => makeRow(check(`c${i}`), status(`c${i}`)));
    for (const column of COLUMNS)
      for (const desc of [false, true]) {
        const sort = { column, desc };
        expect(await sortedPositionsSliced(rows, sort, undefined, never)).toEqual(
          sortedPositions(rows, sort),
        );
      }
  });

  it.each([11, 12, 13, 14, 15, 16, 17, 18])(
    "keeps the order before until the new one is found, then equals a full sort (seed %i)",
    async (seed) => {
      const r = rng(seed);
      const { check, status } = maker(r);
      let checks = Array.from({ length: 100 + r.int(3000) }, (_, i) => check(`c${i}`));
      let statuses = new Map(checks.filter(() => r.next() < 0.9).map((c) => [c.id, status(c.id)]));
      const view = new CheckRowsView<CheckSummary, StatusSummary, Row>(makeRow, { slicedFrom: 50 });
      let wakes = 0;
      const wake = () => wakes++;
      const full = (sort: CheckSort) =>
        checks
          .map((c) => makeRow(c, statuses.get(c.id)))
          .sort(checkRowOrder(sort))
          .map((x) => x.id);
      let sort: CheckSort = { column: "status", desc: false };
      let shown = sort;
      expect(view.rows(checks, statuses, sort, undefined, undefined, wake).map((x) => x.id)).toEqual(
        full(sort),
      );
      let pending = 0;
      for (let step = 0; step < 40; step++) {
        const op = r.next();
        if (op < 0.35) sort = { column: r.pick(COLUMNS), desc: r.next() < 0.5 };
        else if (op < 0.45) sort = shown;
        else if (op < 0.75) {
          statuses = new Map(statuses);
          for (let k = 1 + r.int(4); k > 0; k--) {
            const id = r.pick(checks).id;
            statuses.set(id, status(id));
          }
        } else if (op < 0.85) checks = [...checks, check(`n${step}`)];
        else if (op < 0.9 && checks.length > 60) checks = checks.toSpliced(r.int(checks.length), 1);
        wakes = 0;
        const rows = view.rows(checks, statuses, sort, undefined, undefined, wake);
        if (!view.sorting) shown = sort;
        else pending++;
        // the rows are those of the data now, in the order shown (the new one, or still the one before)
        expect(rows.map((x) => x.id)).toEqual(full(shown));
        if (view.sorting && r.next() < 0.7) {
          await settle(() => wakes > 0);
          expect(wakes).toBe(1);
          // sometimes the data changes before the view asks: the order found is of rows gone by
          const moved = r.next() < 0.3;
          if (moved) {
            statuses = new Map(statuses);
            const id = r.pick(checks).id;
            statuses.set(id, status(id));
          }
          const after = view.rows(checks, statuses, sort, undefined, undefined, wake);
          if (!moved) expect(view.sorting).toBe(false);
          if (!view.sorting) shown = sort;
          expect(after.map((x) => x.id)).toEqual(full(shown));
        }
      }
      expect(pending).toBeGreaterThan(0);
      // asked for the order shown again: the unfinished sort is dropped and never wakes the view
      if (view.sorting) {
        view.rows(checks, statuses, shown, undefined, undefined, wake);
        expect(view.sorting).toBe(false);
      }
      wakes = 0;
      await settle(() => false);
      expect(wakes).toBe(0);
    },
  );
});
