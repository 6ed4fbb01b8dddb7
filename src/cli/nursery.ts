/**
 * The interactive console keeps V8's young generation (the nursery) at its start size and V8 sized for
 * memory while no one types, to keep the console's memory small and flat with large workspaces without
 * its collections landing on keys. Only the console does this — `vigil serve` and the commands keep V8's
 * defaults.
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
 */
export function capNursery(): () => void {
  setFlagsFromString("--semi-space-growth-factor=1");
  return () => setFlagsFromString("--semi-space-growth-factor=2");
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

/**
 * How long without a key or a click before the console counts as quiet (V8 sized for memory again): a held
 * key repeats every ~33 ms and a quick run of moves comes under a second apart, while someone reading the
 * screen between keys leaves it sized most of the time (measured with 3 s and a key every 5 s, the
 * reducer's round waited ~45 s, RSS 10–15 MB higher meanwhile).
 */
export const QUIET_AFTER_MS = 1000;

export type MemorySizing = {
  /** The checks are held: sized for memory from now on whenever the console is quiet. */
  held(): void;
  /** A key or a click: not sized for memory until QUIET_AFTER_MS pass without another. */
  input(): void;
  /** The console stops: V8's default again. */
  stop(): void;
};

/**
 * `--optimize-for-size` while the console is quiet — once the checks are held, and from QUIET_AFTER_MS after
 * the last key or click — and not while someone is typing. Read by V8 each time it decides, so it works at
 * run time.
 *
 * Sized for memory, V8 grows the old generation in smaller steps, makes every full collection a
 * memory-reducing one (it compacts the heap's fragmented pages) and lets its memory reducer run whatever
 * the program allocates: that reducer collects twice, ~8 s after the last full collection, to give pages
 * back — measured, 10,000 checks: 116–121 MB against 147 MB when it was set for good; without it at all an
 * idle console with 10,000 checks stayed at ~115 MB, its reducer waiting for an allocation rate it never
 * saw fall. Not during the first read of the checks: set from the start, it nearly doubled that read's
 * CPU at 100,000 checks (3.3–3.6 → 6.0–6.7 s of CPU until every check was listed), collecting a heap that
 * was only growing.
 *
 * Not while someone is typing: those collections came in the middle of a held `j` (the memory reducer's
 * first round ~8 s after the checks were listed), 15–40 ms each, the compaction alone ~19 ms — the
 * slowest keys of a move's p95 at 10,000 checks (issue 27). Unsized, a collection is an ordinary one
 * (no compaction of the whole heap) and the reducer waits while keys allocate; the quiet gives it back.
 * Only transitions set the flag (a held key sets it once).
 */
export function createMemorySizing(
  setFlags: (flags: string) => void = setFlagsFromString,
  quietAfterMs = QUIET_AFTER_MS,
  now: () => number = performance.now.bind(performance),
): MemorySizing {
  let held = false;
  let typing = false;
  let sized = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the last key or click came: a key only notes it, the timer looks when it fires (no re-arm a key). */
  let lastInput = 0;
  const size = (on: boolean) => {
    if (on === sized) return;
    sized = on;
    setFlags(on ? "--optimize-for-size" : "--no-optimize-for-size");
  };
  const quiet = () => {
    const left = lastInput + quietAfterMs - now();
    if (left > 0) {
      timer = setTimeout(quiet, left).unref();
      return;
    }
    timer = undefined;
    typing = false;
    size(held);
  };
  return {
    held() {
      held = true;
      if (!typing) size(true);
    },
    input() {
      typing = true;
      size(false);
      lastInput = now();
      timer ??= setTimeout(quiet, quietAfterMs).unref();
    },
    stop() {
      held = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      size(false);
    },
  };
}
