/**
 * The lines of a status page's detail, pure: settings, theme colours (swatches — or hex text without
 * colour), and cards → services → checks with each check's current status.
 */
import type { CheckStatus } from "../../../contract/schemas/check-statuses.ts";
import type { Check } from "../../../contract/schemas/checks.ts";
import { type StatusPage, THEME_COLOR_FIELDS } from "../../../contract/schemas/status-pages.ts";
import { checkHealth, statusSymbol, type Tone } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";

export type Swatch = { hex: string };
export type PageLine = {
  text: string;
  tone?: Tone | "head" | "dim";
  /** Colour swatches after `text` (terminals with colour). */
  swatches?: Swatch[];
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Short names of the 12 theme colours, in THEME_COLOR_FIELDS order. */
export const COLOUR_LEGEND =
  "body bg · header bg · header text · title · body text · muted · nav · link · card bg · border · button bg · button text";

export function statusPageLines(
  page: StatusPage,
  opts: { colour: boolean; checks: ReadonlyMap<string, Check>; statuses: ReadonlyMap<string, CheckStatus> },
): PageLine[] {
  const out: PageLine[] = [];
  out.push({
    text: `URL ${sanitizeLine(page.url)} · custom domain ${sanitizeLine(page.customDomain ?? "") || "—"} · default theme ${sanitizeLine(String(page.defaultTheme ?? "—"))}${page.isPrivate ? " · private" : ""}`,
  });
  out.push({ text: "Theme colours", tone: "head" });
  for (const mode of ["light", "dark"] as const) {
    const c = page.themeColors?.[mode] as Record<string, string | null | undefined> | null | undefined;
    if (!c) {
      out.push({ text: `  ${mode.padEnd(5)} —`, tone: "dim" });
      continue;
    }
    const values = THEME_COLOR_FIELDS.map((f) => String(c[f] ?? ""));
    if (opts.colour) {
      out.push({
        text: `  ${mode.padEnd(5)} `,
        swatches: values.map((v) => ({ hex: HEX.test(v) ? v : "" })),
      });
    } else {
      // no colour: the hex values as text, six per line
      const hex = values.map((v) => (HEX.test(v) ? v.toUpperCase() : sanitizeLine(v) || "—").padEnd(7));
      out.push({ text: `  ${mode.padEnd(5)} ${hex.slice(0, 6).join(" ")}` });
      out.push({ text: `        ${hex.slice(6).join(" ")}` });
    }
  }
  out.push({ text: `  (${COLOUR_LEGEND})`, tone: "dim" });
  const cards = page.cards ?? [];
  out.push({ text: `Cards (${cards.length}) → services → checks`, tone: "head" });
  if (cards.length === 0) out.push({ text: "  no cards", tone: "dim" });
  for (const card of cards) {
    out.push({ text: `  ▸ ${sanitizeLine(card.name)}` });
    const services = card.services ?? [];
    if (services.length === 0) out.push({ text: "      no services", tone: "dim" });
    for (const svc of services) {
      out.push({ text: `    • ${sanitizeLine(svc.name)}` });
      for (const ref of svc.checks ?? []) {
        const st = opts.statuses.get(ref.id);
        const health = checkHealth(st);
        const sym = statusSymbol(health);
        const name = ref.name ?? opts.checks.get(ref.id)?.name ?? ref.id;
        out.push({ text: `        ${sym.symbol} ${sanitizeLine(name)}  ${health}`, tone: sym.tone });
      }
    }
  }
  return out;
}
