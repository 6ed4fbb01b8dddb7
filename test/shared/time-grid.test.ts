import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  autoBucketMinutes,
  axisLabels,
  axisLine,
  bucketRange,
  bucketStart,
  columnOf,
  DAY,
  formatClock,
  formatRange,
  formatSpan,
  gridLabel,
  HOUR,
  MINUTE,
  placeOnGrid,
  recentWindow,
  timeGrid,
  visibleColumns,
  zoneName,
} from "../../src/shared/time-grid.ts";

const T = (iso: string) => Date.parse(iso);

describe("timeGrid", () => {
  it("a recent 24 h window in 30 min buckets is exactly 48 columns, the newest in progress", () => {
    const now = T("2026-11-25T11:07:00Z");
    const w = recentWindow(DAY, 30 * MINUTE, now);
    expect(w).toEqual({ from: T("2026-11-24T11:30:00Z"), to: now });
    const g = timeGrid({ ...w, bucketMs: 30 * MINUTE });
    expect(g.columns).toBe(48);
    expect(bucketStart(g, 0)).toBe(T("2026-11-24T11:30:00Z"));
    expect(bucketStart(g, 47)).toBe(T("2026-11-25T11:00:00Z"));
    expect(bucketRange(g, 47)).toEqual({ start: T("2026-11-25T11:00:00Z"), end: now, partial: true });
    expect(bucketRange(g, 0).partial).toBe(false);
    expect(gridLabel(g)).toBe("24 h · 30 min buckets");
  });

  it("gaps stay columns: an outage without runs is undefined cells in place, never collapsed", () => {
    const now = T("2026-11-25T12:00:00Z");
    const g = timeGrid({ ...recentWindow(DAY, HOUR, now), bucketMs: HOUR });
    expect(g.columns).toBe(24);
    // runs only in the first 6 h and the last 2 h
    const rows = [0, 1, 2, 3, 4, 5, 22, 23].map((i) => ({
      timestamp: new Date(bucketStart(g, i)).toISOString(),
      v: i,
    }));
    const { cells, outside } = placeOnGrid(g, rows, (r) => Date.parse(r.timestamp));
    expect(outside).toBe(0);
    expect(cells).toHaveLength(24);
    expect(cells.map((c) => (c ? c.v : null))).toEqual([
      0,
      1,
      2,
      3,
      4,
      5,
      ...new Array(16).fill(null),
      22,
      23,
    ]);
  });

  it("a window not on bucket edges gets partial first and last buckets", () => {
    const g = timeGrid({
      from: T("2026-11-25T10:10:00Z"),
      to: T("2026-11-25T12:20:00Z"),
      bucketMs: HOUR,
    });
    expect(g.columns).toBe(3);
    expect(bucketRange(g, 0)).toEqual({
      start: T("2026-11-25T10:10:00Z"),
      end: T("2026-11-25T11:00:00Z"),
      partial: true,
    });
    expect(bucketRange(g, 1).partial).toBe(false);
    expect(bucketRange(g, 2)).toEqual({
      start: T("2026-11-25T12:00:00Z"),
      end: T("2026-11-25T12:20:00Z"),
      partial: true,
    });
    // the report's bucket timestamps are the aligned starts, before `from` for the first
    expect(columnOf(g, T("2026-11-25T10:00:00Z"))).toBe(0);
  });

  it("window edges: from is column 0, to on a boundary opens no extra column, outside is counted", () => {
    const g = timeGrid({ from: T("2026-11-25T00:00:00Z"), to: T("2026-11-25T06:00:00Z"), bucketMs: HOUR });
    expect(g.columns).toBe(6);
    expect(columnOf(g, g.from)).toBe(0);
    expect(columnOf(g, g.to - 1)).toBe(5);
    // the report lists `to` inclusive: a result at exactly `to` belongs to the last column
    expect(columnOf(g, g.to)).toBe(5);
    expect(columnOf(g, g.to + 1)).toBeUndefined();
    expect(columnOf(g, g.from - 1)).toBeUndefined();
    const { cells, outside } = placeOnGrid(g, [g.from - HOUR, g.from, Number.NaN, g.to + HOUR], (t) => t);
    expect(cells[0]).toBe(g.from);
    expect(outside).toBe(3);
  });

  it("a bucket as wide as the window is one column at from (as the report does)", () => {
    const now = T("2026-11-25T11:07:00Z");
    const w = recentWindow(DAY, DAY, now);
    expect(w).toEqual({ from: now - DAY, to: now });
    const g = timeGrid({ ...w, bucketMs: DAY });
    expect(g).toMatchObject({ columns: 1, single: true, start: now - DAY });
    expect(columnOf(g, now - DAY)).toBe(0);
    expect(columnOf(g, now)).toBe(0);
    expect(bucketRange(g, 0)).toEqual({ start: now - DAY, end: now, partial: false });
    expect(gridLabel(g)).toBe("24 h · 1 bucket");
  });

  it("the label names the drawn part when only the newest columns fit", () => {
    const g = timeGrid({
      ...recentWindow(DAY, 30 * MINUTE, T("2026-11-25T11:07:00Z")),
      bucketMs: 30 * MINUTE,
    });
    expect(visibleColumns(g, 100)).toEqual({ first: 0, count: 48 });
    expect(visibleColumns(g, 20)).toEqual({ first: 28, count: 20 });
    expect(gridLabel(g, 20)).toBe("last 10 h of 24 h · 30 min buckets");
  });

  it("automatic bucket widths are nice and keep to the column budget", () => {
    expect(autoBucketMinutes(DAY, 60)).toBe(30);
    expect(autoBucketMinutes(7 * DAY, 60)).toBe(180);
    expect(autoBucketMinutes(30 * DAY, 60)).toBe(720);
    expect(autoBucketMinutes(HOUR, 60)).toBe(1);
    const g = timeGrid({
      ...recentWindow(7 * DAY, 180 * MINUTE, T("2026-11-25T11:07:00Z")),
      bucketMs: 180 * MINUTE,
    });
    expect(g.columns).toBe(56);
    expect(gridLabel(g)).toBe("7 d · 3 h buckets");
  });

  it("formatSpan", () => {
    expect(formatSpan(30 * MINUTE)).toBe("30 min");
    expect(formatSpan(90 * MINUTE)).toBe("1 h 30 min");
    expect(formatSpan(DAY)).toBe("24 h");
    expect(formatSpan(36 * HOUR)).toBe("36 h");
    expect(formatSpan(7 * DAY)).toBe("7 d");
    expect(formatSpan(45_000)).toBe("45 s");
  });
});

describe("axis", () => {
  const g = timeGrid({ ...recentWindow(DAY, 30 * MINUTE, T("2026-11-25T11:07:00Z")), bucketMs: 30 * MINUTE });

  it("start, middle and end of the drawn columns in UTC", () => {
    expect(axisLabels(g, { utc: true })).toEqual([
      { at: 0, text: "Nov 24 11:30", align: "left" },
      { at: 24, text: "Nov 24 23:30", align: "center" },
      { at: 48, text: "Nov 25 11:07", align: "right" },
    ]);
    const line = axisLine(g, 48, { utc: true });
    expect(line).toHaveLength(48);
    expect(line.startsWith("Nov 24 11:30")).toBe(true);
    expect(line.endsWith("Nov 25 11:07")).toBe(true);
    expect(line.slice(18, 30)).toBe("Nov 24 23:30");
  });

  it("labels that would overlap are left out, never overwritten", () => {
    const line = axisLine(g, 20, { utc: true, first: 28, count: 20 });
    expect(line).toHaveLength(20);
    expect(line).toBe("01:30   06:30  11:07");
    const short = timeGrid({
      from: T("2026-11-25T10:00:00Z"),
      to: T("2026-11-25T12:00:00Z"),
      bucketMs: 5 * MINUTE,
    });
    expect(axisLine(short, 24, { utc: true })).toBe("10:00     11:00    12:00");
  });

  it("a range for the cursor line", () => {
    expect(formatRange(T("2026-11-24T14:00:00Z"), T("2026-11-24T14:30:00Z"), { utc: true })).toBe(
      "Nov 24 14:00–14:30",
    );
    expect(formatRange(T("2026-11-24T22:00:00Z"), T("2026-11-25T04:00:00Z"), { utc: true })).toBe(
      "Nov 24 22:00 – Nov 25 04:00",
    );
    expect(formatClock(T("2026-11-24T22:00:00Z"), { utc: true, date: "only" })).toBe("Nov 24");
    expect(zoneName(0, { utc: true })).toBe("UTC");
  });
});

describe("a daylight-saving change (Europe/Berlin, 2026-10-25 03:00 CEST → 02:00 CET)", () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Europe/Berlin";
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it("keeps every hour a column; only the local labels repeat the hour", () => {
    // 24 real hours from Oct 24 22:00 UTC: 25 local clock hours pass (02:00 happens twice)
    const g = timeGrid({ from: T("2026-10-24T22:00:00Z"), to: T("2026-10-25T22:00:00Z"), bucketMs: HOUR });
    expect(g.columns).toBe(24);
    const local = Array.from({ length: 6 }, (_, i) => formatClock(bucketStart(g, i)));
    expect(local).toEqual(["00:00", "01:00", "02:00", "02:00", "03:00", "04:00"]);
    expect(zoneName(bucketStart(g, 0))).toBe("UTC+02:00");
    expect(zoneName(bucketStart(g, 23))).toBe("UTC+01:00");
    // a result in the second 02:00 hour lands in its own column, not on the first
    expect(columnOf(g, T("2026-10-25T01:30:00Z"))).toBe(3);
    expect(columnOf(g, T("2026-10-25T00:30:00Z"))).toBe(2);
    expect(axisLabels(g).map((l) => l.text)).toEqual(["Oct 25 00:00", "Oct 25 11:00", "Oct 25 23:00"]);
    expect(axisLabels(g, { utc: true }).map((l) => l.text)).toEqual([
      "Oct 24 22:00",
      "Oct 25 10:00",
      "Oct 25 22:00",
    ]);
  });
});
