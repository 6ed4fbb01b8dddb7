import { describe, expect, it } from "vitest";
import {
  bandOf,
  bandsOf,
  bandsText,
  chartCells,
  eighths,
  formatValue,
  scaleFor,
  scaleText,
  seriesStats,
  sparkCells,
  sparkText,
  toneOf,
  yAxis,
} from "../../src/shared/chart-scale.ts";

const pct = scaleFor("percentage", []);

describe("percentages on a fixed 0–100 % scale", () => {
  it("0 % is the lowest bar, 100 % the full one, and nothing else takes either", () => {
    expect(sparkText([0, 100], pct)).toBe("▁█");
    expect(sparkText([0.1, 99, 99.9], pct)).toBe("▂▇▇");
    expect(sparkText([50], pct)).toBe("▄");
    expect(sparkText([80], pct)).toBe("▆");
  });

  it("a flat 100 % series is full bars (not the lowest, as a min→max scale drew it)", () => {
    expect(sparkText([100, 100, 100], pct)).toBe("███");
    expect(sparkText([0, 0, 0], pct)).toBe("▁▁▁");
  });

  it("99 % and 50 % differ as they should, and only what is below 100 % takes the failure tone", () => {
    const tone = (v: number) => toneOf("availability", "percentage", v);
    const a = sparkCells([100, 99, 100, null], pct, tone);
    expect(a.map((c) => c.ch).join("")).toBe("█▇█·");
    expect(a.map((c) => c.tone)).toEqual(["plain", "bad", "plain", "gap"]);
    expect(sparkText([50, 50], pct)).toBe("▄▄");
  });

  it("a single point", () => {
    expect(sparkText([73], pct)).toBe("▆");
    expect(sparkText([null], pct)).toBe("·");
  });

  it("on a taller chart 0 % is one eighth and 99 % stays below the top", () => {
    expect(eighths(pct, 0, 4)).toBe(1);
    expect(eighths(pct, 100, 4)).toBe(32);
    expect(eighths(pct, 99, 4)).toBe(31);
    expect(eighths(pct, 50, 4)).toBe(16);
  });
});

describe("durations from 0 to the window's max", () => {
  it("is scaled from 0, not from the window's min", () => {
    const s = scaleFor("milliseconds", [900, 1000, null]);
    expect(s).toEqual({ kind: "linear", min: 0, max: 1000, unit: "milliseconds" });
    // 900 ms against 1000 ms is a tall bar, not the lowest one
    expect(sparkText([900, 1000, null], s)).toBe("▇█·");
    expect(scaleText(s)).toBe("0 ms–1.00 s");
  });

  it("a flat series is drawn flat at its level", () => {
    const s = scaleFor("milliseconds", [250, 250, 250]);
    expect(sparkText([250, 250, 250], s)).toBe("███");
    const z = scaleFor("milliseconds", [0, 0]);
    expect(sparkText([0, 0], z)).toBe("▁▁");
  });

  it("a single point is the full bar of its own max; small values still show", () => {
    const s = scaleFor("milliseconds", [42]);
    expect(sparkText([42], s)).toBe("█");
    expect(sparkText([1, 1000], scaleFor("milliseconds", [1, 1000]))).toBe("▁█");
  });

  it("a stated floor", () => {
    const s = scaleFor("milliseconds", [150, 200], 100);
    expect(s.min).toBe(100);
    expect(sparkText([100, 150, 200], s)).toBe("▁▄█");
  });

  it("an empty window has a scale and draws gaps", () => {
    const s = scaleFor("milliseconds", [null, null]);
    expect(sparkText([null, null], s)).toBe("··");
    expect(seriesStats([null, undefined])).toEqual({
      min: undefined,
      max: undefined,
      last: undefined,
      count: 0,
    });
  });
});

describe("a taller chart", () => {
  it("fills columns from the bottom in eighths with gaps on the bottom row", () => {
    const s = scaleFor("milliseconds", [100, 50]);
    const rows = chartCells([100, 50, null, 10], s, 2).map((r) => r.map((c) => c.ch).join(""));
    expect(rows).toEqual(["█   ", "██·▂"]);
  });

  it("a y-axis with the max on top and the floor below", () => {
    expect(yAxis(pct, 4)).toEqual(["100%", "75%", "", "0%"]);
    expect(yAxis(scaleFor("milliseconds", [1200]), 2)).toEqual(["1.20 s", "0 ms"]);
    // all zero: one label where the bars are
    expect(yAxis(scaleFor("count", [0, 0]), 3)).toEqual(["", "", "0"]);
    // counts are whole: no "0.6 errors" between 0 and 1; a whole middle stays
    expect(yAxis(scaleFor("count", [0, 1]), 5)).toEqual(["1", "", "", "", "0"]);
    expect(yAxis(scaleFor("count", [0, 4]), 4)).toEqual(["4", "3", "", "0"]);
  });
});

describe("browser metrics in their own units and bands", () => {
  it("web vitals: good / needs improvement / poor", () => {
    expect(bandsOf("LCP_avg")).toEqual({ good: 2500, poor: 4000 });
    expect(bandsOf("responseTime_avg")).toBeUndefined();
    expect(bandOf(bandsOf("LCP_avg")!, 2400)).toBe("good");
    expect(bandOf(bandsOf("LCP_avg")!, 3000)).toBe("needs improvement");
    expect(bandOf(bandsOf("LCP_avg")!, 4500)).toBe("poor");
    expect(toneOf("CLS_avg", "score", 0.05)).toBe("ok");
    expect(toneOf("CLS_avg", "score", 0.3)).toBe("bad");
    expect(toneOf("TBT_p95", "milliseconds", 300)).toBe("warn");
    expect(toneOf("consoleErrors_sum", "count", 0)).toBe("ok");
    expect(toneOf("consoleErrors_sum", "count", 2)).toBe("bad");
    expect(toneOf("responseTime_avg", "milliseconds", 9000)).toBe("plain");
  });

  it("each in its unit", () => {
    expect(formatValue(0.123, "score")).toBe("0.12");
    expect(formatValue(3, "count")).toBe("3");
    expect(formatValue(2500, "milliseconds")).toBe("2.50 s");
    expect(formatValue(99.5, "percentage")).toBe("99.5%");
    expect(formatValue(null, "percentage")).toBe("—");
    expect(bandsText(bandsOf("LCP")!, "milliseconds")).toBe("good ≤ 2.50 s · poor > 4.00 s");
    expect(bandsText(bandsOf("CLS")!, "score")).toBe("good ≤ 0.10 · poor > 0.25");
    expect(bandsText(bandsOf("consoleErrors_sum")!, "count")).toBe("good 0 · poor > 0");
    expect(scaleText(scaleFor("score", [0.3]))).toBe("0–0.30");
  });
});
