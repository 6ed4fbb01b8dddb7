/**
 * The checks list joined with the statuses and kept in the list's order incrementally (issue 27 item 2):
 * a status poll that changes three checks re-joins and moves those three rows, not 100,000. Same rows, same
 * order as a full join and sort (selectors.ts `sortedCheckRows`): the column's key, then the name
 * (case-insensitive, then by code point), then the id, all reversed for a descending sort.
 *
 * Pure: the caller hands in the checks (an array whose unchanged entries keep their identity, as the data
 * slice keeps them), the statuses by check id, the sort, and how a row is made; what changed is found by
 * identity. A new sort column or direction — or, for the response-time sort, new results — sorts whole.
 */
import type { Health } from "../../shared/format.ts";
import { CountsChange } from "./check-counts.ts";
import { type RowChanges, SortedRows } from "./sorted-rows.ts";

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

/** Case-insensitive, then by code point (selectors.ts `collate`: no ICU collation data loaded). */
export function collate(a: string, b: string): number {
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
): (a: OrderedCheckRow, b: OrderedCheckRow) => number {
  const key = keyOf(sort.column, responseOf);
  const dir = sort.desc ? -1 : 1;
  return (a, b) => {
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
 * The positions of `rows` in the order `checkRowOrder(sort, responseOf)` gives them: the same order,
 * computed over keys taken once per row (the lower-cased name) instead of lower-casing two names in each
 * of the ~1.7 million comparisons of 100,000 rows.
 */
export function sortedPositions(
  rows: readonly OrderedCheckRow[],
  sort: CheckSort,
  responseOf: (id: string) => number | undefined = () => undefined,
): number[] {
  const key = keyOf(sort.column, responseOf);
  const n = rows.length;
  const primary = new Array<number | string>(n);
  const name = new Array<string>(n);
  const nameLower = new Array<string>(n);
  const positions = new Array<number>(n);
  let numeric = true;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as OrderedCheckRow;
    const k = key(r);
    primary[i] = k;
    if (typeof k !== "number") numeric = false;
    name[i] = r.check.name;
    nameLower[i] = r.check.name.toLowerCase();
    positions[i] = i;
  }
  const primaryLower = numeric ? [] : primary.map((k) => String(k).toLowerCase());
  const dir = sort.desc ? -1 : 1;
  // the id breaks the last tie (rare: one name twice): lower-cased only then
  const byId = (i: number, j: number) =>
    collate((rows[i] as OrderedCheckRow).id, (rows[j] as OrderedCheckRow).id);
  return positions.sort((i, j) => {
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
  });
}

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

  constructor(makeRow: (check: C, status: S | undefined) => R) {
    this.#makeRow = makeRow;
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
  ): readonly R[] {
    const sortKey = `${sort.column}:${sort.desc}`;
    const byResponse = sort.column === "responseTime";
    const resort =
      this.#sorted === undefined ||
      sortKey !== this.#sortKey ||
      (byResponse && responses?.value !== this.#responses);
    if (resort) {
      const held = this.#sorted;
      // rows whose check and status kept their identity are reused, as the full join does
      const rows = checks.map((c) => {
        const status = statuses.get(c.id);
        const old = held?.get(c.id);
        return old && old.check === c && old.status === status ? old : this.#makeRow(c, status);
      });
      const responseOf = byResponse ? responses?.responseOf : undefined;
      const order = checkRowOrder(sort, responseOf) as (a: R, b: R) => number;
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
      this.#apply(this.#statusChanges(statuses, statusChanged));
    } else if (checks !== this.#checks || statuses !== this.#statuses) {
      const sorted = this.#sorted as SortedRows<R>;
      // a new checks array: where each check is in it may have moved (not when the ids held keep their
      // places: pages arriving, a refresh that changed checks in place)
      if (checks !== this.#checks && !keepsPlaces(this.#checks, checks)) sorted.dropTags();
      this.#apply(this.#changes(checks, statuses));
    }
    this.#sortKey = sortKey;
    this.#responses = byResponse ? responses?.value : undefined;
    this.#checks = checks;
    this.#statuses = statuses;
    return (this.#sorted as SortedRows<R>).rows;
  }

  /** The rows as last returned (undefined before the first call). */
  get current(): readonly R[] | undefined {
    return this.#sorted?.rows;
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
  #apply(changes: RowChanges<R>): void {
    const sorted = this.#sorted as SortedRows<R>;
    const before = sorted.rows;
    const counts = new CountsChange<R>(before, (id) => sorted.get(id));
    for (const r of changes.upsert ?? []) counts.put(r);
    for (const id of changes.remove ?? []) counts.take(id);
    sorted.apply(changes);
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
