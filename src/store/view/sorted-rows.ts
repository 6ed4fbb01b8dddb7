/**
 * A list kept sorted as rows come, change and go — without sorting it again (issue 27 item 2). A poll
 * that changes the status of 20 checks out of 100,000 finds those 20 rows (a binary search each), sorts
 * the 20 new ones among themselves, and builds the new list in one pass that copies the rows between
 * them in runs — not a splice (a move of up to 100,000 entries) per row out and per row in, which cost
 * ~5 ms a poll of 20 and grew with every check that changed at once (an incident's hundreds: tens of ms).
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
/** A plan made in slices (`SortedRows.plan` with a pause) searches this many rows between pauses. */
const PLAN_SLICE = 128;

/**
 * A batch of changes made ready over the rows held when it was made (`base`): the new rows and tags, the
 * rows the batch took out and those it put in by id. Nothing in it is held until `install`.
 */
export type RowsPlan<R> = {
  readonly base: readonly R[];
  readonly baseTags: readonly number[] | undefined;
  readonly baseTagOf: ((r: R) => number) | undefined;
  readonly rows: readonly R[];
  readonly tags: number[] | undefined;
  readonly gone: readonly R[];
  readonly fresh: ReadonlyMap<string, R>;
};

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
    const plan = this.plan(changes);
    if (plan === undefined) return false;
    this.install(plan);
    return true;
  }

  /**
   * What `apply(changes)` would make of the rows held now, made without changing them (undefined: it
   * changes nothing) — the searches that find where each row goes, the new array built — to `install`
   * later in one step, while the rows held are still these (`planFits`). `pause`, given, is called
   * between slices of the searches (every PLAN_SLICE rows): a plan of many rows is made in slices, the
   * rows held and shown meanwhile; a pause that answers true abandons it (then undefined).
   */
  plan(changes: RowChanges<R>): RowsPlan<R> | undefined;
  plan(changes: RowChanges<R>, pause: () => Promise<boolean>): Promise<RowsPlan<R> | undefined>;
  plan(
    changes: RowChanges<R>,
    pause?: () => Promise<boolean>,
  ): RowsPlan<R> | undefined | Promise<RowsPlan<R> | undefined> {
    const steps = this.#planSteps(changes.upsert ?? [], changes.remove ?? [], changes.tags);
    if (pause === undefined) {
      let step = steps.next();
      while (!step.done) step = steps.next();
      return step.value;
    }
    return (async () => {
      let step = steps.next();
      while (!step.done) {
        if (await pause()) return undefined;
        step = steps.next();
      }
      return step.value;
    })();
  }

  /** Whether `plan` was made over the rows held now (then `install` takes it). */
  planFits(plan: RowsPlan<R>): boolean {
    return plan.base === this.#rows && plan.baseTags === this.#tags && plan.baseTagOf === this.#tagOf;
  }

  /** Put a plan made over the rows held now in place: the new rows, their tags, the rows by id. */
  install(plan: RowsPlan<R>): void {
    if (!this.planFits(plan)) throw new Error("SortedRows.install: a plan made over other rows");
    for (const r of plan.gone) this.#byId.delete(this.#id(r));
    for (const [id, r] of plan.fresh) this.#byId.set(id, r);
    this.#rows = plan.rows;
    this.#tags = plan.tags;
    if (!plan.tags) this.#tagOf = undefined;
  }

  /**
   * A batch: the new rows sorted among themselves, each one's place found by a search that starts after
   * the last one's, the rows it replaces or removes found (few: a binary search each; many: one pass), and
   * the new list built in one pass that copies the held rows between those places in runs (a page of 4,000
   * checks into 96,000 costs a sort of 4,000 and a copy, not a sort of 100,000; 500 changed statuses among
   * 100,000, 2.1 instead of ~20 ms of splices). Yields (nothing) between slices of the searches; nothing
   * held is changed (`install` does).
   */
  *#planSteps(
    upsert: readonly R[],
    remove: readonly string[],
    upsertTags: readonly number[] | undefined,
  ): Generator<void, RowsPlan<R> | undefined> {
    if (upsert.length + remove.length === 0) return undefined;
    // the rows this batch puts, by id, and the held ids it removes: an id's row as the batch goes is
    // fresh's, else none when removed, else the held one (no map of every id beside these two); and the
    // held rows it replaces or removes, each once (a row the batch itself added is not held). Upserts come
    // before removes: a removed id is never put again in the same batch
    const fresh = new Map<string, R>();
    const removed = new Set<string>();
    const gone: R[] = [];
    // a replaced row's tag goes to the row replacing it; a new row takes the one given with it
    const heldTags = this.#tags;
    const tagById = heldTags && new Map<string, number>();
    for (let u = 0; u < upsert.length; u++) {
      const r = upsert[u] as R;
      const id = this.#id(r);
      const put = fresh.get(id);
      const old = put ?? this.#byId.get(id);
      if (old === r) continue;
      // the held row, unless this batch put the one there now
      if (old !== undefined) {
        if (put === undefined) gone.push(old);
      } else if (tagById && upsertTags?.[u] !== undefined) tagById.set(id, upsertTags[u] as number);
      fresh.set(id, r);
    }
    for (const id of remove) {
      const put = fresh.get(id);
      if (put !== undefined) fresh.delete(id);
      else if (!removed.has(id)) {
        const old = this.#byId.get(id);
        if (old !== undefined) gone.push(old);
      }
      removed.add(id);
    }
    if (gone.length === 0 && fresh.size === 0) return undefined;
    const held = this.#rows;
    const base = { base: held, baseTags: heldTags, baseTagOf: this.#tagOf };
    // where the rows out stand in `held` (ascending): few, each by a binary search; many, by one pass
    let out: number[];
    if (gone.length * Math.log2(held.length + 2) * 8 < held.length) {
      out = new Array<number>(gone.length);
      for (let k = 0; k < gone.length; k++) {
        out[k] = this.#indexOf(held, gone[k] as R);
        if (k % PLAN_SLICE === PLAN_SLICE - 1) yield;
      }
      out.sort((x, y) => x - y);
    } else {
      const set = new Set(gone);
      out = [];
      for (let j = 0; j < held.length; j++) if (set.has(held[j] as R)) out.push(j);
    }
    if (tagById && heldTags) for (const j of out) tagById.set(this.#id(held[j] as R), heldTags[j] as number);
    const added = sortBy(this.#compare, [...fresh.values()]);
    // each new row's tag (undefined when one has none: the tags are dropped)
    const tagOf = this.#tagOf;
    let addedTags: number[] | undefined = heldTags && [];
    for (const r of added) {
      if (!addedTags) break;
      const tag = tagById?.get(this.#id(r)) ?? tagOf?.(r);
      if (tag === undefined) addedTags = undefined;
      else addedTags.push(tag);
    }
    // where each new row goes: before held[places[a]] (a row out there or not), searched from the last one's
    const places = new Array<number>(added.length);
    let from = 0;
    for (let a = 0; a < added.length; a++) {
      from = this.#firstAfter(held, from, added[a] as R);
      places[a] = from;
      if (a % PLAN_SLICE === PLAN_SLICE - 1) yield;
    }
    // one pass: the held rows but those out, copied in runs, the new ones laid in at their places (a
    // slice of its own: 100,000 rows and their tags)
    yield;
    const size = held.length - out.length + added.length;
    const rows = new Array<R>(size);
    const tags = addedTags && heldTags && new Array<number>(size);
    let o = 0;
    let g = 0;
    let a = 0;
    for (let j = 0; ; ) {
      const run = Math.min(out[g] ?? held.length, places[a] ?? held.length);
      if (tags && heldTags) for (let x = j, t = o; x < run; x++) tags[t++] = heldTags[x] as number;
      for (; j < run; j++) rows[o++] = held[j] as R;
      if (a < added.length && places[a] === j) {
        if (tags) tags[o] = addedTags?.[a] as number;
        rows[o++] = added[a++] as R;
      } else if (g < out.length && out[g] === j) {
        g++;
        j++;
      } else break;
    }
    return { ...base, rows, tags, gone, fresh };
  }

  /** The first index at or after `from` whose row in `rows` sorts after `r` (a gallop, then a binary search). */
  #firstAfter(rows: readonly R[], from: number, r: R): number {
    let lo = from;
    let hi = rows.length;
    // gallop: most new rows land near the last one
    let step = 1;
    while (lo + step < hi && this.#compare(rows[lo + step] as R, r) < 0) {
      lo += step;
      step *= 2;
    }
    if (lo + step < hi) hi = lo + step;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compare(rows[mid] as R, r) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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
