/**
 * A full statuses read turned into the changes it brings, in slices: which statuses differ from the held
 * ones (replaced or new) and which held ones it no longer lists — so a full read of 100,000 statuses (at
 * start of a delta feed's cycle, every few minutes, or from a service without deltas) is applied as the
 * few changes it usually holds (statusesChanged), without one block of comparing and re-indexing every
 * status on the console's thread. And the statuses of checks the list lacks, counted the same way.
 */
import { type StatusSummary, sameShallow, toStatusSummary } from "./summary.ts";

export type StatusDiff = { changed: StatusSummary[]; removed: string[] };

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What `items` (a full read) changes of `held`, comparing `sliceSize` at a time and yielding between slices. */
export async function diffStatuses(
  held: ReadonlyMap<string, StatusSummary>,
  items: readonly StatusSummary[],
  opts: { sliceSize?: number; signal?: AbortSignal | undefined } = {},
): Promise<StatusDiff> {
  const size = opts.sliceSize ?? 5000;
  const changed: StatusSummary[] = [];
  const listed = new Set<string>();
  /** Held statuses listed again: fewer than held, and some were dropped. */
  let kept = 0;
  for (let i = 0; i < items.length; i++) {
    const next = toStatusSummary(items[i] as StatusSummary);
    const old = held.get(next.checkId);
    if (!listed.has(next.checkId)) {
      listed.add(next.checkId);
      if (old !== undefined) kept++;
    }
    if (old === undefined || !sameShallow(old, next)) changed.push(next);
    if (i % size === size - 1) {
      await yieldToLoop();
      opts.signal?.throwIfAborted();
    }
  }
  const removed: string[] = [];
  if (kept < held.size) {
    let i = 0;
    for (const id of held.keys()) {
      if (!listed.has(id)) removed.push(id);
      if (++i % size === 0) await yieldToLoop();
    }
  }
  return { changed, removed };
}

/**
 * How many held statuses name a check the held list lacks (a new check: the list is read again soon),
 * kept across polls: a poll that names its changes (statuses.changed) is looked at through those, the
 * whole statuses only when the list changed or the changes are not known — a delta poll does not walk
 * 100,000 statuses, and a status a delta did not carry again is still counted. The walk of every status
 * (the first look once the list is held, and after each new list: every 5 minutes) goes `sliceSize` at a
 * time, yielding between slices: over 100,000 statuses it held the console's thread 40–70 ms, in the
 * poll that turned an incident's checks red.
 */
export function createUnknownChecks(opts: { sliceSize?: number } = {}) {
  const size = opts.sliceSize ?? 2000;
  let seen:
    | { checks: ReadonlyMap<string, unknown>; statuses: ReadonlyMap<string, StatusSummary> }
    | undefined;
  let ids = new Set<string>();
  return async (s: {
    checks: { byId: ReadonlyMap<string, unknown> };
    statuses: {
      byId: ReadonlyMap<string, StatusSummary>;
      changed?: { since: ReadonlyMap<string, StatusSummary>; ids: readonly string[] } | undefined;
    };
  }): Promise<number> => {
    const checks = s.checks.byId;
    const statuses = s.statuses.byId;
    if (seen?.checks === checks && seen.statuses === statuses) return ids.size;
    const changed = s.statuses.changed;
    if (seen?.checks === checks && changed && changed.since === seen.statuses) {
      for (const id of changed.ids)
        if (statuses.has(id) && !checks.has(id)) ids.add(id);
        else ids.delete(id);
      seen = { checks, statuses };
      return ids.size;
    }
    // the maps are immutable: walked over several turns of the loop, they are still these
    const next = new Set<string>();
    let i = 0;
    for (const id of statuses.keys()) {
      if (!checks.has(id)) next.add(id);
      if (++i % size === 0) await yieldToLoop();
    }
    ids = next;
    seen = { checks, statuses };
    return ids.size;
  };
}
