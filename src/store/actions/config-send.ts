/**
 * Senders of the configuration forms: a status page (ONE PUT of the whole page with its cards and their
 * services) and a new private location (POST; its raw key is put in the one-time panel and nowhere else —
 * never in a draft, a notice or a log).
 */
import type { Client } from "../../api/client.ts";
import type { StatusPage } from "../../contract/schemas/status-pages.ts";
import { maskUrlCredentials } from "../../contract/secrets.ts";
import { errorLine } from "../data/loaders.ts";
import { listLoaded } from "../data/slices.ts";
import { locationBody, pageBody } from "../forms/rules.ts";
import { cards, type FormState, text } from "../forms/types.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { locationRead, pageRead, setOnce } from "../view/work.ts";
import { certainlyNotApplied, fieldErrorsOf, type Sender } from "./form.ts";

export type ConfigDeps = { client: Client; store: ConsoleStore; now: () => number };

export function pageOf(store: ConsoleStore, id: string | undefined): StatusPage | undefined {
  if (!id) return undefined;
  const s = store.getState();
  return s.details.pages.get(id) ?? s.statusPages.items.find((p) => p.id === id);
}

function cardLines(f: FormState, store: ConsoleStore): string[] {
  const page = pageOf(store, f.target.pageId);
  const label = new Map<string, string>();
  for (const c of page?.cards ?? []) for (const s of c.services ?? []) label.set(s.id, s.name);
  return cards(f, "cards").map(
    (c) => `card ${c.name}: ${c.services.map((id) => label.get(id) ?? id).join(", ") || "no services"}`,
  );
}

export function createConfigSenders(deps: ConfigDeps): { "page-edit": Sender; location: Sender } {
  const { client, store } = deps;

  const page: Sender = {
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
        return { ok: false, error: errorLine(e), fieldErrors: fieldErrorsOf(e, f) };
      }
      return { ok: true, notice: `status page "${text(f, "name").trim()}" saved` };
    },
  };

  const location: Sender = {
    confirm: (f) => ({
      title: `Create private location "${text(f, "name").trim()}"?`,
      lines: [
        `slug: ${text(f, "slugName").trim()}   icon: ${text(f, "icon").trim()}`,
        `proxy URL: ${maskUrlCredentials(text(f, "proxyUrl").trim()) || "—"}`,
        "Its key is shown once, right after it is created.",
      ],
    }),
    async send(f) {
      const body = locationBody(f);
      try {
        const created = await client.privateLocations.create(body);
        const raw = (created.keys ?? []).map((k) => k.rawKey).find((k): k is string => !!k);
        // the stored copy keeps the masked keys only
        const shown = { ...created, keys: (created.keys ?? []).map(({ rawKey: _raw, ...k }) => k) };
        apply(store, locationRead(store.getState(), shown));
        apply(
          store,
          listLoaded("privateLocations", [...store.getState().privateLocations.items, shown], deps.now()),
        );
        apply(
          store,
          setOnce(store.getState(), {
            title: `Private location "${created.name}" created (${created.slugName})`,
            lines: raw
              ? [
                  "Its key — copy it now: it will NOT be shown again (only a masked form from now on).",
                  "Agents use it to pull checks for this location.",
                ]
              : ["The service returned no raw key for it."],
            secret: raw ?? "",
          }),
        );
        return { ok: true, notice: `private location ${created.slugName} created` };
      } catch (e) {
        if (certainlyNotApplied(e))
          return { ok: false, error: errorLine(e), fieldErrors: fieldErrorsOf(e, f) };
        // Outcome unknown: did it land? Slugs are unique, so look for it.
        const found = await client.privateLocations
          .list()
          .then((all) => all.find((l) => l.slugName === body.slugName))
          .catch(() => undefined);
        if (found)
          return {
            ok: true,
            notice: `${body.slugName} was created, but the answer (with its key) was lost: the key cannot be shown again`,
          };
        return { ok: false, error: `${errorLine(e)} — not created; Enter retries` };
      }
    },
  };

  return { "page-edit": page, location };
}
