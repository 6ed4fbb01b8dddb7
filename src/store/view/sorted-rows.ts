/**
 * A list kept sorted as rows come, change and go — without sorting it again (issue 27 item 2). A poll
 * that changes the status of 3 checks out of 100,000 moves those 3 rows (a binary search and a splice
 * each) instead of re-sorting every row; a batch that touches a large part of the list is sorted whole,
 * which is cheaper then.
 *
 * Pure and framework-free: rows are opaque values with an id; `compare` must be a total order (ties broken
 * by the id) so a row's place is unique. `rows` is a fresh array after every change that changed
 * something and the same array otherwise, so a memoised view downstream sees change by identity.
 */

export type RowChanges<R> = {
  /** Rows added or replaced (matched by id). */
  upsert?: readonly R[];
  /** Ids of rows removed (an unknown id is ignored). */
  remove?: readonly string[];
};

export class SortedRows<R> {
  readonly #id: (r: R) => string;
  readonly #compare: (a: R, b: R) => number;
  #rows: readonly R[] = [];
  readonly #byId = new Map<string, R>();

  constructor(id: (r: R) => string, compare: (a: R, b: R) => number, rows: Iterable<R> = []) {
    this.#id = id;
    this.#compare = compare;
    this.reset(rows);
  }

  /** The rows in order (do not mutate; replaced, never changed in place). */
  get rows(): readonly R[] {
    return this.#rows;
  }

  get size(): number {
    return this.#rows.length;
  }

  get(id: string): R | undefined {
    return this.#byId.get(id);
  }

  /** Every row anew, sorted whole (a new order, or the first list). A repeated id keeps its last row. */
  reset(rows: Iterable<R>): void {
    this.#byId.clear();
    for (const r of rows) this.#byId.set(this.#id(r), r);
    this.#rows = [...this.#byId.values()].sort(this.#compare);
  }

  /**
   * Apply a batch of changes (upserts in their order, then removals). Returns whether anything changed;
   * `rows` is a new array exactly then. A row equal (===) to the one held is no change.
   */
  apply(changes: RowChanges<R>): boolean {
    const upsert = changes.upsert ?? [];
    const remove = changes.remove ?? [];
    const n = this.#rows.length;
    const k = upsert.length + remove.length;
    if (k === 0) return false;
    // each change costs a search and a splice (a memmove of up to n); past this, one sort is cheaper
    if (k * Math.log2(n + 2) * 4 > n) {
      let changed = false;
      for (const r of upsert) {
        const id = this.#id(r);
        if (this.#byId.get(id) === r) continue;
        this.#byId.set(id, r);
        changed = true;
      }
      for (const id of remove) changed = this.#byId.delete(id) || changed;
      if (changed) this.#rows = [...this.#byId.values()].sort(this.#compare);
      return changed;
    }
    let rows: R[] | undefined;
    for (const r of upsert) {
      const id = this.#id(r);
      const old = this.#byId.get(id);
      if (old === r) continue;
      rows ??= this.#rows.slice();
      this.#byId.set(id, r);
      if (old !== undefined) {
        const at = this.#indexOf(rows, old);
        // still between its neighbours: replaced where it stands
        const before = rows[at - 1];
        const after = rows[at + 1];
        if (
          (before === undefined || this.#compare(before, r) < 0) &&
          (after === undefined || this.#compare(r, after) < 0)
        ) {
          rows[at] = r;
          continue;
        }
        rows.splice(at, 1);
      }
      rows.splice(this.#insertionPoint(rows, r), 0, r);
    }
    for (const id of remove) {
      const old = this.#byId.get(id);
      if (old === undefined) continue;
      rows ??= this.#rows.slice();
      this.#byId.delete(id);
      rows.splice(this.#indexOf(rows, old), 1);
    }
    if (rows === undefined) return false;
    this.#rows = rows;
    return true;
  }

  /** The first index whose row sorts after `r`. */
  #insertionPoint(rows: readonly R[], r: R): number {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compare(rows[mid] as R, r) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where a held row stands (it is in `rows`, at the place `compare` gives it). */
  #indexOf(rows: readonly R[], r: R): number {
    const at = this.#insertionPoint(rows, r);
    if (rows[at] !== r) throw new Error(`SortedRows: row ${this.#id(r)} is not where its order puts it`);
    return at;
  }
}
