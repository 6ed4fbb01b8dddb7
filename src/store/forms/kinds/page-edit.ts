/**
 * Editing a status page (`e` on the pages pane): name, URL, custom domain, default theme, and its cards
 * with their services (a service moves between cards with [ ]). ONE PUT of the whole page — idempotent:
 * a lost answer is resolved by sending the same body again.
 */

import { domainSchema } from "../../../contract/schemas/rules.ts";
import {
  DEFAULT_THEMES,
  type StatusPage,
  type StatusPageUpdateBody,
  statusPageUpdateBodySchema,
  themeColorsBodySchema,
} from "../../../contract/schemas/status-pages.ts";
import { apply, type ConsoleStore } from "../../state.ts";
import { pageRead } from "../../view/work.ts";
import { errors, firstIssue } from "../rules.ts";
import { failed } from "../send.ts";
import { cards, type FormState, makeForm, type Option, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

/** The status page as held (its detail, else its list entry). */
export function pageOf(store: ConsoleStore, id: string | undefined): StatusPage | undefined {
  if (!id) return undefined;
  const s = store.getState();
  return s.details.pages.get(id) ?? s.statusPages.items.find((p) => p.id === id);
}

function open(page: StatusPage): FormState {
  const opts = new Map<string, Option>();
  for (const c of page.cards ?? [])
    for (const s of c.services ?? []) opts.set(s.id, { id: s.id, label: s.name });
  return makeForm({
    kind: "page-edit",
    title: `Edit status page: ${page.name}`,
    target: { pageId: page.id, label: page.name },
    fields: [
      { key: "name", label: "name", type: "text" },
      { key: "url", label: "URL", type: "text" },
      { key: "customDomain", label: "custom domain", type: "text" },
      { key: "defaultTheme", label: "default theme", type: "choice", options: DEFAULT_THEMES },
      { key: "cards", label: "cards", type: "cards", options: [...opts.values()] },
    ],
    values: {
      name: page.name,
      url: page.url,
      customDomain: page.customDomain ?? "",
      defaultTheme: String(page.defaultTheme ?? "AUTO"),
      cards: (page.cards ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        services: (c.services ?? []).map((s) => s.id),
      })),
    },
  });
}

function validate(f: FormState): Record<string, string> {
  const s = statusPageUpdateBodySchema.shape;
  const domain = text(f, "customDomain").trim();
  return errors([
    ["name", firstIssue(s.name, text(f, "name"))],
    ["url", firstIssue(s.url, text(f, "url"))],
    ["customDomain", domain === "" ? undefined : firstIssue(domainSchema, domain)],
    ["cards", cards(f, "cards").some((c) => c.name.trim() === "") ? "every card needs a name" : undefined],
  ]);
}

/** The whole page for the PUT: the edited fields over the page as read (invalid optional extras dropped). */
export function pageBody(page: StatusPage, f: FormState): StatusPageUpdateBody {
  const keepUrl = (v: string | null | undefined) => (v && /^https?:\/\/\S+$/.test(v) ? v : undefined);
  const colours = themeColorsBodySchema.safeParse(page.themeColors);
  const domain = text(f, "customDomain").trim();
  return {
    name: text(f, "name").trim(),
    url: text(f, "url").trim(),
    customDomain: domain === "" ? null : domain,
    defaultTheme: text(f, "defaultTheme") as StatusPageUpdateBody["defaultTheme"],
    cards: cards(f, "cards").map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      name: c.name,
      statusPageId: page.id,
      services: c.services.map((id) => ({ id })),
    })),
    ...(page.description ? { description: page.description.slice(0, 500) } : {}),
    ...(colours.success ? { themeColors: page.themeColors as StatusPageUpdateBody["themeColors"] } : {}),
    ...(keepUrl(page.logo) ? { logo: keepUrl(page.logo) } : {}),
    ...(keepUrl(page.logoDark) ? { logoDark: keepUrl(page.logoDark) } : {}),
    ...(keepUrl(page.redirectTo) ? { redirectTo: keepUrl(page.redirectTo) } : {}),
    ...(keepUrl(page.favicon) ? { favicon: keepUrl(page.favicon) } : {}),
  };
}

function cardLines(f: FormState, store: ConsoleStore): string[] {
  const page = pageOf(store, f.target.pageId);
  const label = new Map<string, string>();
  for (const c of page?.cards ?? []) for (const s of c.services ?? []) label.set(s.id, s.name);
  return cards(f, "cards").map(
    (c) => `card ${c.name}: ${c.services.map((id) => label.get(id) ?? id).join(", ") || "no services"}`,
  );
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  return {
    confirm: (f) => ({
      title: `Save "${f.target.label ?? ""}"? (one PUT: the page, its cards and services)`,
      lines: [
        `name: ${text(f, "name")}   URL: ${text(f, "url")}`,
        `custom domain: ${text(f, "customDomain") || "—"}   default theme: ${text(f, "defaultTheme")}`,
        ...cardLines(f, store),
      ],
    }),
    async send(f) {
      const id = f.target.pageId!;
      let current = pageOf(store, id);
      try {
        if (!current?.cards) current = await client.statusPages.get(id);
        const saved = await client.statusPages.update(id, pageBody(current, f));
        apply(store, pageRead(store.getState(), saved));
        const cur = store.getState().statusPages;
        const items = cur.items.map((p) => (p.id === id ? { ...p, ...saved } : p));
        apply(store, { statusPages: { ...cur, items } });
      } catch (e) {
        return failed(e, f);
      }
      return { ok: true, notice: `status page "${text(f, "name").trim()}" saved` };
    },
  };
}

export const pageEdit = {
  open,
  validate,
  draft: {
    label: (d) => `status page "${d.target.label ?? ""}"`,
    reopen: (d, ctx) =>
      open(
        pageOf(ctx.store, d.target.pageId) ?? {
          id: d.target.pageId ?? "",
          name: d.target.label ?? "",
          url: "",
          cards: [],
        },
      ),
    sameTarget: (d, t) => d.target.pageId === t.pageId,
  },
  sender,
} satisfies FormKindSpec;
