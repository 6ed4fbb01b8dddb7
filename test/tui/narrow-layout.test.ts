/**
 * What gives way at a narrow terminal (80×24), as pure functions: a line of " · " parts breaks between
 * parts, never inside a count, a state or a time; a failing check's row on the overview drops the type,
 * then the locations, then the state word the symbol already says, before its reason is cut.
 */
import { describe, expect, it } from "vitest";
import { displayWidth, fitHints, partLines, wrapParts } from "../../src/shared/format.ts";
import { cursorAndLegend, cursorAndLegendLines } from "../../src/tui/panes/analytics/lines.ts";
import { checkRowForm, REASON_FLOOR } from "../../src/tui/panes/overview/layout.ts";
import { errorLines, sessionWidths } from "../../src/tui/panes/sessions/view.tsx";
import { crumbLine } from "../../src/tui/widgets/Header.tsx";

describe("partLines / wrapParts", () => {
  const counts = [
    "✖ 2 failing",
    "▲ 0 degraded",
    "✔ 9 passing",
    "⊘ 2 deactivated",
    "0 overdue heartbeats",
    "1 open incident",
  ];

  it("keeps one line when it fits, and breaks only between parts when it does not", () => {
    expect(wrapParts(counts, 120)).toEqual([counts.join(" · ")]);
    expect(wrapParts(counts, 80)).toEqual([
      "✖ 2 failing · ▲ 0 degraded · ✔ 9 passing · ⊘ 2 deactivated",
      "0 overdue heartbeats · 1 open incident",
    ]);
    expect(partLines(counts, 80)).toEqual([
      [0, 1, 2, 3],
      [4, 5],
    ]);
    for (const w of [20, 40, 60, 80, 100]) {
      const lines = wrapParts(counts, w);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(w);
      // every part whole, in order: nothing cut, nothing lost
      expect(lines.join(" · ")).toBe(counts.join(" · "));
    }
  });

  it("indents the lines after the first, and cuts only a part wider than a line, with …", () => {
    expect(
      wrapParts(["expected at 09:41", "grace until 09:51", "last ping 08:41:02 (1 h ago)"], 40, " · ", "  "),
    ).toEqual(["expected at 09:41 · grace until 09:51", "  last ping 08:41:02 (1 h ago)"]);
    expect(wrapParts(["a very long part that cannot fit", "b"], 10)).toEqual(["a very lo…", "b"]);
    expect(wrapParts([], 10)).toEqual([""]);
  });
});

describe("checkRowForm: what gives way on a failing check's overview row", () => {
  const long = ["failing for 15 min (since 09:41)"];
  const short = ["15 min (since 09:41)"];
  const where = ["1 of 2 locations"];
  const reason = ["status code equals 200, received 503"];
  const texts = { long, short, where, reason };

  it("draws the whole row where it fits (120 columns: the README's pictures)", () => {
    expect(checkRowForm(120, 13, texts, 36)).toEqual({
      type: true,
      where: true,
      whereW: 16,
      short: false,
      forW: 32,
    });
  });

  it("gives up the type first, then the locations, then the state word — the reason stays whole", () => {
    expect(checkRowForm(110, 13, texts, 36)).toMatchObject({ type: false, where: true, short: false });
    expect(checkRowForm(100, 13, texts, 36)).toMatchObject({ type: false, where: false, short: false });
    const at80 = checkRowForm(80, 13, texts, 30);
    expect(at80).toMatchObject({ type: false, where: false, short: true, forW: 20 });
    // prefix 2, state 2, gaps, name 13, since 20: the reason's 36 cells are left whole
    expect(80 - (2 + 2 + 1 + 13 + 1 + at80.forW + 1)).toBeGreaterThanOrEqual(reason[0]?.length ?? 0);
  });

  it("keeps the long form when the reasons on screen are short enough to fit beside it", () => {
    expect(checkRowForm(80, 11, { ...texts, reason: ["timeout"] }, 30)).toMatchObject({ short: false });
  });

  it("cuts since when only when nothing else is left, and the reason keeps its floor", () => {
    const dated = ["over 2 h 26 min (since before Nov 26 22:05)"];
    const f = checkRowForm(60, 18, { long: dated, short: dated, where, reason }, 30);
    expect(f.short).toBe(true);
    expect(f.forW).toBe(60 - (2 + 2 + 1 + 18 + 1 + 1) - REASON_FLOOR);
  });
});

describe("cursorAndLegend: the analytics cursor's line and the legend under it", () => {
  const legend = ["% on 0–100 (▁ 0 %, █ 100 %, red below 100 %)", "from 0 to the max shown", "· no data"];
  const cursor = [
    "▲ Mar 2 09:30–09:56 (so far)",
    "4 runs, 1 failed",
    "avg 328 ms",
    "p50 297 ms",
    "p95 420 ms",
    "p99 437 ms",
    "Availability 75%",
  ];

  it("keeps one line each where they fit (120 columns)", () => {
    expect(cursorAndLegend(cursor, legend, 120)).toEqual({
      cursor: [cursor.join(" · ")],
      legend: [legend.join(" · ")],
    });
    expect(cursorAndLegendLines(legend, 120)).toBe(2);
  });

  it("at 80 the cursor's values go on a second line, which the legend's last line gives up: the lines stay as many", () => {
    const out = cursorAndLegend(cursor, legend, 80);
    expect(out.cursor).toEqual([
      "▲ Mar 2 09:30–09:56 (so far) · 4 runs, 1 failed · avg 328 ms · p50 297 ms",
      "  p95 420 ms · p99 437 ms · Availability 75%",
    ]);
    expect(out.legend).toEqual([
      "% on 0–100 (▁ 0 %, █ 100 %, red below 100 %) · from 0 to the max shown · …",
    ]);
    expect(out.cursor.length + out.legend.length).toBe(cursorAndLegendLines(legend, 80));
    // no cursor: its hint, and the whole legend
    const idle = cursorAndLegend(
      ["←/→: read one bucket (its time, values, runs)", "Enter: list its runs"],
      legend,
      80,
    );
    expect(idle.legend.join(" · ")).toBe(legend.join(" · "));
    expect(idle.cursor.length + idle.legend.length).toBe(cursorAndLegendLines(legend, 80));
  });
});

describe("fitHints: the footer's key hints at a narrow width", () => {
  const hints =
    "t re-run · m mute · i incident · y copy · o open · [/] section · a (de)activate · e edit · Enter open · Esc back · r refresh · : palette · ? help · q quit";

  it("keeps every hint where they fit, else whole hints, '…' where the rest were left out, and the help", () => {
    expect(fitHints(hints, 200, "? help")).toBe(hints);
    expect(fitHints(hints, 80, "? help")).toBe(
      "t re-run · m mute · i incident · y copy · o open · [/] section · … · ? help",
    );
    for (const w of [40, 80, 100, 120]) {
      const out = fitHints(hints, w, "? help");
      expect(displayWidth(out)).toBeLessThanOrEqual(w);
      expect(out.endsWith(" · … · ? help")).toBe(true);
    }
  });
});

describe("sessions at 80 columns", () => {
  it("gives RESULT the cells a 17-cell STATUS saying FAILED and a name column wider than its names took", () => {
    expect(sessionWidths(80, ["DNS: example.com A record"], ["FAILED"])).toEqual({ name: 25, status: 6 });
    // STATUS as wide as its longest word; the name gives way down to 16 cells
    const w = sessionWidths(
      80,
      ["A check with a name far too long for the column"],
      ["PROGRESS_DEGRADED", "FAILED"],
    );
    expect(w).toEqual({ status: 17, name: 16 });
    // beside FAILED a long name takes 25 cells and RESULT keeps 28
    const failed = sessionWidths(80, ["A check with a name far too long for the column"], ["FAILED"]);
    expect(failed).toEqual({ status: 6, name: 25 });
    expect(80 - (2 + 1 + failed.name + failed.status + 5 + 8 + 5)).toBe(28);
  });

  it("puts a location's error beside it where it fits, else whole on up to 3 lines under it", () => {
    expect(errorLines("timeout", 80, 40)).toEqual(["timeout"]);
    const err =
      "assertion failed: expected response code 200, got 500 from https://api.example.com/v1/orders?page=1 (after 3 tries)";
    const lines = errorLines(err, 80, 40);
    expect(lines.length).toBe(2);
    expect(lines.join(" ")).toBe(err);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(76);
    const cut = errorLines(err.repeat(4), 80, 40);
    expect(cut.length).toBe(3);
    expect(cut[2]?.endsWith("…")).toBe(true);
  });
});

describe("crumbLine: the header's breadcrumbs at a narrow width", () => {
  it("keeps the last crumb whole: the crumbs between give way, the longest first", () => {
    const parts = ["vigil", "Results", "DNS: example.com A record", "result"];
    expect(crumbLine(parts, 60)).toBe("vigil › Results › DNS: example.com A record › result");
    // 80 columns beside the pane numbers: 52 cells
    expect(crumbLine(parts, 45)).toBe("vigil › Results › DNS: example.com … › result");
    expect(displayWidth(crumbLine(parts, 45))).toBeLessThanOrEqual(45);
    // too narrow even so: the line's end is cut, with "…"
    expect(crumbLine(parts, 30)).toBe("vigil › Results › DNS: ex… › …");
    // a single crumb after the title is cut at its end as before
    expect(crumbLine(["vigil", "Checks", "A very long check name indeed"], 25)).toBe(
      "vigil › Checks › A very …",
    );
  });
});
