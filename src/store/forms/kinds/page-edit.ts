/**
 * Editing a status page (`e` on the pages pane): name, URL, custom domain, default theme, and its cards
 * with their services (a service moves between cards with [ ]). ONE PUT of the whole page — idempotent:
 * a lost answer is resolved by sending the same body again.
 *
 * The API has only that whole-page PUT, and the form opens from the copy held, which may be old: Enter
 * reads the page afresh and the PUT is that fresh page with only the fields the engineer changed put over
 * it (description, logo, colours — not in the form — and every field nobody changed here are sent as
 * they are now); a field changed meanwhile that the engineer changed too is said in the confirmation;
 * no change left → "nothing to change" (the rule: src/store/forms/fresh.ts).
 */

import { domainSchema } from "../../../contract/schemas/rules.ts";
import {
  DEFAULT_THEMES,
  type StatusPage,
  type StatusPageUpdateBody,
  statusPageUpdateBodySchema,
  themeColorsBodySchema,
} from "../../../contract/schemas/status-pages.ts";
import { errorLine } from "../../data/loaders.ts";
import { apply, type ConsoleStore } from "../../state.ts";
import { pageRead } from "../../view/work.ts";
import type { DraftValue, DraftValues } from "../drafts.ts";
import {
  changeLine,
  changesAgainst,
  keptLine,
  movedAgain,
  movedUnchanged,
  nothingLine,
  rebased,
} from "../fresh.ts";
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

/** The form's values of a page as it is (what the form opens with, and a fresh read is compared as). */
export function pageValues(page: StatusPage): DraftValues {
  return {
    name: page.name,
    url: page.url,
    customDomain: page.customDomain ?? "",
    defaultTheme: String(page.defaultTheme ?? "AUTO"),
    cards: (page.cards ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      services: (c.services ?? []).map((s) => s.id),
    })),
  };
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
    values: pageValues(page),
    base: pageValues(page),
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

function cardLines(f: Pick<FormState, "values">, store: ConsoleStore, page?: StatusPage): string[] {
  const label = new Map<string, string>();
  for (const p of [pageOf(store, page?.id), page])
    for (const c of p?.cards ?? []) for (const s of c.services ?? []) label.set(s.id, s.name);
  return cards(f as FormState, "cards").map(
    (c) => `card ${c.name}: ${c.services.map((id) => label.get(id) ?? id).join(", ") || "no services"}`,
  );
}

type CardValue = { id?: string; name: string; services: string[] };

/**
 * Cards as the confirmation shows them: each card with its services, briefly (`API: Storefront, Search |
 * Web: —`), so a change meanwhile says which service is on which card — not "3 cards … from 3 cards".
 */
export function cardsShown(v: readonly CardValue[], label: (id: string) => string): string {
  if (v.length === 0) return "no cards";
  return v.map((c) => `${c.name}: ${c.services.map(label).join(", ") || "—"}`).join(" | ");
}

/** A field's value as the confirmation shows it (`label`: a service's name). */
function shownWith(label: (id: string) => string) {
  return (key: string, v: DraftValue | undefined): string => {
    if (v === undefined) return "—";
    if (key === "cards" && Array.isArray(v)) return `[${cardsShown(v as CardValue[], label)}]`;
    return typeof v === "string" ? (v.trim() === "" ? "—" : `"${v}"`) : String(v);
  };
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  /** The page read now; the held copy (list and detail) is brought up to date with it. */
  const fresh = async (id: string): Promise<StatusPage> => {
    const page = await client.statusPages.get(id);
    remember(id, page);
    return page;
  };
  const remember = (id: string, page: StatusPage) => {
    apply(store, pageRead(store.getState(), page));
    const cur = store.getState().statusPages;
    const items = cur.items.map((p) => (p.id === id ? { ...p, ...page } : p));
    apply(store, { statusPages: { ...cur, items } });
  };
  return {
    async confirm(f) {
      const id = f.target.pageId!;
      let page: StatusPage;
      try {
        page = await fresh(id);
      } catch (e) {
        return { error: `the page could not be read afresh: ${errorLine(e)}` };
      }
      const now = pageValues(page);
      const { changes, values } = changesAgainst(f, now);
      const moved = movedUnchanged(f, now);
      const names = new Map<string, string>();
      for (const p of [pageOf(store, id), page])
        for (const c of p?.cards ?? []) for (const s of c.services ?? []) names.set(s.id, s.name);
      for (const o of f.fields.flatMap((x) => (x.type === "cards" ? x.options : [])))
        names.set(o.id, o.label);
      const shown = shownWith((sid) => names.get(sid) ?? sid);
      if (changes.length === 0)
        return { nothing: nothingLine(`status page "${page.name}"`, moved, shown), form: rebased(f, now) };
      return {
        title: `Save "${page.name}"? (one PUT: the page as read just now, with your ${changes.length === 1 ? "change" : `${changes.length} changes`})`,
        lines: [
          ...changes.filter((c) => c.key !== "cards").map((c) => changeLine(c, shown)),
          ...(changes.some((c) => c.key === "cards")
            ? [
                changeLine(changes.find((c) => c.key === "cards")!, shown),
                ...cardLines({ values }, store, page),
              ]
            : []),
          ...moved.map((m) => keptLine(m, shown)),
          "every other field is kept as it is now (read just now), description and logo included",
        ],
        careful: changes.some((c) => c.moved) || moved.length > 0,
        form: { ...rebased(f, now), confirmed: now },
      };
    },
    async send(f) {
      const id = f.target.pageId!;
      let body: StatusPageUpdateBody;
      try {
        const page = await fresh(id);
        const now = pageValues(page);
        const again = movedAgain(f, now);
        if (again !== undefined) return { ok: false, error: again };
        const { changes, values } = changesAgainst(f, now);
        if (changes.length === 0)
          return { ok: true, notice: `status page "${page.name}": nothing to change (already so)` };
        body = pageBody(page, { ...f, values });
        remember(id, await client.statusPages.update(id, body));
      } catch (e) {
        return failed(e, f);
      }
      return { ok: true, notice: `status page "${body.name}" saved` };
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
