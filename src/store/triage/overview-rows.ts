/**
 * The overview's checks kept across reads (issue 27 item 2): every check joined with its status, the
 * counts, the checks that need a look and the overdue heartbeats in their order — moved by a status poll
 * instead of joined, counted and sorted again. A read of the same checks list whose statuses say which
 * checks changed since the statuses this holds (`statuses.changed`) re-joins those checks, moves their
 * share of the counts and their place in the two lists (SortedRows); any other read (the first, a new
 * checks list, a read after one it did not see) joins every check again, reusing the rows whose check and
 * status kept their identity.
 *
 * Pure: equal, read by read, to `overviewCounts`, `attentionChecks` and `overdueHeartbeats` over every
 * row (overview.ts) — the property test holds it to them. The results are the same objects while nothing
 * they hold changed.
 */
import type { CheckSummary, StatusSummary } from "../data/summary.ts";
import { SortedRows } from "../view/sorted-rows.ts";
import {
  attentionOrder,
  countRow,
  isOverdue,
  needsAttention,
  type OverviewCheck,
  type OverviewCounts,
  overdueOrder,
  overviewCounts,
} from "./overview.ts";

export type OverviewChecks<R> = {
  counts: OverviewCounts;
  attention: readonly R[];
  overdue: readonly R[];
};

const id = (r: OverviewCheck) => r.id;

export class OverviewRows<R extends OverviewCheck> {
  readonly #makeRow: (check: CheckSummary, status: StatusSummary | undefined) => R;
  #checks: readonly CheckSummary[] | undefined;
  #statuses: ReadonlyMap<string, StatusSummary> | undefined;
  #rows = new Map<string, R>();
  #counts: OverviewCounts | undefined;
  /** The newest run of any check (epoch ms), -Infinity when none; kept apart from the counts' NaN. */
  #last = Number.NEGATIVE_INFINITY;
  readonly #attention = new SortedRows<R>(id, attentionOrder);
  readonly #overdue = new SortedRows<R>(id, overdueOrder);
  #out: OverviewChecks<R> | undefined;

  constructor(makeRow: (check: CheckSummary, status: StatusSummary | undefined) => R) {
    this.#makeRow = makeRow;
  }

  read(
    checks: readonly CheckSummary[],
    statuses: ReadonlyMap<string, StatusSummary>,
    changed: { since: ReadonlyMap<string, StatusSummary>; ids: readonly string[] } | undefined,
  ): OverviewChecks<R> {
    if (this.#out && checks === this.#checks && statuses === this.#statuses) return this.#out;
    // a repeated id in the list: its rows are counted each (as the whole join does), so joined whole
    const incremental =
      this.#out !== undefined &&
      checks === this.#checks &&
      changed !== undefined &&
      changed.since === this.#statuses &&
      this.#rows.size === checks.length;
    if (incremental) this.#changed(statuses, changed.ids);
    else if (statuses === this.#statuses && keepsPlaces(this.#checks, checks, this.#rows))
      this.#grown(checks, statuses);
    else this.#whole(checks, statuses);
    this.#checks = checks;
    this.#statuses = statuses;
    const out = {
      counts: this.#counts as OverviewCounts,
      attention: this.#attention.rows,
      overdue: this.#overdue.rows,
    };
    if (
      !this.#out ||
      out.counts !== this.#out.counts ||
      out.attention !== this.#out.attention ||
      out.overdue !== this.#out.overdue
    )
      this.#out = out;
    return this.#out;
  }

  #whole(checks: readonly CheckSummary[], statuses: ReadonlyMap<string, StatusSummary>): void {
    const held = this.#rows;
    const next = new Map<string, R>();
    const rows = checks.map((c) => {
      const status = statuses.get(c.id);
      const old = held.get(c.id);
      const row = old && old.check === c && old.status === status ? old : this.#makeRow(c, status);
      next.set(c.id, row);
      return row;
    });
    this.#rows = next;
    const counts = overviewCounts(rows);
    this.#last = Number.isFinite(counts.lastRunAt) ? counts.lastRunAt : Number.NEGATIVE_INFINITY;
    this.#counts = sameCounts(counts, this.#counts) ? this.#counts : counts;
    this.#attention.reset(rows.filter(needsAttention));
    this.#overdue.reset(rows.filter(isOverdue));
  }

  /** The same checks, these statuses changed: their rows only. */
  #changed(statuses: ReadonlyMap<string, StatusSummary>, ids: readonly string[]): void {
    const batch = this.#batch();
    for (const cid of new Set(ids)) {
      const old = this.#rows.get(cid);
      // a status of a check the list does not hold has no row
      if (!old) continue;
      const status = statuses.get(cid);
      if (old.status !== status) batch.put(old, this.#makeRow(old.check, status));
    }
    batch.done();
  }

  /**
   * The same statuses, a list whose held checks keep their places (pages arriving, checks changed in
   * place): the checks that are not the same objects at the same places, and the new ones, only.
   */
  #grown(checks: readonly CheckSummary[], statuses: ReadonlyMap<string, StatusSummary>): void {
    const prev = this.#checks as readonly CheckSummary[];
    const batch = this.#batch();
    for (let i = 0; i < checks.length; i++) {
      const c = checks[i] as CheckSummary;
      if (i < prev.length && prev[i] === c) continue;
      batch.put(this.#rows.get(c.id), this.#makeRow(c, statuses.get(c.id)));
    }
    batch.done();
  }

  /** Rows replaced or added, one by one; `done` moves the counts and the lists once. */
  #batch() {
    const counts = { ...(this.#counts as OverviewCounts) };
    const attention: { upsert: R[]; remove: string[] } = { upsert: [], remove: [] };
    const overdue: { upsert: R[]; remove: string[] } = { upsert: [], remove: [] };
    let recount = false;
    const put = (old: R | undefined, row: R) => {
      this.#rows.set(row.id, row);
      if (old) countRow(counts, old, -1);
      else counts.checks++;
      countRow(counts, row, 1);
      if (row.statusAt > this.#last) this.#last = row.statusAt;
      // the newest run went back (or away): the newest of them all is looked for again
      else if (old && old.statusAt === this.#last && !(row.statusAt === this.#last)) recount = true;
      for (const [keep, list] of [
        [needsAttention, attention],
        [isOverdue, overdue],
      ] as const) {
        if (keep(row)) list.upsert.push(row);
        else if (old && keep(old)) list.remove.push(row.id);
      }
    };
    const done = () => this.#done(counts, attention, overdue, recount);
    return { put, done };
  }

  #done(
    counts: OverviewCounts,
    attention: { upsert: R[]; remove: string[] },
    overdue: { upsert: R[]; remove: string[] },
    recount: boolean,
  ): void {
    if (recount) {
      let last = Number.NEGATIVE_INFINITY;
      for (const r of this.#rows.values()) if (r.statusAt > last) last = r.statusAt;
      this.#last = last;
    }
    counts.lastRunAt = Number.isFinite(this.#last) ? this.#last : Number.NaN;
    if (!sameCounts(counts, this.#counts)) this.#counts = counts;
    this.#attention.apply(attention);
    this.#overdue.apply(overdue);
  }
}

/**
 * Whether every check of `prev` (none repeated: a row held for each) has its id at its place in `next`,
 * and the checks after them are new and not repeated.
 */
function keepsPlaces(
  prev: readonly CheckSummary[] | undefined,
  next: readonly CheckSummary[],
  held: ReadonlyMap<string, unknown>,
): boolean {
  if (!prev || held.size !== prev.length || next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++)
    if ((prev[i] as CheckSummary).id !== (next[i] as CheckSummary).id) return false;
  const ids = new Set<string>();
  for (let i = prev.length; i < next.length; i++) {
    const id = (next[i] as CheckSummary).id;
    if (held.has(id) || ids.has(id)) return false;
    ids.add(id);
  }
  return true;
}

function sameCounts(a: OverviewCounts, b: OverviewCounts | undefined): boolean {
  if (!b) return false;
  for (const k of Object.keys(a) as (keyof OverviewCounts)[]) if (!Object.is(a[k], b[k])) return false;
  return true;
}
