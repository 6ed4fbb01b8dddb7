/**
 * The interactive console keeps V8's young generation (the nursery) at its start size and V8 sized for
 * memory, to keep the console's memory small and flat with large workspaces. Only the console does this — `vigil serve` and the commands
 * keep V8's defaults.
 */
import { setFlagsFromString } from "node:v8";

/**
 * Stop V8's young generation from growing (design.md §4: ≤ 120 MB RSS with 10,000 checks, flat). V8
 * doubles the nursery whenever many objects survive a scavenge — module evaluation, the first read of a big
 * checks list — up to 2 × 64 MB, and keeps it while the console keeps polling. A cap that let it grow to
 * ~16 MB and froze it there, told by a GC observer, did not hold: the observer hears of a GC only after
 * the task that ran it, and one long task (the join and sort of a big first read) doubles the nursery from
 * 1 to 128 MB on its own — 2 × 16 MB or more after the first read of 10,000 checks (+25–35 MB RSS, issue
 * 27). `--semi-space-growth-factor` is read each time the nursery would grow, so setting it at run time
 * works (`--max-semi-space-size` would need a command-line flag); at 1 the nursery never grows. The cost:
 * more scavenges, each of a 1 MB nursery (an Ink frame allocates ~1.5 MB of short-lived cells); measured on
 * the 2-core machine, key → frame p50 unchanged within its noise, RSS at 10,000 checks 167–173 MB against
 * 184–204 MB (issue 27's report).
 *
 * `--optimize-for-size` too, once the checks are held (sizeForMemory): V8 then grows the old generation
 * in smaller steps and lets the memory reducer give pages back sooner; read when the heap decides to
 * grow, so it works at run time (measured, 10,000 checks: 116–121 MB against 147 MB). Not during the
 * first read of the checks: set from the start, it nearly doubled that read's CPU at 100,000 checks
 * (3.3–3.6 → 6.0–6.7 s of CPU until every check was listed), collecting a heap that was only growing.
 */
export function capNursery(): () => void {
  setFlagsFromString("--semi-space-growth-factor=1");
  return () => {
    setFlagsFromString("--semi-space-growth-factor=2");
    setFlagsFromString("--no-optimize-for-size");
  };
}

/** V8 sized for memory from now on (see above); the console's stop (capNursery's undo) gives the default back. */
export function sizeForMemory(): void {
  setFlagsFromString("--optimize-for-size");
}
