/**
 * Colour themes. Colour only ever doubles what a symbol or text already says (✔ ✖ ▲ ◌ ○, "›" for the
 * cursor, "●" for marks, "READ-ONLY", "⚠ stale"), so NO_COLOR (https://no-color.org: set and non-empty) or
 * a terminal without colour loses nothing. chalk ignores NO_COLOR, so with it every colour here is
 * undefined and Ink writes no SGR colour codes at all (inverse/bold attributes remain: they are not colour).
 */
import type { Tone } from "../shared/format.ts";

export type ThemeName = "dark" | "light";

export type Theme = {
  name: ThemeName;
  noColor: boolean;
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
};

const PALETTES: Record<ThemeName, Omit<Theme, "name" | "noColor">> = {
  dark: {
    tone: { ok: "green", bad: "red", warn: "yellow", busy: "cyan", muted: "gray" },
    accent: "cyan",
    dim: "gray",
    warn: "yellow",
    error: "red",
    chart: "cyan",
  },
  light: {
    tone: { ok: "#007a1f", bad: "#b00020", warn: "#8a5a00", busy: "#005f87", muted: "#5f5f5f" },
    accent: "#005f87",
    dim: "#5f5f5f",
    warn: "#8a5a00",
    error: "#b00020",
    chart: "#005f87",
  },
};

/** NO_COLOR is honoured when present and not empty (no-color.org). */
export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.NO_COLOR === "string" && env.NO_COLOR !== "";
}

export function makeTheme(name: ThemeName = "dark", noColor = false): Theme {
  const p = PALETTES[name];
  if (!noColor) return { name, noColor, ...p };
  return {
    name,
    noColor,
    tone: { ok: undefined, bad: undefined, warn: undefined, busy: undefined, muted: undefined },
    accent: undefined,
    dim: undefined,
    warn: undefined,
    error: undefined,
    chart: undefined,
  };
}
