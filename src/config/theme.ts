/**
 * The config file's `theme` section, or a theme file (a skin, as k9s calls it): the colours of the named
 * roles the console draws with, on top of a built-in base (dark or light).
 *
 *   "theme": { "base": "dark", "fail": "#ff5f87", "accent": "#87afff", "selection": "#303a4a" }
 *   "theme": "skins/solarized.json"     (a file of the same shape, relative to the config file)
 *   "theme": "light"                    (a built-in by name)
 *
 * A colour is `#rrggbb`, `#rgb` or one of the terminal's 16 colour names (`red`, `cyanBright`, `gray`).
 * Colour only ever doubles a symbol or a word (src/tui/theme.ts), so NO_COLOR still wins over any theme.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { errorCode, errorMessage } from "../shared/errors.ts";

export const THEME_NAMES = ["dark", "light"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/**
 * The roles the console draws with: the states (ok, warn, fail, busy — running or pending — and muted),
 * secondary text (dim), titles and the active tab (accent), chart bars (chart), the cursor row's
 * background (selection: without one the row is drawn in inverse video) and the background the theme is
 * made for (background: not painted — the terminal's own is used — but what contrast is measured on).
 */
export const THEME_ROLES = [
  "ok",
  "warn",
  "fail",
  "busy",
  "muted",
  "dim",
  "accent",
  "chart",
  "selection",
  "background",
] as const;
export type ThemeRole = (typeof THEME_ROLES)[number];

/** The terminal's 16 colours by the names Ink (chalk) knows. */
export const ANSI_COLOURS = [
  "black",
  "red",
  "green",
  "yellow",
  "blue",
  "magenta",
  "cyan",
  "white",
  "gray",
  "grey",
  "blackBright",
  "redBright",
  "greenBright",
  "yellowBright",
  "blueBright",
  "magentaBright",
  "cyanBright",
  "whiteBright",
] as const;

const colour = z
  .string()
  .refine(
    (c) => /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(c) || (ANSI_COLOURS as readonly string[]).includes(c),
    "must be a colour: #rrggbb, #rgb or a terminal colour name (red, cyanBright, gray, …)",
  );

export const skinSchema = z.strictObject({
  /** The built-in theme the roles not named here come from (default: the profile's theme, else dark). */
  base: z.enum(THEME_NAMES).optional(),
  ...(Object.fromEntries(THEME_ROLES.map((r) => [r, colour.optional()])) as Record<
    ThemeRole,
    z.ZodOptional<typeof colour>
  >),
});
export type Skin = z.infer<typeof skinSchema>;

/** The section as written: a built-in's name, a theme file's path, or the roles themselves. */
export const themeSectionSchema = z.union([z.enum(THEME_NAMES), z.string().min(1), skinSchema]);
export type ThemeSection = z.infer<typeof themeSectionSchema>;

/** The theme the section names: its roles, and where they were read (the file, for error lines). */
export type LoadedSkin = { skin: Skin; source: string };

/**
 * The section's skin: a built-in name is a base with no roles of its own; a path (relative to the config
 * file's folder, `~/` for home) is read and validated. Errors are one line naming the file and the field.
 */
export function loadSkin(section: ThemeSection, configPath: string): LoadedSkin | { error: string } {
  if (typeof section !== "string") return { skin: section, source: configPath };
  if ((THEME_NAMES as readonly string[]).includes(section))
    return { skin: { base: section as ThemeName }, source: configPath };
  const path = section.startsWith("~/")
    ? join(homedir(), section.slice(2))
    : isAbsolute(section)
      ? section
      : resolve(dirname(configPath), section);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    const why = errorCode(e) === "ENOENT" ? "no such file" : errorMessage(e);
    return { error: `theme file ${path} (named in ${configPath}): ${why}` };
  }
  const r = skinSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = (issue?.path ?? []).map(String).join(".") || "(root)";
    return { error: `theme file ${path}: "${field}" ${issue?.message ?? "is invalid"}` };
  }
  return { skin: r.data, source: path };
}
