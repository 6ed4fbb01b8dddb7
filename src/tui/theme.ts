/**
 * Colour themes as data: the built-in dark and light, and a skin (the config's `theme` section or a theme
 * file, src/config/theme.ts) naming some of the roles on top of one of them. Colour only ever doubles what
 * a symbol or text already says (✔ ✖ ▲ ◌ ○, "›" for the cursor, "●" for marks, "READ-ONLY", "⚠ stale"), so
 * NO_COLOR (https://no-color.org: set and non-empty) or a terminal without colour loses nothing. chalk
 * ignores NO_COLOR, so with it every colour here is undefined and Ink writes no SGR colour codes at all
 * (inverse/bold attributes remain: they are not colour — the cursor row stays inverse).
 *
 * The built-ins are hex colours chosen for WCAG AA contrast (4.5:1 for the text roles) on the background
 * each is made for; test/tui/theme.test.ts measures them with `contrast` below.
 */
import type { Skin, ThemeName, ThemeRole } from "../config/theme.ts";
import type { Tone } from "../shared/format.ts";

export type { ThemeName, ThemeRole } from "../config/theme.ts";

export type Palette = Record<ThemeRole, string | undefined>;

export type Theme = {
  name: ThemeName;
  noColor: boolean;
  /** Every role's colour (undefined: the terminal's default, or inverse for the selection). */
  roles: Palette;
  tone: Record<Tone, string | undefined>;
  /** Pane titles, the active pane number. */
  accent: string | undefined;
  /** Secondary text (hints, labels, units). */
  dim: string | undefined;
  /** Warnings in the status line (stale data, errors). */
  warn: string | undefined;
  error: string | undefined;
  /** Sparkline bars. */
  chart: string | undefined;
  /** The cursor row's background; undefined: the row is drawn in inverse video. */
  selection: string | undefined;
};

/** The roles drawn as text on the background: each must reach 4.5:1 in a built-in theme. */
export const TEXT_ROLES = ["ok", "warn", "fail", "busy", "muted", "dim", "accent", "chart"] as const;

export const BUILT_IN: Record<ThemeName, Palette> = {
  dark: {
    ok: "#5fd75f",
    warn: "#ffd75f",
    fail: "#ff6b6b",
    busy: "#5fd7ff",
    muted: "#a8a8a8",
    dim: "#a8a8a8",
    accent: "#5fd7ff",
    chart: "#5fafff",
    selection: undefined,
    background: "#1c1c1c",
  },
  light: {
    ok: "#007a1f",
    warn: "#8a5a00",
    fail: "#b00020",
    busy: "#005f87",
    muted: "#5f5f5f",
    dim: "#5f5f5f",
    accent: "#005f87",
    chart: "#005f87",
    selection: undefined,
    background: "#ffffff",
  },
};

/** NO_COLOR is honoured when present and not empty (no-color.org). */
export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.NO_COLOR === "string" && env.NO_COLOR !== "";
}

/** The palette of base `name` with the skin's roles over it. */
export function paletteOf(name: ThemeName, skin?: Skin): Palette {
  const p = { ...BUILT_IN[name] };
  if (skin)
    for (const role of Object.keys(p) as ThemeRole[]) if (skin[role] !== undefined) p[role] = skin[role];
  return p;
}

/**
 * The theme the console draws with: base `name` (the skin's base when none is asked for, else dark), the
 * skin's roles over it — or no colour at all with NO_COLOR.
 */
export function makeTheme(name?: ThemeName, noColor = false, skin?: Skin): Theme {
  const base = name ?? skin?.base ?? "dark";
  const roles: Palette = noColor
    ? (Object.fromEntries(Object.keys(BUILT_IN.dark).map((r) => [r, undefined])) as Palette)
    : paletteOf(base, skin);
  return {
    name: base,
    noColor,
    roles,
    tone: { ok: roles.ok, bad: roles.fail, warn: roles.warn, busy: roles.busy, muted: roles.muted },
    accent: roles.accent,
    dim: roles.dim,
    warn: roles.warn,
    error: roles.fail,
    chart: roles.chart,
    selection: roles.selection,
  };
}

/** The 16 terminal colours as xterm draws them by default (a skin may name them; measured as these). */
const ANSI_RGB: Record<string, string> = {
  black: "#000000",
  red: "#cd0000",
  green: "#00cd00",
  yellow: "#cdcd00",
  blue: "#0000ee",
  magenta: "#cd00cd",
  cyan: "#00cdcd",
  white: "#e5e5e5",
  gray: "#7f7f7f",
  grey: "#7f7f7f",
  blackBright: "#7f7f7f",
  redBright: "#ff0000",
  greenBright: "#00ff00",
  yellowBright: "#ffff00",
  blueBright: "#5c5cff",
  magentaBright: "#ff00ff",
  cyanBright: "#00ffff",
  whiteBright: "#ffffff",
};

/** A colour as [r, g, b] 0–255 (#rgb, #rrggbb or a terminal colour name); undefined for anything else. */
export function rgbOf(colour: string): [number, number, number] | undefined {
  const hex = ANSI_RGB[colour] ?? colour;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21); undefined when either is not a colour. */
export function contrast(a: string, b: string): number | undefined {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return undefined;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text roles of a palette under 4.5:1 on its background, with their ratio (none: it passes AA). */
export function lowContrast(p: Palette, min = 4.5): { role: ThemeRole; ratio: number }[] {
  const bg = p.background;
  if (bg === undefined) return [];
  const out: { role: ThemeRole; ratio: number }[] = [];
  for (const role of TEXT_ROLES) {
    const c = p[role];
    const ratio = c === undefined ? undefined : contrast(c, bg);
    if (ratio !== undefined && ratio < min) out.push({ role, ratio });
  }
  const sel = p.selection;
  // the cursor row's text (the terminal's foreground, taken as the text roles' best) on the selection
  if (sel !== undefined) {
    const best = Math.max(...TEXT_ROLES.map((r) => (p[r] ? (contrast(p[r]!, sel) ?? 0) : 0)));
    if (best < min) out.push({ role: "selection", ratio: best });
  }
  return out;
}

/**
 * What the console says at start when a skin's text is hard to read: the worst role, its ratio and how
 * many more fall short; undefined when every text role reaches 4.5:1 (or there is no colour).
 */
export function contrastNotice(t: Theme): string | undefined {
  const low = lowContrast(t.roles).sort((a, b) => a.ratio - b.ratio);
  const worst = low[0];
  if (worst === undefined) return undefined;
  const more = low.length > 1 ? ` (and ${low.length - 1} more)` : "";
  const what =
    worst.role === "selection"
      ? `text on selection ${t.roles.selection}`
      : `${worst.role} ${t.roles[worst.role]} on ${t.roles.background}`;
  return `theme: ${what} is ${worst.ratio.toFixed(1)}:1${more} — text wants 4.5:1 (WCAG AA)`;
}
