/**
 * Pure parts of the widgets: table layout and windowing, chart values, themes (the heartbeat strip:
 * test/store/heartbeat-timeline.test.ts).
 */
import { describe, expect, it } from "vitest";
import { formatValue, seriesStats } from "../../src/shared/chart-scale.ts";
import { formatAgoCoarse } from "../../src/shared/format.ts";
import { parseWindow } from "../../src/store/actions/actions.ts";
import { makeTheme, noColorRequested } from "../../src/tui/theme.ts";
import { type Column, layoutColumns, PREFIX_WIDTH, windowStart } from "../../src/tui/widgets/table-layout.ts";

const cols: Column<string>[] = [
  { id: "s", header: "", width: 1, priority: 100, get: () => "" },
  { id: "name", header: "NAME", width: "flex", minWidth: 10, priority: 99, get: (r) => r },
  { id: "a", header: "A", width: 20, priority: 10, get: () => "" },
  { id: "b", header: "B", width: 20, priority: 50, get: () => "" },
];

describe("table layout", () => {
  it("drops the lowest-priority columns first and gives the flex column the rest", () => {
    const wide = layoutColumns(cols, 120);
    expect(wide.map((l) => l.column.id)).toEqual(["s", "name", "a", "b"]);
    expect(wide.reduce((n, l) => n + l.width, 0) + 3 + PREFIX_WIDTH).toBe(120);
    const narrow = layoutColumns(cols, 40);
    expect(narrow.map((l) => l.column.id)).toEqual(["s", "name", "b"]);
    expect(layoutColumns(cols, 20).map((l) => l.column.id)).toEqual(["s", "name"]);
  });

  it("keeps the cursor in the window, moving it as little as possible", () => {
    expect(windowStart(0, 5, 10, 100)).toBe(0);
    expect(windowStart(0, 10, 10, 100)).toBe(1);
    expect(windowStart(20, 15, 10, 100)).toBe(15);
    expect(windowStart(0, 99, 10, 100)).toBe(90);
    expect(windowStart(95, 99, 10, 100)).toBe(90);
    expect(windowStart(3, 0, 10, 4)).toBe(0);
  });
});

describe("chart values", () => {
  it("stats skip gaps; values in their units", () => {
    expect(seriesStats([3, null, 9, 1])).toEqual({ min: 1, max: 9, last: 1, count: 3 });
    expect(formatValue(87.4, "milliseconds")).toBe("87 ms");
    expect(formatValue(99.5, "percentage")).toBe("99.5%");
    expect(formatValue(undefined, "count")).toBe("—");
  });
});

describe("themes and NO_COLOR", () => {
  it("NO_COLOR (non-empty) removes every colour", () => {
    expect(noColorRequested({ NO_COLOR: "1" })).toBe(true);
    expect(noColorRequested({ NO_COLOR: "" })).toBe(false);
    expect(noColorRequested({})).toBe(false);
    const t = makeTheme("light", true);
    expect(Object.values(t.tone).every((v) => v === undefined)).toBe(true);
    expect([t.accent, t.dim, t.warn, t.error, t.chart].every((v) => v === undefined)).toBe(true);
    expect(makeTheme("light").tone.ok).not.toBe(makeTheme("dark").tone.ok);
  });
});

describe("small formatters", () => {
  it("coarse ages do not tick every second", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(formatAgoCoarse(now - 5_000, now)).toBe("<1 min ago");
    expect(formatAgoCoarse(now - 59_000, now)).toBe("<1 min ago");
    expect(formatAgoCoarse(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(formatAgoCoarse(undefined, now)).toBe("—");
  });

  it("the analytics custom window accepts FROM TO or a span", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(parseWindow("6h", now)).toEqual({ from: now / 1000 - 6 * 3600, to: now / 1000 });
    expect(parseWindow("2026-11-01 to 2026-11-02", now)).toEqual({
      from: Date.parse("2026-11-01") / 1000,
      to: Date.parse("2026-11-02") / 1000,
    });
    expect(parseWindow("2026-11-02 2026-11-01", now)).toBe("FROM must be before TO");
    expect(typeof parseWindow("soon", now)).toBe("string");
  });
});
