/**
 * `vigil status-pages list|get|update` (seed §4.5).
 *
 * `update` PUTs the whole page. With `--file body.json` (or `--file -` for stdin) the file IS the body.
 * With field flags (--name, --url, --custom-domain, --theme, ...) the current page is read first and
 * turned into a body (cards with services by id), the flags are applied, and the result is PUT — so the
 * cards and fields not named are kept. An empty value (`--custom-domain ""`) clears an optional field.
 */
import { UsageError } from "../../api/errors.ts";
import {
  DEFAULT_THEMES,
  type StatusPage,
  type StatusPageUpdateBody,
  statusPageSchema,
  statusPageUpdateBodySchema,
  themeColorsBodySchema,
} from "../../contract/schemas/status-pages.ts";

import { type CommandContext, CURSOR_OPTIONS, type ResourceSpec } from "../command.ts";
import { readJsonBody } from "../input.ts";
import type { Column, Output } from "../output.ts";
import { when } from "../when.ts";
import { fetchCursorList, printList } from "./lists.ts";

const columns: Column<StatusPage>[] = [
  { header: "ID", get: (p) => p.id, min: 8 },
  { header: "NAME", get: (p) => p.name, min: 8 },
  { header: "URL", get: (p) => p.url },
  { header: "CUSTOM DOMAIN", get: (p) => p.customDomain },
  { header: "CARDS", get: (p) => p.cards?.length ?? 0, align: "right" },
  {
    header: "OPEN INCIDENTS",
    get: (p) => p.incidents?.filter((i) => i.lastUpdateStatus !== "RESOLVED").length,
    align: "right",
  },
];

function printPage(out: Output, p: StatusPage): void {
  out.detail([
    ["ID", p.id],
    ["Name", p.name],
    ["URL", p.url],
    ["Custom domain", p.customDomain ?? undefined],
    ["Description", p.description ?? undefined],
    ["Default theme", p.defaultTheme ?? undefined],
    ["Logo", p.logo ?? undefined],
    ["Favicon", p.favicon ?? undefined],
    ["Redirect to", p.redirectTo ?? undefined],
    ["Private", p.isPrivate ?? undefined],
    ["Created", p.created_at ? when(p.created_at) : undefined],
    ["Updated", p.updated_at ? when(p.updated_at) : undefined],
  ]);
  const cards = p.cards ?? [];
  if (cards.length) {
    out.section("Cards");
    out.table(cards, [
      { header: "CARD ID", get: (c) => c.id },
      { header: "NAME", get: (c) => c.name },
      { header: "SERVICES", get: (c) => (c.services ?? []).map((s) => s.name) },
    ]);
  }
}

/** The PUT body equivalent to a page as read. */
export function bodyFromPage(p: StatusPage): StatusPageUpdateBody {
  const body: StatusPageUpdateBody = {
    name: p.name,
    url: p.url,
    cards: (p.cards ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      ...(c.statusPageId ? { statusPageId: c.statusPageId } : {}),
      services: (c.services ?? []).map((s) => ({ id: s.id })),
    })),
  };
  if (p.description != null) body.description = p.description;
  if (p.customDomain != null) body.customDomain = p.customDomain;
  const theme = themeColorsBodySchema.safeParse(p.themeColors);
  if (theme.success) body.themeColors = theme.data;
  if (p.logo) body.logo = p.logo;
  if (p.logoDark) body.logoDark = p.logoDark;
  if (p.redirectTo) body.redirectTo = p.redirectTo;
  if (p.favicon) body.favicon = p.favicon;
  const dt = DEFAULT_THEMES.find((t) => t === p.defaultTheme);
  if (dt) body.defaultTheme = dt;
  if (typeof p.version === "number") body.version = p.version;
  return body;
}

const FIELD_FLAGS = {
  name: "name",
  url: "url",
  "custom-domain": "customDomain",
  description: "description",
  logo: "logo",
  favicon: "favicon",
  "redirect-to": "redirectTo",
} as const;

async function buildUpdate(ctx: CommandContext, id: string): Promise<StatusPageUpdateBody> {
  const a = ctx.args;
  const file = a.string("file");
  const theme = a.choice("theme", DEFAULT_THEMES);
  const given = Object.keys(FIELD_FLAGS).filter((f) => a.has(f));
  if (file !== undefined) {
    if (given.length || theme) throw new UsageError("give either --file or field flags, not both");
    const json = await readJsonBody(file, ctx.readStdin);
    // A page as read (e.g. `status-pages get --json`) is accepted too and turned into a body.
    if (!statusPageUpdateBodySchema.safeParse(json).success) {
      const page = statusPageSchema.safeParse(json);
      if (page.success) return bodyFromPage(page.data);
    }
    return json as StatusPageUpdateBody;
  }
  if (!given.length && !theme)
    throw new UsageError(
      "nothing to update: give --file or at least one of --name, --url, --custom-domain, --theme, ...",
    );
  const body = bodyFromPage(await ctx.client.statusPages.get(id));
  const fields = body as Record<string, unknown>;
  for (const flag of given) {
    const key = FIELD_FLAGS[flag as keyof typeof FIELD_FLAGS];
    const v = a.string(flag) ?? "";
    if (v === "") {
      if (key === "name" || key === "url") throw new UsageError(`--${flag} must not be empty`);
      fields[key] = null;
    } else fields[key] = v;
  }
  if (theme) body.defaultTheme = theme;
  return body;
}

export const statusPagesCommand: ResourceSpec = {
  name: "status-pages",
  summary: "list, inspect and update status pages",
  verbs: [
    {
      name: "list",
      summary: "list status pages",
      options: CURSOR_OPTIONS,
      async run(ctx) {
        printList(ctx, await fetchCursorList(ctx, ctx.client.statusPages), (rows) =>
          ctx.out.table(rows, columns),
        );
      },
    },
    {
      name: "get",
      summary: "show a status page with its cards and services",
      positionals: [{ name: "PAGE_ID" }],
      async run(ctx) {
        const p = await ctx.client.statusPages.get(ctx.args.need("PAGE_ID"));
        if (ctx.out.json) return ctx.out.printJson(p);
        printPage(ctx.out, p);
      },
    },
    {
      name: "update",
      summary: "update a status page (fields by flag, or the whole body from a file)",
      positionals: [{ name: "PAGE_ID" }],
      options: {
        file: { type: "string", value: "FILE", help: "the whole PUT body as JSON ('-' reads stdin)" },
        name: { type: "string", value: "NAME", help: "page name" },
        url: { type: "string", value: "SLUG", help: "page URL (sub-domain slug)" },
        "custom-domain": { type: "string", value: "DOMAIN", help: 'custom domain ("" clears it)' },
        theme: { type: "string", value: "THEME", help: `default theme: ${DEFAULT_THEMES.join(", ")}` },
        description: { type: "string", value: "TEXT", help: "description, at most 500 characters" },
        logo: { type: "string", value: "URL", help: "logo URL" },
        favicon: { type: "string", value: "URL", help: "favicon URL" },
        "redirect-to": { type: "string", value: "URL", help: "redirect URL" },
      },
      notes: ["With field flags the current page is read first; cards and fields not named are kept."],
      examples: [
        "vigil status-pages update PAGE_ID --custom-domain status.example.com --theme DARK",
        "vigil status-pages get PAGE_ID --json | jq '.name=\"New\"' | vigil status-pages update PAGE_ID --file -",
      ],
      async run(ctx) {
        const id = ctx.args.need("PAGE_ID");
        const body = await buildUpdate(ctx, id);
        const p = await ctx.client.statusPages.update(id, body);
        if (ctx.out.json) return ctx.out.printJson(p);
        printPage(ctx.out, p);
      },
    },
  ],
};
