/**
 * The interactive console's cap on V8's young generation (the nursery), adjusted after every GC, to keep
 * the console's memory flat with large workspaces. Only the console uses it — `vigil serve` and the
 * commands keep V8's defaults.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/**
 * Cap V8's young generation at ~16 MB (design.md §4: ≤ 120 MB RSS with 10,000 checks, flat). V8 doubles
 * the nursery whenever many objects survive a scavenge — module evaluation, the first read of a big checks
 * list — up to 2 × 32 MB, and never gives it back while the console keeps polling: that was 64 of the
 * console's 200 MB with 10,000 checks, for data that needs ~15 MB. It is not frozen at its start size
 * either: an Ink frame allocates ~1.5 MB of short-lived cells, and a nursery smaller than a few frames
 * promotes that garbage to the old generation (RSS climbed while keys were pressed). So it may grow until
 * it holds a few frames, then stops growing — and grows again if V8 shrank it meanwhile (checked after
 * every GC): `--semi-space-growth-factor` is read each time the nursery would grow, so setting it at run
 * time works (`--max-semi-space-size` would need a command-line flag).
 * Only the interactive console does this — `vigil serve` and the commands keep V8's defaults.
 */
export function capNursery(maxBytes = 16_000_000): () => void {
  let frozen = false;
  const adjust = () => {
    const size = getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
    // at the cap: stop growing; below it (V8 shrinks the nursery when the console is idle): grow again as
    // V8 would (factor 2, its default), or frame garbage would be promoted to the old generation
    const freeze = size >= maxBytes;
    if (freeze === frozen) return;
    frozen = freeze;
    setFlagsFromString(`--semi-space-growth-factor=${freeze ? 1 : 2}`);
  };
  adjust();
  const observer = new PerformanceObserver(adjust);
  observer.observe({ entryTypes: ["gc"] });
  return () => {
    observer.disconnect();
    if (frozen) setFlagsFromString("--semi-space-growth-factor=2");
  };
}
