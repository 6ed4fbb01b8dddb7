import { describe, expect, it } from "vitest";
import { sanitize, sanitizeBlock, sanitizeLine } from "../../src/shared/sanitize.ts";

const ESC = "\u001b";
/** Nothing a terminal would interpret: no C0 (except LF in blocks), DEL, C1, bidi or invisible controls. */
const DANGEROUS =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff]|[\u{e0000}-\u{e007f}]/u;

function assertSafe(out: string, block = false) {
  expect(DANGEROUS.test(out), JSON.stringify(out)).toBe(false);
  if (!block) expect(out).not.toContain("\n");
}

describe("sanitize: clean text", () => {
  it("returns clean strings unchanged (same instance)", () => {
    const s = "api.example.com — Prüfung 检查 ✔ 👍🏽 👨‍👩‍👧";
    expect(sanitize(s)).toBe(s);
    expect(sanitizeBlock("a\nb")).toBe("a\nb");
  });
  it("stringifies non-strings", () => {
    expect(sanitize(undefined)).toBe("");
    expect(sanitize(null)).toBe("");
    expect(sanitize(42)).toBe("42");
    expect(sanitize(false)).toBe("false");
    expect(sanitize({ a: "x\u001b[2J" })).toBe('{"a":"x\\u001b[2J"}');
    expect(sanitize(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(sanitize(cyclic)).toBe("[object Object]");
  });
  it("keeps ZWJ / ZWNJ and variation selectors used by emoji and scripts", () => {
    const s = "👩‍💻 ❤️ می‌خواهم";
    expect(sanitize(s)).toBe(s);
  });
});

describe("sanitize: whitespace", () => {
  it("renders TAB as a space", () => {
    expect(sanitize("a\tb")).toBe("a b");
    expect(sanitizeBlock("a\tb")).toBe("a b");
  });
  it("renders newlines as ⏎ in lines (or a chosen replacement) and keeps them in blocks", () => {
    expect(sanitizeLine("a\nb\r\nc\rd")).toBe("a⏎b⏎c⏎d");
    expect(sanitizeLine("a\nb", " ")).toBe("a b");
    expect(sanitizeBlock("a\nb\r\nc\rd")).toBe("a\nb\nc\nd");
  });
  it("treats U+2028/U+2029 and NEL as newlines", () => {
    expect(sanitize("a\u2028b\u2029c\u0085d")).toBe("a⏎b⏎c⏎d");
    expect(sanitizeBlock("a\u2028b")).toBe("a\nb");
  });
});

describe("sanitize: C0, DEL, C1", () => {
  it("replaces every C0 control except TAB/LF with a control picture", () => {
    for (let cp = 0; cp < 0x20; cp++) {
      if (cp === 9 || cp === 10 || cp === 13) continue;
      const out = sanitize(`x${String.fromCharCode(cp)}y`);
      assertSafe(out);
      expect(out).toBe(`x${cp === 0x1b ? "␛" : String.fromCodePoint(0x2400 + cp)}y`);
    }
  });
  it("BEL and backspace are visible", () => {
    expect(sanitize("ding\u0007")).toBe("ding␇");
    expect(sanitize("abc\b\b\bxyz")).toBe("abc␈␈␈xyz");
  });
  it("DEL becomes ␡", () => {
    expect(sanitize("a\u007fb")).toBe("a␡b");
  });
  it("every C1 control becomes visible text", () => {
    for (let cp = 0x80; cp <= 0x9f; cp++) {
      const out = sanitize(`x${String.fromCharCode(cp)}y`);
      assertSafe(out);
      expect(out.length).toBeGreaterThan(2);
    }
    expect(sanitize("a\u0080b")).toBe("a\\x80b");
    expect(sanitize("a\u009ab")).toBe("a\\x9ab");
  });
});

describe("sanitize: escape sequences", () => {
  it("neutralises CSI (clear screen, cursor moves, SGR) keeping the parameters visible", () => {
    expect(sanitize(`${ESC}[2J${ESC}[H evil`)).toBe("␛[2J␛[H evil");
    expect(sanitize(`${ESC}[31mred${ESC}[0m`)).toBe("␛[31mred␛[0m");
    expect(sanitize(`${ESC}[?1049h`)).toBe("␛[?1049h");
    expect(sanitize(`${ESC}[1;2;3 q`)).toBe("␛[1;2;3 q");
  });
  it("neutralises 8-bit CSI", () => {
    expect(sanitize("\u009b2J")).toBe("␛[2J");
    expect(sanitize("x\u009b31mred")).toBe("x␛[31mred");
  });
  it("truncates absurdly long CSI parameter lists", () => {
    const out = sanitize(`${ESC}[${"1;".repeat(100)}m`);
    assertSafe(out);
    expect(out.length).toBeLessThan(40);
  });
  it("handles an incomplete CSI at the end", () => {
    expect(sanitize(`abc${ESC}[12`)).toBe("abc␛[12");
    expect(sanitize(`abc${ESC}`)).toBe("abc␛");
  });
  it("removes OSC payloads (title, hyperlink, clipboard) terminated by BEL or ST", () => {
    expect(sanitize(`a${ESC}]0;pwned title\u0007b`)).toBe("a␛]0…b");
    expect(sanitize(`a${ESC}]2;title${ESC}\\b`)).toBe("a␛]2…b");
    expect(sanitize(`a${ESC}]52;c;ZWNobyBwd25lZA==\u0007b`)).toBe("a␛]52…b");
    expect(sanitize(`${ESC}]8;;https://evil.example/${ESC}\\click${ESC}]8;;${ESC}\\`)).toBe("␛]8…click␛]8…");
  });
  it("handles 8-bit OSC and 8-bit ST", () => {
    expect(sanitize("a\u009d52;c;Zm9v\u009cb")).toBe("a␛]52…b");
    expect(sanitize("a\u009d0;t\u0007b")).toBe("a␛]0…b");
  });
  it("an unterminated OSC swallows the rest (like the terminal would) but stays visible", () => {
    expect(sanitize(`ok${ESC}]52;c;AAAA`)).toBe("ok␛]52…");
  });
  it("an OSC cut short by another ESC sequence ends there", () => {
    expect(sanitize(`${ESC}]0;t${ESC}[2J`)).toBe("␛]0…␛[2J");
  });
  it("neutralises DCS, SOS, PM and APC in 7-bit and 8-bit forms", () => {
    expect(sanitize(`a${ESC}Pq#0;2;0;0;0${ESC}\\b`)).toBe("a␛P…b");
    expect(sanitize(`a${ESC}Xsos${ESC}\\b`)).toBe("a␛X…b");
    expect(sanitize(`a${ESC}^pm${ESC}\\b`)).toBe("a␛^…b");
    expect(sanitize(`a${ESC}_apc${ESC}\\b`)).toBe("a␛_…b");
    expect(sanitize("a\u0090dcs\u009cb")).toBe("a␛P…b");
    expect(sanitize("a\u0098sos\u009cb")).toBe("a␛X…b");
    expect(sanitize("a\u009epm\u009cb")).toBe("a␛^…b");
    expect(sanitize("a\u009fapc\u009cb")).toBe("a␛_…b");
  });
  it("neutralises other ESC sequences (reset, charset, save cursor)", () => {
    expect(sanitize(`${ESC}c`)).toBe("␛c");
    expect(sanitize(`${ESC}(0`)).toBe("␛(0");
    expect(sanitize(`${ESC}7x${ESC}8`)).toBe("␛7x␛8");
    expect(sanitize(`${ESC}#8`)).toBe("␛#8");
  });
  it("control characters inside sequences do not leak", () => {
    for (const s of [
      `${ESC}]0;a\u0008\u0000b\u0007`,
      `${ESC}[\u0000m`,
      `${ESC}P\u009b2J${ESC}\\`,
      `${ESC}${ESC}[2J`,
    ]) {
      assertSafe(sanitize(s));
      assertSafe(sanitizeBlock(s), true);
    }
  });
});

describe("sanitize: bidi and invisible characters", () => {
  it("makes every bidi control visible", () => {
    for (const cp of [
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x61c,
    ]) {
      const out = sanitize(`a${String.fromCodePoint(cp)}b`);
      assertSafe(out);
      expect(out).toBe(`a\\u${cp.toString(16).padStart(4, "0")}b`);
    }
  });
  it("shows the classic Trojan Source trick", () => {
    expect(sanitize("admin\u202e\u2066txt.exe\u2069\u2066")).toBe("admin\\u202e\\u2066txt.exe\\u2069\\u2066");
  });
  it("makes zero-width and other invisible characters visible", () => {
    for (const cp of [
      0x200b, 0x2060, 0x2061, 0x2064, 0xfeff, 0x00ad, 0x180e, 0x3164, 0xffa0, 0x115f, 0xfff9,
    ]) {
      const out = sanitize(`a${String.fromCodePoint(cp)}b`);
      assertSafe(out);
      expect(out).not.toBe(`a${String.fromCodePoint(cp)}b`);
      expect(out).toContain("\\");
    }
  });
  it("makes Unicode tag characters (hidden ASCII) visible", () => {
    const hidden = [..."hi"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
    const out = sanitize(`ok${hidden}`);
    assertSafe(out);
    expect(out).toBe("ok\\u{e0068}\\u{e0069}");
  });
  it("replaces lone surrogates", () => {
    expect(sanitize("a\ud800b")).toBe("a\ufffdb");
    expect(sanitize("a\udc00")).toBe("a\ufffd");
  });
});

describe("sanitize: robustness", () => {
  it("no output of random hostile input contains a raw control", () => {
    const pool = [
      "\u001b",
      "[",
      "]",
      "P",
      "\\",
      "\u0007",
      "\u009b",
      "\u009d",
      "\u009c",
      "\u0090",
      "\n",
      "\r",
      "\t",
      "\u202e",
      "\u2066",
      "\u0000",
      "\u007f",
      "a",
      "2",
      ";",
      "J",
      "ü",
      "检",
      "\ud83d",
    ];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      let s = "";
      const len = rnd() % 20;
      for (let i = 0; i < len; i++) s += pool[rnd() % pool.length];
      assertSafe(sanitizeLine(s));
      assertSafe(sanitizeBlock(s), true);
    }
  });
  it("is fast on clean and on hostile text", () => {
    const clean = "checkout-api (eu-west-1) 123 ms".repeat(4);
    const hostile = `x${ESC}[2J${ESC}]52;c;AAAA\u0007\u202e y\u0000`.repeat(4);
    const t0 = performance.now();
    for (let i = 0; i < 20_000; i++) sanitize(clean);
    const t1 = performance.now();
    for (let i = 0; i < 20_000; i++) sanitize(hostile);
    const t2 = performance.now();
    expect(t1 - t0).toBeLessThan(200);
    expect(t2 - t1).toBeLessThan(1500);
  });
});
