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
