/** A clock hook: the current time, re-rendering every `everyMs` (only the component that uses it). */
import { useEffect, useState } from "react";

export function useClock(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    t.unref?.();
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * The current time, re-rendering only when `nextChange(now)` (epoch ms: when the text shown will change)
 * comes — not on a fixed beat: an idle frame is a full Ink render even when nothing on screen changes,
 * and a key pressed just after one waits for the frame throttle.
 *
 * The timer is re-armed after every wake-up, also when the wall clock says `at` is not reached yet:
 * timers run on the monotonic clock, `Date.now()` on the wall clock, and the two can disagree by a
 * millisecond or more — a wake-up that lands just short of `at` must not leave the age frozen.
 */
export function useClockUntil(nextChange: (now: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  const at = nextChange(now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after every wake-up
  useEffect(() => {
    if (!Number.isFinite(at)) return;
    const t = setTimeout(() => setNow(Date.now()), Math.max(20, at - Date.now()));
    t.unref?.();
    return () => clearTimeout(t);
  }, [at, now]);
  return now;
}
