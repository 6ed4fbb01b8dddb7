import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "../../src/contract/schemas/analytics.ts";
import { HOUR, MINUTE, timeGrid } from "../../src/shared/time-grid.ts";
import { bucketCounts, bucketQuery, cursorColumn, stepCursor } from "../../src/store/analytics/bucket.ts";
import { reportSeries, seriesStatsText, valueText } from "../../src/store/analytics/chart.ts";
import { analyticsQuery, reportGrid } from "../../src/store/analytics/query.ts";
import { initialUi } from "../../src/store/view/ui.ts";

const T = (iso: string) => Date.parse(iso);
const grid = timeGrid({ from: T("2026-11-25T00:00:00Z"), to: T("2026-11-25T06:00:00Z"), bucketMs: HOUR });
const at = (h: number) => new Date(T("2026-11-25T00:00:00Z") + h * HOUR).toISOString();

describe("a report on its time grid", () => {
  it("metrics share the columns; a bucket without a row is a gap in every metric (p95 and avg line up)", () => {
    const report = {
      series: [
        {
          data: [
            { timestamp: at(0), responseTime_avg: 100, responseTime_p95: 300, availability: 100 },
            // the p95 of a bucket may be null while its avg is not: it stays in its column
            { timestamp: at(2), responseTime_avg: 120, responseTime_p95: null, availability: 50 },
            { timestamp: at(5), responseTime_avg: 90, responseTime_p95: 200, availability: 100 },
          ],
        },
      ],
      metadata: {
        responseTime_avg: { unit: "milliseconds", label: "avg" },
        responseTime_p95: { unit: "milliseconds", label: "p95" },
        availability: { unit: "percentage", label: "Availability" },
      },
    } as unknown as AnalyticsReport;
    const { series, outside } = reportSeries(
      report,
      ["responseTime_avg", "responseTime_p95", "availability"],
      grid,
      "none",
    );
    expect(outside).toBe(0);
    expect(series.map((s) => s.values.length)).toEqual([6, 6, 6]);
    expect(series[0]!.values).toEqual([100, null, 120, null, null, 90]);
    expect(series[1]!.values).toEqual([300, null, null, null, null, 200]);
    expect(seriesStatsText(series[2]!, 0, 6)).toBe("min 50%  last 100%");
    expect(seriesStatsText(series[0]!, 0, 6, true)).toBe("max 120 ms");
    expect(valueText(series[2]!, 2)).toBe("50%");
    // a bucket without a row is "—" in every metric; a bucket with runs but no p95 too (never "no runs"
    // next to the bucket's run count)
    expect(valueText(series[2]!, 1)).toBe("—");
    expect(valueText(series[0]!, 2)).toBe("120 ms");
    expect(valueText(series[1]!, 2)).toBe("—");
    // a series without a value in the drawn buckets (runs that failed before a response) says so
    expect(seriesStatsText(series[1]!, 1, 4)).toBe("no data");
  });

  it("grouped: groups by name, each bucket in its own column (a late location's newest under the others' newest)", () => {
    const report = {
      series: [
        { runLocation: "us-east-1", data: [{ timestamp: at(5), availability: 100 }] },
        {
          runLocation: "eu-west-1",
          data: [
            { timestamp: at(0), availability: 100 },
            { timestamp: at(5), availability: 0 },
          ],
        },
        { runLocation: null, data: [{ timestamp: at(3), availability: 100 }] },
      ],
      metadata: { availability: { unit: "percentage", label: "Availability" } },
    } as unknown as AnalyticsReport;
    const { series } = reportSeries(report, ["availability"], grid, "runLocation");
    expect(series.map((s) => s.label)).toEqual(["eu-west-1", "not recorded", "us-east-1"]);
    expect(series[0]!.values).toEqual([100, null, null, null, null, 0]);
    expect(series[2]!.values).toEqual([null, null, null, null, null, 100]);
  });

  it("web vitals carry their band at the cursor", () => {
    const report = {
      series: [{ data: [{ timestamp: at(1), LCP_avg: 3100 }] }],
      metadata: { LCP_avg: { unit: "milliseconds", label: "LCP" } },
    } as unknown as AnalyticsReport;
    const { series } = reportSeries(report, ["LCP_avg"], grid, "none");
    expect(valueText(series[0]!, 1)).toBe("3.10 s (needs improvement)");
  });
});

describe("the pane's query and grid", () => {
  const o = initialUi().analytics;
  const now = T("2026-11-25T11:07:30Z");

  it("asks a quick range in whole buckets and draws the report's own window", () => {
    const q = analyticsQuery(o, now);
    expect(q.interval).toBe(30);
    expect(new Date(q.from * 1000).toISOString()).toBe("2026-11-24T11:30:00.000Z");
    expect(reportGrid("url", o, undefined, now).columns).toBe(48);
    const report = { from: "2026-11-24T12:00:00.000Z", to: "2026-11-25T12:00:00.000Z", series: [] };
    expect(reportGrid("url", o, report as unknown as AnalyticsReport, now).columns).toBe(48);
    // a report without intervals (heartbeats) is drawn in day buckets: one column for 24 h
    expect(reportGrid("heartbeat", o, undefined, now).columns).toBe(1);
    const hb = analyticsQuery(o, now, "heartbeat");
    expect(hb.to - hb.from).toBe(86_400);
    expect(hb.to).toBe(Math.floor(now / 1000));
    // 7 d of a heartbeat: seven UTC days, today's in progress
    const week = { ...o, range: "7d" as const };
    expect(reportGrid("heartbeat", week, undefined, now).columns).toBe(7);
    expect(new Date(analyticsQuery(week, now, "heartbeat").from * 1000).toISOString()).toBe(
      "2026-11-19T00:00:00.000Z",
    );
  });
});

describe("the chart cursor", () => {
  it("lands on the newest bucket, steps, stops at the edges, follows its bucket's time", () => {
    const first = stepCursor(grid, undefined, -1);
    expect(first).toBe(T("2026-11-25T05:00:00Z"));
    expect(cursorColumn(grid, first)).toBe(5);
    expect(stepCursor(grid, first, 1)).toBe(first);
    expect(stepCursor(grid, first, -2)).toBe(T("2026-11-25T03:00:00Z"));
    expect(stepCursor(grid, T("2026-11-25T00:00:00Z"), -1)).toBe(T("2026-11-25T00:00:00Z"));
    // a bucket that slid out of the window: the oldest drawn
    expect(cursorColumn(grid, T("2026-11-24T20:00:00Z"))).toBe(0);
    // only the newest 3 columns drawn
    expect(cursorColumn(grid, T("2026-11-25T01:00:00Z"), { first: 3, count: 3 })).toBe(3);
  });

  it("asks a bucket's runs by its window, up to 6 h", () => {
    expect(bucketQuery(grid, 2)).toEqual({
      from: T("2026-11-25T02:00:00Z") / 1000,
      to: T("2026-11-25T03:00:00Z") / 1000,
      start: T("2026-11-25T02:00:00Z"),
      end: T("2026-11-25T03:00:00Z"),
    });
    const wide = timeGrid({ from: 0, to: 7 * 24 * HOUR, bucketMs: 12 * 60 * MINUTE });
    expect(bucketQuery(wide, 0)).toHaveProperty("tooWide");
  });
});

describe("bucketCounts: the cursor line's runs, in agreement with their number", () => {
  const bucket = (n: number, failed: number, more = false) => ({
    key: "k",
    loadedAt: 0,
    error: undefined,
    more,
    results: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, hasFailures: i < failed })),
  });
  it("1 run, 2 runs, 100+ runs, with the failed ones", () => {
    expect(bucketCounts(bucket(1, 0)).text).toBe("1 run");
    expect(bucketCounts(bucket(1, 1)).text).toBe("1 run, 1 failed");
    expect(bucketCounts(bucket(2, 0)).text).toBe("2 runs");
    expect(bucketCounts(bucket(100, 0, true)).text).toBe("100+ runs");
  });
});
