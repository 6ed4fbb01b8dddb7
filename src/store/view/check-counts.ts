/**
 * What the checks pane's summary counts of its rows (✖ failing · ▲ degraded · ⊘ deactivated · muted), kept
 * per rows array instead of counted every frame (issue 27): the incremental list (check-rows.ts) derives
 * the counts of its new rows from those of the rows before and the rows a change put in and took out — a
 * status poll over 100,000 checks counts the 20 rows it moved, not 100,000 (9 ms of every poll's frame);
 * any other array (a filter's rows) is counted once, when first asked, and remembered with it.
 *
 * Pure: counts are a function of the rows; `countsOf(rows)` always equals `countRows(rows)`.
 */
import type { Health } from "../../shared/format.ts";

export type CheckCounts = {
  readonly failing: number;
  readonly degraded: number;
  readonly deactivated: number;
  readonly muted: number;
};

/** What the counts read of a row. */
export type CountedRow = {
  check: { activated?: boolean | null | undefined; muted?: boolean | null | undefined };
  health?: Health | undefined;
};

type Tally = { failing: number; degraded: number; deactivated: number; muted: number };

const zero = (): Tally => ({ failing: 0, degraded: 0, deactivated: 0, muted: 0 });

/** Add (`sign` 1) or take out (-1) one row. A deactivated check counts as deactivated, whatever its state. */
function add(n: Tally, r: CountedRow, sign: 1 | -1): void {
  if (r.check.muted === true) n.muted += sign;
  if (r.check.activated === false) n.deactivated += sign;
  else if (r.health === "failing") n.failing += sign;
  else if (r.health === "degraded") n.degraded += sign;
}

/** The counts of `rows`, one pass (the reference the derived counts must equal). */
export function countRows(rows: readonly CountedRow[]): CheckCounts {
  // `add`'s rule in one loop over an index, counted in locals: a filter's answer is counted in its
  // keystroke's frame, the first time before V8 has compiled this loop, where an iterator made a result
  // object per row (~40 KB a keystroke) and a call per row cost more than the rest (3,800 rows not yet
  // compiled: ~0.3 against 0.5–2 ms, a script)
  let failing = 0;
  let degraded = 0;
  let deactivated = 0;
  let muted = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as CountedRow;
    if (r.check.muted === true) muted++;
    if (r.check.activated === false) deactivated++;
    else if (r.health === "failing") failing++;
    else if (r.health === "degraded") degraded++;
  }
  return { failing, degraded, deactivated, muted };
}

const known = new WeakMap<readonly CountedRow[], CheckCounts>();

/** The counts of `rows`: remembered with the array (derived by `deriveCounts`, or counted once). */
export function countsOf(rows: readonly CountedRow[]): CheckCounts {
  let n = known.get(rows);
  if (n === undefined) {
    n = countRows(rows);
    known.set(rows, n);
  }
  return n;
}

/** The counts remembered with `rows`, if any (what `countsOf` answers without a pass). */
export const countsKnown = (rows: readonly CountedRow[]): CheckCounts | undefined => known.get(rows);

/** `after` holds the rows of `before` in another order: the counts of `before`, if known, are its. */
export function carryCounts(before: readonly CountedRow[], after: readonly CountedRow[]): void {
  const n = known.get(before);
  if (n !== undefined) known.set(after, n);
}

/**
 * Counts taken a stretch of rows at a time (a filter's whole answer, built in slices: filtered-rows.ts),
 * then remembered with the array they are of — so its first frame does not count it.
 */
export class CountsTally {
  readonly #n = zero();

  /** Count `rows[from..to)`. */
  add(rows: readonly CountedRow[], from: number, to: number): void {
    for (let i = from; i < to; i++) add(this.#n, rows[i] as CountedRow, 1);
  }

  /** These are the counts of `rows` (every one of its rows was added once). */
  record(rows: readonly CountedRow[]): void {
    known.set(rows, { ...this.#n });
  }
}

/**
 * A change about to be made to a list whose rows' counts are known: `put` each row put in (replacing the
 * row `held(id)` gives, if any — the list's own row before the change, or one put earlier in this change),
 * `take` each id taken out, then `done(before, after)` records the counts of the new array. Nothing is
 * recorded when the counts of `before` were not known (they are counted when asked).
 */
export class CountsChange<R extends CountedRow & { id: string }> {
  readonly #held: (id: string) => R | undefined;
  readonly #base: CheckCounts | undefined;
  readonly #delta = zero();
  /** Rows already put or taken in this change (undefined: taken). */
  readonly #now = new Map<string, R | undefined>();

  constructor(before: readonly R[], held: (id: string) => R | undefined) {
    this.#held = held;
    this.#base = known.get(before);
  }

  #current(id: string): R | undefined {
    return this.#now.has(id) ? this.#now.get(id) : this.#held(id);
  }

  put(r: R): void {
    if (this.#base === undefined) return;
    const old = this.#current(r.id);
    if (old !== undefined) add(this.#delta, old, -1);
    add(this.#delta, r, 1);
    this.#now.set(r.id, r);
  }

  take(id: string): void {
    if (this.#base === undefined) return;
    const old = this.#current(id);
    if (old !== undefined) add(this.#delta, old, -1);
    this.#now.set(id, undefined);
  }

  /** The change is made: `after` (the list's new array) has the counts before plus the change. */
  done(before: readonly R[], after: readonly R[]): void {
    const base = this.#base;
    if (base === undefined || after === before) return;
    const d = this.#delta;
    known.set(after, {
      failing: base.failing + d.failing,
      degraded: base.degraded + d.degraded,
      deactivated: base.deactivated + d.deactivated,
      muted: base.muted + d.muted,
    });
  }
}
