import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  checkHealth,
  displayWidth,
  fitWidth,
  formatAgo,
  formatBytes,
  formatDuration,
  formatMs,
  formatPercent,
  formatTimestamp,
  listCount,
  ONE_CELL_TEXT,
  padEnd,
  padStart,
  statusSymbol,
  thousands,
  truncate,
  wrapWords,
} from "../../src/shared/format.ts";

describe("displayWidth", () => {
  it("counts ASCII as one cell each", () => {
    expect(displayWidth("")).toBe(0);
    expect(displayWidth("hello")).toBe(5);
  });
  it("counts CJK and fullwidth as two cells", () => {
    expect(displayWidth("检查")).toBe(4);
    expect(displayWidth("ｈｉ")).toBe(4);
    expect(displayWidth("한국")).toBe(4);
    expect(displayWidth("aあb")).toBe(4);
  });
  it("counts emoji, with modifiers and ZWJ sequences, as two cells", () => {
    expect(displayWidth("👍")).toBe(2);
    expect(displayWidth("👍🏽")).toBe(2);
    expect(displayWidth("👨‍👩‍👧")).toBe(2);
    expect(displayWidth("❤️")).toBe(2);
  });
  it("counts combining marks as zero and accented letters as one", () => {
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("Prüfung")).toBe(7);
    expect(displayWidth("✔ ok")).toBe(4);
  });
  it("measures as Ink does (string-width): ☰ and the other wide symbols it counts, so columns line up", () => {
    // U+2630 is one of the code points the hand-written measure disagreed on
    expect(displayWidth("☰ Menu")).toBe(stringWidth("☰ Menu"));
    expect(displayWidth("☰")).toBe(2);
    for (const s of ["☰☱☲ ops", "⌚ late", "⏰ cron", "ab\u2630cd"]) {
      expect(displayWidth(s)).toBe(stringWidth(s));
      expect(stringWidth(fitWidth(s, 5))).toBe(5);
    }
  });
});

/** truncate as it was before its one-cell fast path: grapheme by grapheme, measured by string-width. */
function truncateSlowly(s: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (stringWidth(s) <= width) return s;
  const ellW = stringWidth(ellipsis);
  const room = ellW <= width ? width - ellW : width;
  let out = "";
  let w = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)) {
    const gw = stringWidth(segment);
    if (w + gw > room) break;
    out += segment;
    w += gw;
  }
  return ellW <= width ? out + ellipsis : out;
}

describe("one-cell text (measured by its length, cut by slicing)", () => {
  const oneCell = [...Array(0x1_00_00).keys()]
    .map((code) => String.fromCharCode(code))
    .filter((c) => ONE_CELL_TEXT.test(c));

  it("is every character it takes one cell wide and its own grapheme (string-width, Intl.Segmenter)", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const wrong = oneCell.filter(
      (c) => stringWidth(c) !== 1 || [...segmenter.segment(`a${c}${c}a`)].length !== 4,
    );
    expect(wrong.map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
    expect(oneCell.length).toBeGreaterThan(1000);
    for (const c of "›○…—✔✖▲◌◉⊘⚠") expect(ONE_CELL_TEXT.test(c), c).toBe(true);
    for (const c of ["決", "🚀", "✅", "e\u0301", "\u00AD", "\u25FD", "✔\uFE0F", "\t", "\u200D"])
      expect(ONE_CELL_TEXT.test(c), c).toBe(false);
  });

  it("measures and cuts as string-width and grapheme segmentation do, over random text", () => {
    // a seeded generator: the same strings every run
    let seed = 27;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const others = ["検", "🚀", "e\u0301", "✔\uFE0F", "\u200D", "한"];
    for (let i = 0; i < 5000; i++) {
      const len = Math.floor(next() * 30);
      let s = "";
      for (let j = 0; j < len; j++)
        s +=
          i % 4 === 3 && next() < 0.1
            ? others[Math.floor(next() * others.length)]
            : oneCell[Math.floor(next() * oneCell.length)];
      const width = Math.floor(next() * 34);
      expect(displayWidth(s), s).toBe(stringWidth(s));
      expect(truncate(s, width), `${s} @${width}`).toBe(truncateSlowly(s, width));
      expect(truncate(s, width, "..."), `${s} @${width}`).toBe(truncateSlowly(s, width, "..."));
    }
  });
});

describe("truncate / fit / pad", () => {
  it("leaves short strings alone", () => {
    expect(truncate("abc", 3)).toBe("abc");
    expect(truncate("abc", 10)).toBe("abc");
  });
  it("cuts with an ellipsis by display width", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("检查检查", 5)).toBe("检查…");
    expect(displayWidth(truncate("检查检查", 5))).toBe(5);
    expect(truncate("检查检查", 4)).toBe("检…");
  });
  it("never splits a wide character or a grapheme", () => {
    expect(truncate("a检", 2)).toBe("a…");
    expect(truncate("👨‍👩‍👧👨‍👩‍👧", 3)).toBe("👨‍👩‍👧…");
    expect(truncate("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301…");
  });
  it("handles tiny and zero widths", () => {
    expect(truncate("abc", 0)).toBe("");
    expect(truncate("abc", 1)).toBe("…");
    expect(truncate("abc", 2, "...")).toBe("ab");
  });
  it("fits to an exact width, left or right aligned", () => {
    expect(fitWidth("ab", 4)).toBe("ab  ");
    expect(fitWidth("ab", 4, "right")).toBe("  ab");
    expect(fitWidth("检查检查", 5)).toBe("检查…");
    expect(fitWidth("检查", 5)).toBe("检查 ");
    for (const s of ["x", "检查检查检", "👍👍👍", "abcdefgh"]) expect(displayWidth(fitWidth(s, 5))).toBe(5);
  });
  it("pads without truncating", () => {
    expect(padEnd("检", 4)).toBe("检  ");
    expect(padStart("7", 3)).toBe("  7");
    expect(padEnd("abcdef", 3)).toBe("abcdef");
  });
});

describe("durations and times", () => {
  it("formats durations", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(1550)).toBe("1.5 s");
    expect(formatDuration(12_400)).toBe("12 s");
    expect(formatDuration(60_000)).toBe("1 min");
    expect(formatDuration(252_000)).toBe("4 min 12 s");
    expect(formatDuration(2 * 3600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatDuration(3 * 86_400_000 + 4 * 3600_000)).toBe("3 d 4 h");
    expect(formatDuration(-1500)).toBe("-1.5 s");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(Number.NaN)).toBe("—");
  });
  it("formats response times", () => {
    expect(formatMs(87.4)).toBe("87 ms");
    expect(formatMs(1240)).toBe("1.24 s");
    expect(formatMs(undefined)).toBe("—");
  });
  it("formats relative times", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(formatAgo(now - 12_000, now)).toBe("12 s ago");
    expect(formatAgo(new Date(now - 5 * 60_000), now)).toBe("5 min ago");
    expect(formatAgo("2026-11-21T09:00:00Z", now)).toBe("3 h ago");
    expect(formatAgo("2026-11-19T12:00:00.000Z", now)).toBe("2 d ago");
    expect(formatAgo(now + 30_000, now)).toBe("in 30 s");
    expect(formatAgo(now, now)).toBe("just now");
    expect(formatAgo(null, now)).toBe("—");
    expect(formatAgo("not a date", now)).toBe("—");
  });
  it("formats timestamps in UTC", () => {
    expect(formatTimestamp("2026-11-21T07:05:12.345Z")).toBe("2026-11-21 07:05:12Z");
    expect(formatTimestamp("2026-11-21")).toBe("2026-11-21");
    expect(formatTimestamp(0)).toBe("1970-01-01 00:00:00Z");
    expect(formatTimestamp(null)).toBe("—");
    expect(formatTimestamp("garbage")).toBe("garbage");
  });
});

describe("sizes and ratios", () => {
  it("formats bytes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12 MiB");
    expect(formatBytes(5 * 1024 ** 4)).toBe("5.0 TiB");
    expect(formatBytes(undefined)).toBe("—");
  });
  it("formats percentages", () => {
    expect(formatPercent(0.995)).toBe("99.5%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(42, true)).toBe("42%");
    expect(formatPercent(99.25)).toBe("99.3%");
    expect(formatPercent(null)).toBe("—");
  });
});

describe("status", () => {
  it("maps statuses to symbols and tones, case-insensitively", () => {
    expect(statusSymbol("PASSED")).toEqual({ symbol: "✔", tone: "ok" });
    expect(statusSymbol("passing")).toEqual({ symbol: "✔", tone: "ok" });
    expect(statusSymbol("FAILED").tone).toBe("bad");
    expect(statusSymbol("TIMED_OUT").tone).toBe("bad");
    expect(statusSymbol("DEGRADED").tone).toBe("warn");
    expect(statusSymbol("PROGRESS").tone).toBe("busy");
    expect(statusSymbol("CANCELLED").symbol).toBe("⊘");
    expect(statusSymbol("FAILING").tone).toBe("bad");
    expect(statusSymbol(undefined).tone).toBe("muted");
    expect(statusSymbol("SOMETHING_NEW")).toEqual({ symbol: "?", tone: "muted" });
  });
  it("derives check health by the console rule", () => {
    expect(checkHealth(undefined)).toBe("pending");
    expect(checkHealth({ hasFailures: false, hasErrors: false, isDegraded: false })).toBe("passing");
    expect(checkHealth({ hasFailures: false, hasErrors: true, isDegraded: true })).toBe("failing");
    expect(checkHealth({ hasFailures: true })).toBe("failing");
    expect(checkHealth({ isDegraded: true })).toBe("degraded");
  });
});

describe("listCount", () => {
  it("says what is held, of the server's total when it counts more", () => {
    expect(listCount(13, 13, 13, false)).toBe("13");
    expect(listCount(13, 13, undefined, false)).toBe("13");
    expect(listCount(1000, 1000, 12000, false)).toBe("1,000 of 12,000");
    expect(listCount(3, 13, 13, true)).toBe("3 of 13");
    expect(listCount(3, 1000, 12000, true)).toBe("3 of 1,000 (12,000 in all)");
  });
});

describe("thousands", () => {
  it("groups the integer part by three, keeps the fraction", () => {
    expect([0, 999, 1000, 12345, 1234567.5, -9876].map(thousands)).toEqual([
      "0",
      "999",
      "1,000",
      "12,345",
      "1,234,567.5",
      "-9,876",
    ]);
  });
});

describe("wrapWords", () => {
  it("breaks at spaces, never over the width, and cuts only a word wider than a line", () => {
    expect(wrapWords("the connection pool was identified", 16)).toEqual([
      "the connection",
      "pool was",
      "identified",
    ]);
    expect(wrapWords("abcdefghij klm", 4)).toEqual(["abcd", "efgh", "ij", "klm"]);
    expect(wrapWords("", 10)).toEqual([""]);
    expect(wrapWords("exactly ten", 11)).toEqual(["exactly ten"]);
  });

  it("counts cells, not code units: wide characters and graphemes are never split", () => {
    const lines = wrapWords("日本語のテキスト 👍🏽👍🏽👍🏽", 6);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(6);
    expect(lines.join("")).toBe("日本語のテキスト👍🏽👍🏽👍🏽");
    expect(lines).toContain("👍🏽👍🏽👍🏽");
  });
});
