/**
 * A list kept sorted as rows come, change and go — without sorting it again (issue 27 item 2). A poll
 * that changes the status of 3 checks out of 100,000 moves those 3 rows (a binary search and a splice
 * each) instead of re-sorting every row; a batch that touches a large part of the list is sorted whole,
 * which is cheaper then.
 *
 * Pure and framework-free: rows are opaque values with an id; `compare` must be a total order (ties broken
 * by the id) so a row's place is unique. `rows` is a fresh array after every change that changed
 * something and the same array otherwise, so a memoised view downstream sees change by identity.
 *
 * A number per row can be kept beside the rows (`tags`: the checks list keeps where each row's check is in
 * the checks array, what the `/` filter's index speaks in): computed for every row when first asked, then
 * moved with its row through small changes, and dropped by a whole sort or `dropTags`.
 */

export type RowChanges<R> = {
  /** Rows added or replaced (matched by id). */
  upsert?: readonly R[];
  /** Ids of rows removed (an unknown id is ignored). */
  remove?: readonly string[];
  /** The tag of each upserted row (same index), taken when the row is new to the list. */
  tags?: readonly number[];
};

/**
 * The order of the rows: a comparator, which may bring a sort of many rows giving the very same order
 * faster (`sortMany`: keys taken once per row instead of in every comparison; the checks list's does,
 * check-rows.ts). Used for a batch of at least SORT_MANY_FROM rows.
 */
export type RowOrder<R> = ((a: R, b: R) => number) & { sortMany?: (rows: readonly R[]) => R[] };
const SORT_MANY_FROM = 256;

/** `rows` sorted by `order` (a fresh array). */
function sortBy<R>(order: RowOrder<R>, rows: R[]): R[] {
  return order.sortMany && rows.length >= SORT_MANY_FROM ? order.sortMany(rows) : rows.sort(order);
}

export class SortedRows<R> {
  readonly #id: (r: R) => string;
  #compare: RowOrder<R>;
  #rows: readonly R[] = [];
  readonly #byId = new Map<string, R>();
  #tags: number[] | undefined;
  #tagOf: ((r: R) => number) | undefined;

  constructor(id: (r: R) => string, compare: RowOrder<R>, rows: Iterable<R> = []) {
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

  /** Where the row of `id` is in `rows` (a binary search by the order), undefined when none is held. */
  indexOf(id: string): number | undefined {
    const r = this.#byId.get(id);
    return r === undefined ? undefined : this.#indexOf(this.#rows, r);
  }

  /**
   * Each row's tag, in the rows' order: the tags held, else `tagOf` of every row; `tagOf` also tags the
   * rows added from now on.
   */
  tags(tagOf: (r: R) => number): readonly number[] {
    this.#tagOf = tagOf;
    this.#tags ??= this.#rows.map(tagOf);
    return this.#tags;
  }

  /** Forget the tags (what they said no longer holds: the next `tags` computes them anew). */
  dropTags(): void {
    this.#tags = undefined;
    this.#tagOf = undefined;
  }

  /** Every row anew, sorted whole (a new order, or the first list). A repeated id keeps its last row. */
  reset(rows: Iterable<R>): void {
    this.#byId.clear();
    for (const r of rows) this.#byId.set(this.#id(r), r);
    this.#rows = sortBy(this.#compare, [...this.#byId.values()]);
    this.dropTags();
  }

  /**
   * The same rows in a new order (a sort found apart, in slices): `order[k]` is the index in `rows` of the
   * row that goes to place k under `compare` (the caller sorted them so). Each row keeps its tag.
   */
  reorder(compare: RowOrder<R>, order: readonly number[]): void {
    const held = this.#rows;
    if (order.length !== held.length) throw new Error("SortedRows.reorder: not a permutation of the rows");
    const tags = this.#tags;
    this.#rows = order.map((i) => held[i] as R);
    this.#tags = tags && order.map((i) => tags[i] as number);
    this.#compare = compare;
  }

  /**
   * Rows already in order (the caller sorted them), each with its tag; false (and nothing held) when an id
   * repeats — then `reset` them.
   */
  presorted(rows: readonly R[], tags: readonly number[], tagOf?: (r: R) => number): boolean {
    this.#byId.clear();
    for (const r of rows) this.#byId.set(this.#id(r), r);
    if (this.#byId.size !== rows.length) {
      this.#byId.clear();
      this.#rows = [];
      this.dropTags();
      return false;
    }
    this.#rows = rows;
    this.#tags = tags.slice();
    this.#tagOf = tagOf;
    return true;
  }

  /**
   * Apply a batch of changes (upserts in their order, then removals). Returns whether anything changed;
   * `rows` is a new array exactly then. A row equal (===) to the one held is no change. A row that
   * replaces the one held with its id keeps its tag; a new row takes `tagOf` of it (without one, the tags
   * are dropped).
   */
  apply(changes: RowChanges<R>): boolean {
    const upsert = changes.upsert ?? [];
    const remove = changes.remove ?? [];
    const n = this.#rows.length;
    const k = upsert.length + remove.length;
    if (k === 0) return false;
    // each change costs a search and a splice (a memmove of up to n); past this, one merge is cheaper
    if (k * Math.log2(n + 2) * 4 > n) return this.#merge(upsert, remove, changes.tags);
    let rows: R[] | undefined;
    const tagOf = this.#tagOf;
    let tags: number[] | undefined;
    for (let u = 0; u < upsert.length; u++) {
      const r = upsert[u] as R;
      const id = this.#id(r);
      const old = this.#byId.get(id);
      if (old === r) continue;
      rows ??= this.#rows.slice();
      tags ??= this.#tags?.slice();
      this.#byId.set(id, r);
      let tag: number | undefined;
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
        tag = tags?.splice(at, 1)[0];
      } else if (tags) {
        tag = changes.tags?.[u] ?? tagOf?.(r);
        if (tag === undefined) tags = undefined;
      }
      const to = this.#insertionPoint(rows, r);
      rows.splice(to, 0, r);
      tags?.splice(to, 0, tag as number);
    }
    for (const id of remove) {
      const old = this.#byId.get(id);
      if (old === undefined) continue;
      rows ??= this.#rows.slice();
      tags ??= this.#tags?.slice();
      this.#byId.delete(id);
      const at = this.#indexOf(rows, old);
      rows.splice(at, 1);
      tags?.splice(at, 1);
    }
    if (rows === undefined) return false;
    this.#rows = rows;
    this.#tags = tags;
    if (!tags) this.#tagOf = undefined;
    return true;
  }

  /**
   * A large batch: the rows it replaces or removes are taken out in one pass, the new rows sorted among
   * themselves, and the two merged — each new row's place found by a search that starts after the last
   * one's (a page of 4,000 checks into 96,000 costs a sort of 4,000 and a copy, not a sort of 100,000).
   */
  #merge(
    upsert: readonly R[],
    remove: readonly string[],
    upsertTags: readonly number[] | undefined,
  ): boolean {
    const gone = new Set<R>();
    const fresh = new Map<string, R>();
    // a replaced row's tag goes to the row replacing it; a new row takes the one given with it
    const heldTags = this.#tags;
    const tagById = heldTags && new Map<string, number>();
    for (let u = 0; u < upsert.length; u++) {
      const r = upsert[u] as R;
      const id = this.#id(r);
      const old = this.#byId.get(id);
      if (old === r) continue;
      if (old !== undefined) gone.add(old);
      else if (tagById && upsertTags?.[u] !== undefined) tagById.set(id, upsertTags[u] as number);
      this.#byId.set(id, r);
      fresh.set(id, r);
    }
    for (const id of remove) {
      const old = this.#byId.get(id);
      if (old === undefined) continue;
      gone.add(old);
      this.#byId.delete(id);
      fresh.delete(id);
    }
    if (gone.size === 0 && fresh.size === 0) return false;
    const held = this.#rows;
    let kept: readonly R[] = held;
    let keptTags: readonly number[] | undefined = heldTags;
    if (gone.size > 0) {
      const rows: R[] = [];
      const tags: number[] | undefined = heldTags && [];
      for (let j = 0; j < held.length; j++) {
        const r = held[j] as R;
        if (!gone.has(r)) {
          rows.push(r);
          tags?.push(heldTags?.[j] as number);
        } else tagById?.set(this.#id(r), heldTags?.[j] as number);
      }
      kept = rows;
      keptTags = tags;
    }
    const added = sortBy(this.#compare, [...fresh.values()]);
    const out: R[] = new Array(kept.length + added.length);
    let outTags: number[] | undefined = keptTags && new Array(out.length);
    const tagOf = this.#tagOf;
    let i = 0;
    let o = 0;
    for (const r of added) {
      // the first kept row after r, searched from where the last one went
      let lo = i;
      let hi = kept.length;
      // gallop: most new rows land near the last one
      let step = 1;
      while (lo + step < hi && this.#compare(kept[lo + step] as R, r) < 0) {
        lo += step;
        step *= 2;
      }
      if (lo + step < hi) hi = lo + step;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.#compare(kept[mid] as R, r) < 0) lo = mid + 1;
        else hi = mid;
      }
      while (i < lo) {
        if (outTags) outTags[o] = keptTags?.[i] as number;
        out[o++] = kept[i++] as R;
      }
      if (outTags) {
        const tag = tagById?.get(this.#id(r)) ?? tagOf?.(r);
        if (tag === undefined) outTags = undefined;
        else outTags[o] = tag;
      }
      out[o++] = r;
    }
    while (i < kept.length) {
      if (outTags) outTags[o] = keptTags?.[i] as number;
      out[o++] = kept[i++] as R;
    }
    this.#rows = out;
    this.#tags = outTags;
    if (!outTags) this.#tagOf = undefined;
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
