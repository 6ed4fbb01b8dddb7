import { describe, expect, it } from "vitest";
import { dataAge, nextAgeChange, whoText } from "../../src/tui/widgets/StatusLine.tsx";

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

describe("who the status line names, at a narrow width", () => {
  const idle = "local service (stops with the last console)";

  it("is whole where it fits, and gives up the local service's words in parentheses before anything is cut", () => {
    expect(whoText("default", idle, "h", 56)).toBe("default · local service (stops with the last console)");
    // 80 columns: 38 cells
    expect(whoText("default", idle, "h", 38)).toBe("default · local service");
    expect(whoText("default", "local service pid 1234", "h", 38)).toBe("default · local service pid 1234");
    // only then cut, and the cut says so
    expect(whoText("default", idle, "h", 12)).toBe("default · l…");
    expect(whoText("prod", undefined, "api.example.com", 28)).toBe("prod@api.example.com");
    expect(whoText("prod", undefined, "api.example.com", 10)).toBe("prod@api.…");
  });
});
