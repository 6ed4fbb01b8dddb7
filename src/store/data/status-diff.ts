/**
 * A full statuses read turned into the changes it brings, in slices: which statuses differ from the held
 * ones (replaced or new) and which held ones it no longer lists — so a full read of 100,000 statuses (at
 * start of a delta feed's cycle, every few minutes, or from a service without deltas) is applied as the
 * few changes it usually holds (statusesChanged), without one block of comparing and re-indexing every
 * status on the console's thread.
 */
import { sameShallow, type StatusSummary, toStatusSummary } from "./summary.ts";

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
