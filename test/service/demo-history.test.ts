/**
 * The demo's synthetic history (src/service/demo/synthetic.ts and each check type's generator): a run's
 * parts have shapes of their own, its total is their sum, and the seeded random source that decides the
 * demo's failures is drawn from exactly as before (the README's pictures depend on its sequence).
 */
import { describe, expect, it } from "vitest";
import { syntheticRun } from "../../src/service/demo/synthetic.ts";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20);

/** A seeded source that counts its draws. */
function counted(seed = 7) {
  let a = seed;
  const rnd = () => {
    rnd.calls++;
    a = (a * 16807) % 2147483647;
    return a / 2147483647;
  };
  rnd.calls = 0;
  return rnd;
}

/** Pearson correlation of two series. */
function correlation(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const series = (id: string, checkType: string, metric: string) => {
  const rnd = counted();
  return Array.from({ length: 24 * 6 }, (_, i) => {
    const m = syntheticRun({ id, checkType }, START + i * (HOUR / 6), rnd).metrics as Record<string, number>;
    return m[metric] as number;
  });
};

describe("the demo's synthetic runs", () => {
  it("an HTTP run's response time is the sum of its phases, and the phases do not move as one", () => {
    const rnd = counted();
    for (let i = 0; i < 50; i++) {
      const run = syntheticRun({ id: "c-1", checkType: "API" }, START + i * HOUR, rnd);
      const m = run.metrics as Record<string, number>;
      const sum = (m.wait ?? 0) + (m.dns ?? 0) + (m.tcp ?? 0) + (m.firstByte ?? 0) + (m.download ?? 0);
      expect(run.responseTime).toBeCloseTo(sum, 1);
    }
    // before, every phase was a fixed share of one number: each pair correlated exactly (1.0)
    expect(
      Math.abs(correlation(series("c-1", "API", "tcp"), series("c-1", "API", "firstByte"))),
    ).toBeLessThan(0.9);
    expect(Math.abs(correlation(series("c-1", "API", "dns"), series("c-1", "API", "download")))).toBeLessThan(
      0.9,
    );
  });

  it("a browser run's vitals come in their order, each with its own noise", () => {
    const rnd = counted();
    for (let i = 0; i < 50; i++) {
      const run = syntheticRun({ id: "b-1", checkType: "BROWSER" }, START + i * HOUR, rnd);
      const m = run.metrics as Record<string, number>;
      expect(m.TTFB).toBeLessThan(m.FCP as number);
      expect(m.FCP).toBeLessThan(m.LCP as number);
      expect(m.LCP).toBeLessThan(run.responseTime);
    }
    expect(
      Math.abs(correlation(series("b-1", "BROWSER", "TTFB"), series("b-1", "BROWSER", "LCP"))),
    ).toBeLessThan(0.95);
  });

  it("two checks' daily waves differ", () => {
    const a = series("check-a", "URL", "firstByte");
    const b = series("check-b", "URL", "firstByte");
    const hourly = (xs: number[]) =>
      Array.from({ length: 24 }, (_, h) => xs.slice(h * 6, h * 6 + 6).reduce((s, x) => s + x, 0) / 6);
    const peakHour = (xs: number[]) => hourly(xs).indexOf(Math.max(...hourly(xs)));
    // hash-derived peaks (check-a / check-b): not the one shared peak every check had
    expect(peakHour(a)).not.toBe(peakHour(b));
  });

  it("draws from the seeded source as before (3 draws a run, 4 with a spike), and is the same for the same run", () => {
    for (const checkType of ["API", "URL", "TCP", "DNS"]) {
      const rnd = counted(11);
      let runs = 0;
      let spikes = 0;
      for (let i = 0; i < 200; i++) {
        const before = rnd.calls;
        syntheticRun({ id: "x", checkType }, START + i * HOUR, rnd);
        const n = rnd.calls - before;
        expect([3, 4]).toContain(n);
        if (n === 4) spikes++;
        runs++;
      }
      expect(runs).toBe(200);
      expect(spikes).toBeLessThan(20);
    }
    const one = syntheticRun({ id: "x", checkType: "API" }, START, counted(3));
    const again = syntheticRun({ id: "x", checkType: "API" }, START, counted(3));
    expect(again).toEqual(one);
  });
});
