/**
 * The config file (`$XDG_CONFIG_HOME/vigil/config.json`), validated once at start-up.
 *
 * {
 *   "defaultProfile": "prod",
 *   "profiles": {
 *     "prod": { "baseUrl": "https://api.example.com", "apiKey": "…", "accountId": "…", "readOnly": true,
 *               "staleAfterSeconds": 90, "startPane": "checks" },
 *     "local": { "baseUrl": "http://127.0.0.1:4100", "apiKey": "…" }
 *   },
 *   "keys": { "list": { "trigger": "x" }, "global": { "quit": ["q", "<ctrl+q>"] } },
 *   "theme": { "base": "dark", "accent": "#87afff" }
 * }
 *
 * `keys`: src/config/keys.ts (which actions exist is the console's, src/tui/keymap.ts); `theme`: a skin,
 * src/config/theme.ts.
 */
import { z } from "zod";
import { keysSectionSchema } from "./keys.ts";
import { themeSectionSchema } from "./theme.ts";

export const profileSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  apiKey: z.string().min(1, "must not be empty").optional(),
  accountId: z.string().min(1, "must not be empty").optional(),
  readOnly: z.boolean().optional(),
  theme: z.enum(["dark", "light"]).optional(),
  /** The pane the console starts on (a `:` palette name: overview, checks, incidents, …; default overview). */
  startPane: z
    .string()
    .regex(/^[a-z-]+$/, "must be a pane name like overview, checks, incidents")
    .optional(),
  /**
   * The web app's page of a check, as a template with `{checkId}` (e.g. https://app.example.com/checks/{checkId}):
   * what `o` opens in a browser. Without it there is no browser link (the console shows the API URL).
   */
  webUrl: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .refine((u) => u.includes("{checkId}"), "must contain {checkId} (where the check's id goes)")
    .optional(),
  /** After how many seconds without fresh data the status line warns "stale" (default 90). */
  staleAfterSeconds: z.number().int().min(5).max(86_400).optional(),
  /** Charts' time axes and bucket times in UTC instead of local time (as `--utc`; default false). */
  utc: z.boolean().optional(),
  /** The console reads the mouse from the start (as `--mouse`; `M` toggles it; default false). */
  mouse: z.boolean().optional(),
  /** A new failure, a recovery or an overdue heartbeat rings the bell or shows a desktop notification. */
  notify: z.enum(["bell", "desktop"], { error: "must be bell or desktop" }).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const configFileSchema = z.strictObject({
  defaultProfile: z.string().min(1).optional(),
  profiles: z
    .record(z.string().regex(/^[A-Za-z0-9_.-]+$/, "profile names use letters, digits, _ . -"), profileSchema)
    .default({}),
  /** Actions → keys per context (global, list, detail, form); checked against the console's actions at start. */
  keys: keysSectionSchema.optional(),
  /** The colours: a built-in's name, a theme file's path, or roles over a built-in base. */
  theme: themeSectionSchema.optional(),
});
export type ConfigFile = z.infer<typeof configFileSchema>;
