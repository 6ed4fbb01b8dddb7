import { describe, expect, it } from "vitest";
import { aggregate, aggregateMany, percentile, stddev } from "../../../src/service/analytics/stats.ts";

describe("analytics statistics", () => {
  const values = [15, 20, 35, 40, 50];

  it("computes percentiles by linear interpolation between ranks", () => {
    // (n-1)·q: p50 → index 2 = 35; p90 → 3.6 → 40 + 0.6·10 = 46; p95 → 3.8 → 48; p99 → 3.96 → 49.6
    expect(percentile(values, 0.5)).toBe(35);
    expect(aggregate(values, "p90")).toBe(46);
    expect(aggregate(values, "p95")).toBe(48);
    expect(aggregate(values, "p99")).toBe(49.6);
    expect(aggregate([1, 2, 3, 4], "median")).toBe(2.5);
    expect(aggregate([7], "p99")).toBe(7);
  });

  it("computes avg, min, max, sum and population stddev", () => {
    expect(aggregate(values, "avg")).toBe(32);
    expect(aggregate(values, "min")).toBe(15);
    expect(aggregate(values, "max")).toBe(50);
    expect(aggregate(values, "sum")).toBe(160);
    // deviations: -17,-12,3,8,18 → squares 289+144+9+64+324 = 830; /5 = 166; √166 ≈ 12.884
    expect(stddev(values)).toBeCloseTo(12.884, 3);
    expect(aggregate(values, "stddev")).toBe(12.88);
  });

  it("is order-independent and handles empty input", () => {
    const shuffled = [50, 15, 40, 20, 35];
    expect(aggregate(shuffled, "p90")).toBe(46);
    expect(aggregate([], "avg")).toBeNull();
    expect(percentile([], 0.5)).toBeNull();
    const many = aggregateMany(shuffled, ["min", "p50", "max", "avg"]);
    expect([...many.values()]).toEqual([15, 35, 50, 32]);
    expect([...aggregateMany([], ["p95"]).values()]).toEqual([null]);
  });
});
