/**
 * Status pages (seed §2.2, §4.5, api-notes §2.5): the page as read (single read and list entry), its theme
 * colours, cards with services, and the create/PUT body.
 *
 * Tolerance: required are the fields the hosted OpenAPI requires in every response variant (page: id,
 * name, url; card: id, name, created_at; service: see services.ts); the rest is `nullish` — e.g.
 * `accountId`, `created_at` and `incidents` appear in list entries only, `whiteLabel` in single reads.
 * Theme colours are not pattern-checked when read.
 *
 * Write side: colours must be `#RGB` or `#RRGGBB` hex; lowercase is accepted and upper-cased, because the
 * hosted service only takes uppercase hex. `defaultTheme` has no client-side default (the server's is AUTO).
 */
import { z } from "zod";
import { cursorPage, dateOrDateTime, openEnum, opt } from "./common.ts";
import { incidentSchema } from "./incidents.ts";
import { domainSchema, nameSchema, pageSlugSchema } from "./rules.ts";
import { serviceSchema } from "./services.ts";

export const THEME_COLOR_FIELDS = [
  "bodyBackgroundColor",
  "headerBackgroundColor",
  "headerFontColor",
  "titleFontColor",
  "bodyFontColor",
  "bodyFontColorMuted",
  "navigationFontColor",
  "linkFontColor",
  "cardBackgroundColor",
  "borderColor",
  "primaryButtonBackgroundColor",
  "primaryButtonFontColor",
] as const;
export type ThemeColorField = (typeof THEME_COLOR_FIELDS)[number];

export const DEFAULT_THEMES = ["LIGHT", "DARK", "AUTO"] as const;
export const defaultThemeSchema = openEnum(DEFAULT_THEMES);

const str = z.string().nullish();

function colorObject<T extends z.ZodType>(field: T) {
  return Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, field])) as Record<ThemeColorField, T>;
}

export const themeColorObjectSchema = z.looseObject(colorObject(str));
export const themeColorsSchema = z.looseObject({
  light: themeColorObjectSchema.nullish(),
  dark: themeColorObjectSchema.nullish(),
});
export type ThemeColors = z.infer<typeof themeColorsSchema>;

export const cardSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  statusPageId: str,
  services: z.array(serviceSchema).nullish(),
  created_at: dateOrDateTime,
  updated_at: dateOrDateTime.nullish(),
});
export type Card = z.infer<typeof cardSchema>;

export const statusPageSchema = z.looseObject({
  id: z.string(),
  accountId: str,
  name: z.string(),
  url: z.string(),
  description: str,
  customDomain: str,
  themeColors: themeColorsSchema.nullish(),
  logo: str,
  logoDark: str,
  redirectTo: str,
  favicon: str,
  defaultTheme: defaultThemeSchema.nullish(),
  cards: z.array(cardSchema).nullish(),
  whiteLabel: z.boolean().nullish(),
  isPrivate: z.boolean().nullish(),
  version: z.number().nullish(),
  created_at: dateOrDateTime.nullish(),
  updated_at: dateOrDateTime.nullish(),
  incidents: z.array(incidentSchema).nullish(),
  keys: z.array(z.looseObject({ id: z.string(), maskedKey: str })).nullish(),
});
export type StatusPage = z.infer<typeof statusPageSchema>;

export const statusPagePageSchema = cursorPage(statusPageSchema);
export type StatusPagePage = z.infer<typeof statusPagePageSchema>;

// ---- request side (tolerant of what reads return; strict on limits: see common.ts) ----

const hexColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour like #1A2B3C")
  .transform((s) => s.toUpperCase());

export const themeColorObjectBodySchema = z.object(colorObject(hexColor));
export const themeColorsBodySchema = z.object({
  light: themeColorObjectBodySchema,
  dark: themeColorObjectBodySchema,
});

const webUrl = z.url({ protocol: /^https?$/, error: "must be a valid http(s) URL" });

/**
 * A card in a write body: services are referenced by id (seed §2.2); the rest of a service as read
 * (`name`, `accountId`, `checks`, dates) is ignored.
 */
export const cardBodySchema = z.object({
  name: nameSchema(),
  id: opt(z.string().min(1)),
  statusPageId: opt(z.string().min(1)),
  services: opt(z.array(z.object({ id: z.string().min(1) }))),
});
export type CardBody = z.input<typeof cardBodySchema>;

/** PUT /v1/status-pages/{id} body (also the create body): the whole page with its cards. */
export const statusPageUpdateBodySchema = z.object({
  name: nameSchema(),
  url: pageSlugSchema,
  cards: z.array(cardBodySchema),
  description: z.string().max(500, "at most 500 characters").nullish(),
  customDomain: domainSchema.nullish(),
  themeColors: themeColorsBodySchema.nullish(),
  logo: webUrl.nullish(),
  logoDark: webUrl.nullish(),
  redirectTo: webUrl.nullish(),
  favicon: webUrl.nullish(),
  defaultTheme: opt(z.enum(DEFAULT_THEMES)),
  version: z.number().nullish(),
});
export type StatusPageUpdateBody = z.input<typeof statusPageUpdateBodySchema>;

/** POST /v1/status-pages body: the same shape as the PUT body (api-notes §2.5). */
export const statusPageCreateBodySchema = statusPageUpdateBodySchema;
export type StatusPageCreateBody = StatusPageUpdateBody;
