/** Themes as data: the built-ins meet WCAG AA on their own background; a skin's roles; NO_COLOR. */
import { describe, expect, it } from "vitest";
import {
  BUILT_IN,
  contrast,
  contrastNotice,
  lowContrast,
  makeTheme,
  paletteOf,
  TEXT_ROLES,
  type ThemeName,
} from "../../src/tui/theme.ts";

describe("contrast (WCAG 2)", () => {
  it("measures the known pairs", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrast("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrast("redBright", "black")).toBeCloseTo(5.25, 2);
    expect(contrast("nope", "#000")).toBeUndefined();
  });
});

describe("the built-in themes", () => {
  it.each(Object.keys(BUILT_IN) as ThemeName[])(
    "%s: every text role reaches 4.5:1 on its own background",
    (name) => {
      const p = BUILT_IN[name];
      expect(p.background).toBeDefined();
      for (const role of TEXT_ROLES) {
        const ratio = contrast(p[role]!, p.background!);
        expect(ratio, `${name} ${role} ${p[role]} on ${p.background}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(lowContrast(p)).toEqual([]);
    },
  );

  it("a skin's roles go over its base; NO_COLOR drops every colour whatever the theme", () => {
    const skin = { base: "light" as const, fail: "#c00000", selection: "#dde8ff" };
    const t = makeTheme(undefined, false, skin);
    expect(t.name).toBe("light");
    expect(t.tone.bad).toBe("#c00000");
    expect(t.error).toBe("#c00000");
    expect(t.tone.ok).toBe(BUILT_IN.light.ok);
    expect(t.selection).toBe("#dde8ff");
    // the profile's / --theme's base wins over the skin's
    expect(makeTheme("dark", false, skin).tone.ok).toBe(BUILT_IN.dark.ok);
    const none = makeTheme("dark", true, skin);
    expect(Object.values(none.roles).every((c) => c === undefined)).toBe(true);
    expect([none.accent, none.dim, none.warn, none.error, none.chart, none.selection]).toEqual(
      Array(6).fill(undefined),
    );
  });

  it("a skin's low contrast is found (so it can be told)", () => {
    const p = paletteOf("dark", { dim: "#333333", selection: "#5fd75f" });
    expect(lowContrast(p).map((x) => x.role)).toContain("dim");
  });

  it("a skin's low contrast is said in one line at start; the built-ins and NO_COLOR say nothing", () => {
    expect(contrastNotice(makeTheme("dark"))).toBeUndefined();
    expect(contrastNotice(makeTheme("light"))).toBeUndefined();
    const skin = { dim: "#333333", muted: "#3a3a3a" };
    expect(contrastNotice(makeTheme("dark", false, skin))).toBe(
      "theme: dim #333333 on #1c1c1c is 1.3:1 (and 1 more) — text wants 4.5:1 (WCAG AA)",
    );
    expect(contrastNotice(makeTheme("dark", true, skin))).toBeUndefined();
    expect(contrastNotice(makeTheme("light", false, { selection: "#000000" }))).toMatch(
      /^theme: text on selection #000000 is \d\.\d:1 — /,
    );
  });
});
