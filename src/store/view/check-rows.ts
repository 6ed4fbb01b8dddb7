/**
 * The checks list joined with the statuses and kept in the list's order incrementally (issue 27 item 2):
 * a status poll that changes three checks re-joins and moves those three rows, not 100,000. Same rows, same
 * order as a full join and sort (selectors.ts `sortedCheckRows`): the column's key, then the name
 * (case-insensitive, then by code point), then the id, all reversed for a descending sort.
 *
 * Pure: the caller hands in the checks (an array whose unchanged entries keep their identity, as the data
 * slice keeps them), the statuses by check id, the sort, and how a row is made; what changed is found by
 * identity. A new sort column or direction — or, for the response-time sort, new results — sorts whole;
 * over a long list, given a wake, a new column or direction is sorted in slices that yield to input
 * while the rows keep the order before (`rows`' wake, `sorting`).
 */
import type { Health } from "../../shared/format.ts";
import { CountsChange, carryCounts } from "./check-counts.ts";
import { type RowChanges, type RowOrder, type RowsPlan, SortedRows } from "./sorted-rows.ts";

export type CheckSortColumn = "status" | "name" | "type" | "frequency" | "lastRun" | "responseTime";
export type CheckSort = { column: CheckSortColumn; desc: boolean };

/** What the order reads of a row (the console's CheckRow has these and more). */
export type OrderedCheckRow<C = OrderedCheck, S = unknown> = {
  id: string;
  check: C;
  status: S | undefined;
  health: Health;
  /** Epoch ms of the status's last run, NaN when unknown. */
  statusAt: number;
};
export type OrderedCheck = {
  id: string;
  name: string;
  checkType: string;
  activated?: boolean | null | undefined;
  frequency?: number | null | undefined;
};

const RANK: Record<Health, number> = { failing: 0, degraded: 1, "cannot run": 2, pending: 3, passing: 5 };
/** A deactivated check does not run: after the ones that need a look, before the passing ones. */
const DEACTIVATED_RANK = 4;

/**
 * Case-insensitive, then by code point (selectors.ts `collate`: no ICU collation data loaded). The rows'
 * places are found by comparisons (a poll's 500 rows: ~17,000 of them, each lower-casing two names — two
 * new strings — was most of the poll's frame at 100,000 checks): ASCII letters are compared lower-cased
 * one by one, no string made; past a character outside ASCII where the two still agree, both names are
 * lower-cased whole as before (toLowerCase may change a string's length there). The same answer.
 */
export function collate(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let p = a.charCodeAt(i);
    let q = b.charCodeAt(i);
    if (p === q) {
      if (p < 128) continue;
      return collateWhole(a, b);
    }
    if (p >= 128 || q >= 128) return collateWhole(a, b);
    if (p >= 65 && p <= 90) p += 32;
    if (q >= 65 && q <= 90) q += 32;
    if (p !== q) return p < q ? -1 : 1;
  }
  // one is the other's prefix, letter case aside (ASCII: lower-casing keeps lengths), or both equal so
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function collateWhole(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

type Key = (r: OrderedCheckRow) => number | string;

function keyOf(column: CheckSortColumn, responseOf: (id: string) => number | undefined): Key {
  switch (column) {
    case "status":
      return (r) => (r.check.activated === false ? DEACTIVATED_RANK : RANK[r.health]);
    case "name":
      return () => 0;
    case "type":
      return (r) => String(r.check.checkType);
    case "frequency":
      return (r) => r.check.frequency ?? Number.NEGATIVE_INFINITY;
    case "lastRun":
      return (r) => (Number.isNaN(r.statusAt) ? Number.NEGATIVE_INFINITY : r.statusAt);
    case "responseTime":
      return (r) => responseOf(r.id) ?? Number.NEGATIVE_INFINITY;
  }
}

/** The checks list's order as a comparator: a total order (the id breaks the last tie). */
export function checkRowOrder(
  sort: CheckSort,
  responseOf: (id: string) => number | undefined = () => undefined,
): RowOrder<OrderedCheckRow> {
  const key = keyOf(sort.column, responseOf);
  const dir = sort.desc ? -1 : 1;
  const order: RowOrder<OrderedCheckRow> = (a, b) => {
    const x = key(a);
    const y = key(b);
    const k =
      typeof x === "number" && typeof y === "number"
        ? x === y
          ? 0
          : x < y
            ? -1
            : 1
        : collate(String(x), String(y));
    return dir * (k || collate(a.check.name, b.check.name) || collate(a.id, b.id));
  };
  // many rows at once (a status read over every row, the rest of the list after its first pages): the
  // same order by keys taken once per row (positionOrder), not two names lower-cased in each comparison
  order.sortMany = (rows) => {
    const positions = sortedPositions(rows, sort, responseOf);
    return positions.map((i) => rows[i] as OrderedCheckRow);
  };
  return order;
}

/** Whether every check of `prev` has the same id at the same place in `next` (then positions hold). */
function keepsPlaces(prev: readonly OrderedCheck[] | undefined, next: readonly OrderedCheck[]): boolean {
  if (!prev || next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++)
    if ((prev[i] as OrderedCheck).id !== (next[i] as OrderedCheck).id) return false;
  return true;
}

const cmp = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

/**
 * The order `checkRowOrder(sort, responseOf)` gives `rows`, as a comparator of their indexes over keys taken
 * once per row (the lower-cased name) instead of lower-casing two names in each of the ~1.7 million
 * comparisons of 100,000 rows. `take(from, to)` takes the keys of those rows (every row's before `compare`).
 */
export function positionOrder(
  rows: readonly OrderedCheckRow[],
  sort: CheckSort,
  responseOf: (id: string) => number | undefined = () => undefined,
): { take: (from: number, to: number) => void; compare: (i: number, j: number) => number } {
  const key = keyOf(sort.column, responseOf);
  const n = rows.length;
  const primary = new Array<number | string>(n);
  const primaryLower = new Array<string>(n);
  const name = new Array<string>(n);
  const nameLower = new Array<string>(n);
  // numbers or strings, by the column (a column's key is one or the other for every row)
  const numeric = sort.column !== "type";
  const take = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const r = rows[i] as OrderedCheckRow;
      const k = key(r);
      primary[i] = k;
      if (!numeric) primaryLower[i] = String(k).toLowerCase();
      name[i] = r.check.name;
      nameLower[i] = r.check.name.toLowerCase();
    }
  };
  const dir = sort.desc ? -1 : 1;
  // the id breaks the last tie (rare: one name twice): lower-cased only then
  const byId = (i: number, j: number) =>
    collate((rows[i] as OrderedCheckRow).id, (rows[j] as OrderedCheckRow).id);
  const compare = (i: number, j: number) => {
    let k: number;
    if (numeric) {
      const x = primary[i] as number;
      const y = primary[j] as number;
      k = x === y ? 0 : x < y ? -1 : 1;
    } else
      k =
        cmp(primaryLower[i] as string, primaryLower[j] as string) ||
        cmp(String(primary[i]), String(primary[j]));
    return (
      dir *
      (k ||
        cmp(nameLower[i] as string, nameLower[j] as string) ||
        cmp(name[i] as string, name[j] as string) ||
        byId(i, j))
    );
  };
  return { take, compare };
}

/** The positions of `rows` in the order `checkRowOrder(sort, responseOf)` gives them (positionOrder). */
export function sortedPositions(
  rows: readonly OrderedCheckRow[],
  sort: CheckSort,
  responseOf: (id: string) => number | undefined = () => undefined,
): number[] {
  const { take, compare } = positionOrder(rows, sort, responseOf);
  take(0, rows.length);
  return Array.from({ length: rows.length }, (_, i) => i).sort(compare);
}

/**
 * `sortedPositions` a slice at a time: keys taken and runs of RUN rows sorted, then the runs merged pairwise
 * — `pause()` between slices (true: stop, the answer is no longer wanted; then undefined). The same order:
 * a merge sort by a total order.
 */
export async function sortedPositionsSliced(
  rows: readonly OrderedCheckRow[],
  sort: CheckSort,
  responseOf: ((id: string) => number | undefined) | undefined,
  pause: () => Promise<boolean>,
): Promise<number[] | undefined> {
  const RUN = 2048;
  const n = rows.length;
  const { take, compare } = positionOrder(rows, sort, responseOf);
  let a = new Array<number>(n);
  for (let from = 0; from < n; from += RUN) {
    const to = Math.min(n, from + RUN);
    take(from, to);
    const run = Array.from({ length: to - from }, (_, i) => from + i).sort(compare);
    for (let i = 0; i < run.length; i++) a[from + i] = run[i] as number;
    if (await pause()) return undefined;
  }
  let b = new Array<number>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        b[k] = (
          j >= hi || (i < mid && compare(a[i] as number, a[j] as number) <= 0) ? a[i++] : a[j++]
        ) as number;
        if ((k & 4095) === 4095 && (await pause())) return undefined;
      }
    }
    [a, b] = [b, a];
  }
  return a;
}

/** Lists from this long are sorted anew in slices when given a wake (CheckRowsView.rows). */
export const SLICED_FROM = 20_000;
/** Each slice of such a sort. */
const SLICE_MS = 4;
/** Each slice of a poll made ready (`CheckRowsView.prepare`). */
const PREPARE_SLICE_MS = 4;

/**
 * A status poll's changes made ready (`CheckRowsView.prepare`) before the poll is in the data: over these
 * checks and the statuses held (`since`), for these statuses.
 */
type Prepared<C, S, R> = {
  checks: readonly C[];
  since: ReadonlyMap<string, S>;
  statuses: ReadonlyMap<string, S>;
  changes: RowChanges<R>;
  plan: RowsPlan<R>;
};

/** A new order being found over `snapshot` (the rows held when it began); `order` once found. */
type SortJob<R> = {
  sortKey: string;
  snapshot: readonly R[];
  compare: RowOrder<R>;
  order: number[] | undefined;
};

/**
 * The joined, sorted rows of the checks list, kept across calls. `rows(...)` with the current checks,
 * statuses and sort returns the rows in order: the same array when nothing it reads changed.
 * `responses` (only read for the response-time sort) is any value whose identity changes when the
 * response times do (the results slice), with `responseOf` reading a check's from it.
 */
export class CheckRowsView<C extends OrderedCheck, S, R extends OrderedCheckRow<C, S>> {
  readonly #makeRow: (check: C, status: S | undefined) => R;
  #sorted: SortedRows<R> | undefined;
  #sortKey = "";
  #responses: unknown;
  #checks: readonly C[] | undefined;
  #statuses: ReadonlyMap<string, S> | undefined;
  #positionOf: ((id: string) => number | undefined) | undefined;
  #tagOf: ((r: R) => number) | undefined;
  /** A new order being found in slices (see `rows`' wake). */
  #job: SortJob<R> | undefined;
  /** A status poll made ready in slices, not yet taken (`prepare`). */
  #prepared: Prepared<C, S, R> | undefined;

  readonly #slicedFrom: number;

  /** `slicedFrom`: how long a list is before a new sort is found in slices (SLICED_FROM; tests say less). */
  constructor(makeRow: (check: C, status: S | undefined) => R, opts: { slicedFrom?: number } = {}) {
    this.#makeRow = makeRow;
    this.#slicedFrom = opts.slicedFrom ?? SLICED_FROM;
  }

  rows(
    checks: readonly C[],
    statuses: ReadonlyMap<string, S>,
    sort: CheckSort,
    responses?: { value: unknown; responseOf: (id: string) => number | undefined },
    /**
     * The ids whose status may have changed since the last call, when the caller knows them (the statuses
     * reducer does): with the same checks array, only those are looked at instead of every check.
     */
    statusChanged?: Iterable<string>,
    /**
     * Given, a new sort of a long list (SLICED_FROM rows; not the response-time sort, which results re-sort)
     * is found in slices that yield to input: meanwhile the rows keep their order (`sorting` says so) and
     * take the data's changes; `wake` is called when the new order is there to be asked for.
     */
    wake?: () => void,
  ): readonly R[] {
    let sortKey = `${sort.column}:${sort.desc}`;
    const byResponse = sort.column === "responseTime";
    let resort =
      this.#sorted === undefined ||
      sortKey !== this.#sortKey ||
      (byResponse && responses?.value !== this.#responses);
    let sliced = false;
    const job = this.#job;
    if (job !== undefined && (job.sortKey !== sortKey || !resort)) this.#job = undefined;
    else if (job?.order !== undefined && this.#sorted?.rows === job.snapshot) {
      // the new order, found over these very rows: put in place (the same rows: the same counts)
      const sorted = this.#sorted as SortedRows<R>;
      const before = sorted.rows;
      sorted.reorder(job.compare, job.order);
      carryCounts(before, sorted.rows);
      this.#job = undefined;
      resort = false;
    } else if (resort && wake && !byResponse && (this.#sorted?.size ?? 0) >= this.#slicedFrom) {
      // the rows stay in the order held (and take the data's changes) while the new one is found
      sliced = true;
      resort = false;
      sortKey = this.#sortKey;
    }
    if (resort) {
      this.#job = undefined;
      const held = this.#sorted;
      // rows whose check and status kept their identity are reused, as the full join does
      const rows = checks.map((c) => {
        const status = statuses.get(c.id);
        const old = held?.get(c.id);
        return old && old.check === c && old.status === status ? old : this.#makeRow(c, status);
      });
      const responseOf = byResponse ? responses?.responseOf : undefined;
      const order = checkRowOrder(sort, responseOf) as RowOrder<R>;
      const sorted = new SortedRows<R>((r) => r.id, order);
      // sorted by keys taken once; each row's tag is its check's position (the `/` filter's index speaks
      // in them) — a repeated id (the last one is kept) is sorted the plain way
      const positions = sortedPositions(rows, sort, responseOf);
      if (
        !sorted.presorted(
          positions.map((i) => rows[i] as R),
          positions,
        )
      )
        sorted.reset(rows);
      this.#sorted = sorted;
    } else if (checks === this.#checks && statuses !== this.#statuses && statusChanged) {
      // the poll made ready (prepare) over these very rows: put in place in one step
      const p = this.#prepared;
      this.#prepared = undefined;
      if (
        p !== undefined &&
        p.checks === checks &&
        p.since === this.#statuses &&
        p.statuses === statuses &&
        (this.#sorted as SortedRows<R>).planFits(p.plan)
      )
        this.#apply(p.changes, p.plan);
      else this.#apply(this.#statusChanges(statuses, statusChanged));
    } else if (checks !== this.#checks || statuses !== this.#statuses) {
      const sorted = this.#sorted as SortedRows<R>;
      // a new checks array: where each check is in it may have moved (not when the ids held keep their
      // places: pages arriving, a refresh that changed checks in place)
      if (checks !== this.#checks && !keepsPlaces(this.#checks, checks)) sorted.dropTags();
      this.#apply(this.#changes(checks, statuses));
    }
    // a new order being found over rows that changed since (or not begun): begun over the rows as they are
    const pending = this.#job;
    if (sliced && (pending === undefined || pending.snapshot !== this.#sorted?.rows))
      this.#sortSliced(sort, wake as () => void);
    // a poll made ready is kept only while the rows it was made over are held
    if (this.#prepared !== undefined && !this.#sorted?.planFits(this.#prepared.plan))
      this.#prepared = undefined;
    this.#sortKey = sortKey;
    this.#responses = byResponse ? responses?.value : undefined;
    this.#checks = checks;
    this.#statuses = statuses;
    return (this.#sorted as SortedRows<R>).rows;
  }

  /**
   * Make a status poll ready before it is in the data, in slices that yield to input (PREPARE_SLICE_MS
   * each): the rows it changes made, and where each goes found and the new list built over the rows held
   * — which stay as they are, and on screen. The call of `rows` with these statuses (the same checks,
   * and the statuses held when this began) then puts them in place in one step instead of doing that work
   * in the poll's frame; had anything else changed the rows meanwhile, it does the work as before. Only
   * for a poll that names its changes (`statusChanged`) over the statuses these rows were last made from,
   * in the order held (not while a new sort is found, nor for the response-time sort, which results move).
   */
  async prepare(
    checks: readonly C[],
    statuses: ReadonlyMap<string, S>,
    sort: CheckSort,
    statusChanged: Iterable<string>,
  ): Promise<void> {
    const sorted = this.#sorted;
    const since = this.#statuses;
    if (
      sorted === undefined ||
      since === undefined ||
      checks !== this.#checks ||
      statuses === since ||
      this.#job !== undefined ||
      sort.column === "responseTime" ||
      `${sort.column}:${sort.desc}` !== this.#sortKey
    )
      return;
    const base = sorted.rows;
    let until = performance.now() + PREPARE_SLICE_MS;
    // the rows moved meanwhile (another call of `rows`): the plan would not fit, stop
    const pause = async () => {
      if (performance.now() < until) return sorted.rows !== base;
      await new Promise<void>((resolve) => setImmediate(resolve));
      until = performance.now() + PREPARE_SLICE_MS;
      return sorted.rows !== base || this.#sorted !== sorted;
    };
    const changes = this.#statusChanges(statuses, statusChanged);
    const plan = await sorted.plan(changes, pause);
    if (plan === undefined || this.#sorted !== sorted || !sorted.planFits(plan) || this.#statuses !== since)
      return;
    this.#prepared = { checks, since, statuses, changes, plan };
  }

  /** Whether a new order is being found (the rows are still in the one before). */
  get sorting(): boolean {
    return this.#job !== undefined;
  }

  /** Find the order `sort` gives the rows held, in slices; then `wake` (unless another call dropped it). */
  #sortSliced(sort: CheckSort, wake: () => void): void {
    const snapshot = (this.#sorted as SortedRows<R>).rows;
    const job: SortJob<R> = {
      sortKey: `${sort.column}:${sort.desc}`,
      snapshot,
      compare: checkRowOrder(sort) as RowOrder<R>,
      order: undefined,
    };
    this.#job = job;
    let until = 0;
    const pause = async () => {
      if (performance.now() < until) return this.#job !== job;
      await new Promise<void>((resolve) => setImmediate(resolve));
      until = performance.now() + SLICE_MS;
      return this.#job !== job;
    };
    void (async () => {
      if (await pause()) return;
      const order = await sortedPositionsSliced(snapshot, sort, undefined, pause);
      if (order === undefined || this.#job !== job) return;
      job.order = order;
      wake();
    })();
  }

  /** The rows as last returned (undefined before the first call). */
  get current(): readonly R[] | undefined {
    return this.#sorted?.rows;
  }

  /** Where the row of this id is in the rows as last returned (undefined: none held). */
  indexOf(id: string): number | undefined {
    return this.#sorted?.indexOf(id);
  }

  /** The row of this id as last returned (undefined: none, or before the first call). */
  row(id: string): R | undefined {
    return this.#sorted?.get(id);
  }

  /** The checks array the rows were last made from. */
  get checks(): readonly C[] | undefined {
    return this.#checks;
  }

  /**
   * Where each row's check is in the checks array (`positionOf` an id, for that array), in the rows'
   * order: what the `/` filter's index (check-index.ts) speaks in. Set by the first sort, kept through a
   * status poll (the rows it moved carry theirs) and a list whose held ids keep their places (new rows
   * bring theirs); looked up anew after any other new list.
   */
  positions(positionOf: (id: string) => number | undefined): readonly number[] {
    if (this.#positionOf !== positionOf) {
      this.#positionOf = positionOf;
      this.#tagOf = (r) => positionOf(r.id) ?? -1;
    }
    return (this.#sorted as SortedRows<R>).tags(this.#tagOf as (r: R) => number);
  }

  /** Apply a change to the rows, their summary's counts (check-counts.ts) carried over by the rows it moved. */
  #apply(changes: RowChanges<R>, plan?: RowsPlan<R>): void {
    const sorted = this.#sorted as SortedRows<R>;
    const before = sorted.rows;
    const counts = new CountsChange<R>(before, (id) => sorted.get(id));
    for (const r of changes.upsert ?? []) counts.put(r);
    for (const id of changes.remove ?? []) counts.take(id);
    if (plan) sorted.install(plan);
    else sorted.apply(changes);
    counts.done(before, sorted.rows);
  }

  /** The same checks, these statuses perhaps changed: only their rows are looked at. */
  #statusChanges(statuses: ReadonlyMap<string, S>, ids: Iterable<string>): RowChanges<R> {
    const sorted = this.#sorted as SortedRows<R>;
    const upsert: R[] = [];
    for (const id of ids) {
      const old = sorted.get(id);
      const status = statuses.get(id);
      // a status of a check the list does not hold has no row (the full join goes by the checks)
      if (old && old.status !== status) upsert.push(this.#makeRow(old.check, status));
    }
    return { upsert };
  }

  /** What changed since the last call, by identity: new or changed checks and statuses, checks gone. */
  #changes(checks: readonly C[], statuses: ReadonlyMap<string, S>): RowChanges<R> {
    const sorted = this.#sorted as SortedRows<R>;
    const upsert: R[] = [];
    const tags: number[] = [];
    let added = 0;
    // the same statuses: a check at the same place as before, the same object, has its row (pages arriving
    // extend the list, a refresh changes a few: only the rest are looked up) — when no id repeated before
    const held = this.#checks;
    const prev = statuses === this.#statuses && held?.length === sorted.size ? held : undefined;
    for (let i = 0; i < checks.length; i++) {
      const c = checks[i] as C;
      if (prev !== undefined && prev[i] === c) continue;
      const status = statuses.get(c.id);
      const old = sorted.get(c.id);
      if (!old) added++;
      if (!old || old.check !== c || old.status !== status) {
        upsert.push(this.#makeRow(c, status));
        tags.push(i);
      }
    }
    const remove: string[] = [];
    // more rows held than checks listed: some are gone (ids are unique in the list)
    if (sorted.size + added > checks.length) {
      const ids = new Set(checks.map((c) => c.id));
      for (const r of sorted.rows) if (!ids.has(r.id)) remove.push(r.id);
    }
    return { upsert, remove, tags };
  }
}
