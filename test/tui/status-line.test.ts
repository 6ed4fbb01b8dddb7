import { describe, expect, it } from "vitest";
import { dataAge, nextAgeChange } from "../../src/tui/widgets/StatusLine.tsx";

describe("status line age", () => {
  const t0 = Date.parse("2026-11-21T08:00:00Z");

  it("says just now for 20 s, then steps of 10 s, then minutes", () => {
    expect(dataAge(t0, t0 + 19_999)).toBe("just now");
    expect(dataAge(t0, t0 + 20_000)).toBe("20 s ago");
    expect(dataAge(t0, t0 + 59_000)).toBe("50 s ago");
    expect(dataAge(t0, t0 + 61_000)).toBe("1 min ago");
  });

  it("wakes up exactly when the text changes (not on a fixed beat), and when the data turns stale", () => {
    const stale = 90_000;
    expect(nextAgeChange(undefined, t0, stale)).toBe(Number.POSITIVE_INFINITY);
    expect(nextAgeChange(t0, t0 + 1000, stale)).toBe(t0 + 20_000);
    expect(nextAgeChange(t0, t0 + 25_000, stale)).toBe(t0 + 30_000);
    expect(nextAgeChange(t0, t0 + 65_000, stale)).toBe(t0 + 90_001);
    expect(nextAgeChange(t0, t0 + 95_000, stale)).toBe(t0 + 120_000);
    // every wake-up changes the text
    for (const at of [t0 + 1000, t0 + 25_000, t0 + 95_000]) {
      const next = nextAgeChange(t0, at, stale);
      expect(dataAge(t0, next)).not.toBe(dataAge(t0, at));
    }
  });
});
