/**
 * The summary's counts (check-counts.ts): `countRows`, the reference every derived count must equal, counts
 * as the rule says — a deactivated check as deactivated whatever its state, a muted one as muted besides —
 * which is also the rule the tallies of the sliced answers and of a poll's changes apply row by row.
 */
import { describe, expect, it } from "vitest";
import type { Health } from "../../../src/shared/format.ts";
import { type CountedRow, CountsTally, countRows, countsOf } from "../../../src/store/view/check-counts.ts";
import { rng } from "../../support/rng.ts";

const HEALTHS: (Health | undefined)[] = [
  "passing",
  "failing",
  "degraded",
  "cannot run",
  "pending",
  undefined,
];

/** The rule, written out once more: what each row adds. */
function oracle(rows: readonly CountedRow[]) {
  const n = { failing: 0, degraded: 0, deactivated: 0, muted: 0 };
  for (const r of rows) {
    if (r.check.muted === true) n.muted++;
    if (r.check.activated === false) n.deactivated++;
    else if (r.health === "failing") n.failing++;
    else if (r.health === "degraded") n.degraded++;
  }
  return n;
}

describe("the summary's counts", () => {
  it.each([1, 2, 3, 4])(
    "of random rows: the rule, and what a tally of stretches of them records (seed %i)",
    (seed) => {
      const r = rng(seed);
      for (let round = 0; round < 50; round++) {
        const rows: CountedRow[] = Array.from({ length: r.int(300) }, () => ({
          check: {
            activated: r.pick([true, false, null, undefined]),
            muted: r.pick([true, false, null, undefined]),
          },
          health: r.pick(HEALTHS),
        }));
        const want = oracle(rows);
        expect(countRows(rows)).toEqual(want);
        // the tally a sliced answer keeps, stretch by stretch (filtered-rows.ts), recorded with its array
        const tally = new CountsTally();
        for (let from = 0; from < rows.length; ) {
          const to = Math.min(rows.length, from + 1 + r.int(40));
          tally.add(rows, from, to);
          from = to;
        }
        const copy = [...rows];
        tally.record(copy);
        expect(countsOf(copy)).toEqual(want);
      }
    },
  );
});
