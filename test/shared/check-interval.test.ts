import { describe, expect, it } from "vitest";
import { formatInterval, frequencyMs } from "../../src/shared/check-interval.ts";
import { checkStateText } from "../../src/shared/format.ts";

const MIN = 60_000;

describe("formatInterval: how often a check is due, one wording", () => {
  it("a frequency of 60 minutes reads as an hourly heartbeat's period: 1 h (short 1h)", () => {
    expect(formatInterval(frequencyMs(60))).toBe("1 h");
    expect(formatInterval(60 * MIN)).toBe(formatInterval(frequencyMs(60)));
    expect(formatInterval(frequencyMs(60), "short")).toBe("1h");
  });

  it("minutes, hours and days, long and short", () => {
    const cases: [number, string, string][] = [
      [MIN, "1 min", "1m"],
      [10 * MIN, "10 min", "10m"],
      [90 * MIN, "1 h 30 min", "90m"],
      [24 * 60 * MIN, "24 h", "24h"],
      [7 * 24 * 60 * MIN, "7 d", "7d"],
      [30_000, "30 s", "30s"],
    ];
    for (const [ms, long, short] of cases) {
      expect(formatInterval(ms)).toBe(long);
      expect(formatInterval(ms, "short")).toBe(short);
    }
  });

  it("the sub-minute mode (frequency 0) and what is not recorded", () => {
    expect(formatInterval(frequencyMs(0))).toBe("<1 min");
    expect(formatInterval(frequencyMs(0), "short")).toBe("<1m");
    expect(formatInterval(frequencyMs(undefined))).toBeUndefined();
    expect(formatInterval(frequencyMs(null), "short")).toBeUndefined();
  });
});

describe("checkStateText", () => {
  it("a deactivated check is never shown as passing (or failing)", () => {
    expect(checkStateText("passing", { activated: false })).toBe("⊘ deactivated");
    expect(checkStateText("failing", { activated: false })).toBe("⊘ deactivated");
    expect(checkStateText("passing", { activated: true })).toBe("✔ passing");
    expect(checkStateText("failing", {})).toBe("✖ failing");
  });
});
