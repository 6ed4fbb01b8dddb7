/**
 * The data age keeps counting when nothing else changes (a 429 storm: no load succeeds, no key is pressed)
 * — also when the wall clock lags the timers' monotonic clock, so a wake-up lands just short of the
 * moment the text changes. Fake timers; the wall clock is pulled back a little before every wait.
 */
import { Text } from "ink";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useClockUntil } from "../../src/tui/clock.ts";
import { dataAge, nextAgeChange } from "../../src/tui/widgets/StatusLine.tsx";

function Age({ loadedAt }: { loadedAt: number }) {
  const now = useClockUntil((t) => nextAgeChange(loadedAt, t, 90_000));
  const stale = now - loadedAt > 90_000;
  return <Text>{`${stale ? "⚠ stale: " : ""}data ${dataAge(loadedAt, now)}`}</Text>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("useClockUntil", () => {
  it("the age never freezes, and the stale warning comes on time, with a lagging wall clock", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const t0 = Date.parse("2026-11-21T08:00:00Z");
    vi.setSystemTime(t0);
    const { lastFrame, unmount } = render(<Age loadedAt={t0} />);
    const seen: string[] = [];
    for (let s = 0; s < 200; s++) {
      // the wall clock falls 3 ms behind the timers on every step
      vi.setSystemTime(Date.now() - 3);
      await vi.advanceTimersByTimeAsync(1000);
      const f = lastFrame() ?? "";
      if (seen.at(-1) !== f) seen.push(f);
    }
    unmount();
    expect(seen).toEqual([
      "data just now",
      "data 20 s ago",
      "data 30 s ago",
      "data 40 s ago",
      "data 50 s ago",
      "data 1 min ago",
      "⚠ stale: data 1 min ago",
      "⚠ stale: data 2 min ago",
      "⚠ stale: data 3 min ago",
    ]);
  });
});
