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

/**
 * The WebAssembly compiled from now on stays on V8's baseline compiler (Liftoff): V8 would otherwise
 * recompile its hot functions with its optimising compiler (TurboFan) on worker threads, whose malloc
 * arenas keep the pages that compiler freed. In the console that is undici's HTTP parser (llhttp, the
 * client's own: compiled at the first request, after this), which tiers up while the checks list is read:
 * measured with 10,000 checks the console held 108 against 117 MB after the list and 30 s live, with
 * 100,000 checks 194 against 206 MB, the time to every check listed unchanged (issue 27). llhttp only
 * walks a response's head and chunk lines — the bodies pass through as slices — so its baseline code costs
 * nothing measurable here. Yoga (Ink's layout), compiled when Ink loaded, keeps V8's defaults.
 *
 * Set here, with the nursery's cap, not at the program's start: any flag set at run time makes V8 refuse
 * the code cache of every built-in module Node loads after it (~20 ms more before the first frame), and
 * the cap has already paid that. All three flags: `--liftoff-only` alone changes nothing at run time
 * (V8 applies its implications — no tier-up, no dynamic tiering — only at start).
 */
export function baselineWasm(): void {
  for (const flag of ["--liftoff-only", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering"])
    setFlagsFromString(flag);
}

/** V8 sized for memory from now on (see above); the console's stop (capNursery's undo) gives the default back. */
export function sizeForMemory(): void {
  setFlagsFromString("--optimize-for-size");
}
