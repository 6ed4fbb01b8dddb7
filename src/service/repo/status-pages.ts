/**
 * Status pages with their cards (ordered) and each card's services (ordered). Page-level presentation
 * fields (theme, logo, domain, ...) live in one JSON `doc` column; `url` and `custom_domain` are unique.
 */
import type { DatabaseSync } from "node:sqlite";
import { objectIn, stringIn } from "../../shared/json.ts";
import { type Incident, incidentsForServices } from "./incidents.ts";
import { jsonObject, textOrNull } from "./rows.ts";
import { type Service, serviceFromRow } from "./services.ts";
import { dateOnly, opaqueId, type Row } from "./util.ts";

export type PageFields = {
  name: string;
  url: string;
  customDomain?: string | null | undefined;
  themeColors?: Record<string, unknown> | null | undefined;
  logo?: string | null | undefined;
  logoDark?: string | null | undefined;
  redirectTo?: string | null | undefined;
  favicon?: string | null | undefined;
  defaultTheme?: string | undefined;
  description?: string | null | undefined;
  isPrivate?: boolean | undefined;
};

export type CardInput = { id?: string | undefined; name: string; services: { id: string }[] };

export type Card = {
  id: string;
  name: string;
  statusPageId: string;
  services: Service[];
  created_at: string | null;
  updated_at: string | null;
};

export type StatusPage = {
  id: string;
  accountId: string;
  name: string;
  url: string;
  customDomain: string | null;
  themeColors: Record<string, unknown> | null;
  logo: string | null;
  logoDark: string | null;
  redirectTo: string | null;
  favicon: string | null;
  defaultTheme: string;
  description: string | null;
  isPrivate: boolean;
  whiteLabel: boolean;
  cards: Card[];
  created_at: string | null;
  updated_at: string | null;
  incidents?: Incident[];
};

function cardsOf(db: DatabaseSync, pageId: string, accountId: string): Card[] {
  const cards = db
    .prepare("SELECT * FROM status_page_cards WHERE status_page_id = ? ORDER BY position")
    .all(pageId);
  const svc = db.prepare(
    "SELECT s.* FROM card_services cs JOIN services s ON s.id = cs.service_id WHERE cs.card_id = ? ORDER BY cs.position",
  );
  return cards.map((c) => ({
    id: String(c.id),
    name: String(c.name),
    statusPageId: pageId,
    services: svc.all(String(c.id)).map((s) => serviceFromRow(db, s, accountId)),
    created_at: dateOnly(textOrNull(c, "created_at")),
    updated_at: dateOnly(textOrNull(c, "updated_at")),
  }));
}

function fromRow(db: DatabaseSync, r: Row, accountId: string, withIncidents: boolean): StatusPage {
  const id = String(r.id);
  const doc = jsonObject(r, "doc");
  const s = (k: string) => stringIn(doc, k) ?? null;
  const cards = cardsOf(db, id, accountId);
  const page: StatusPage = {
    id,
    accountId,
    name: String(r.name),
    url: String(r.url),
    customDomain: textOrNull(r, "custom_domain"),
    themeColors: objectIn(doc, "themeColors") ?? null,
    logo: s("logo"),
    logoDark: s("logoDark"),
    redirectTo: s("redirectTo"),
    favicon: s("favicon"),
    defaultTheme: s("defaultTheme") ?? "AUTO",
    description: s("description"),
    isPrivate: doc.isPrivate === true,
    whiteLabel: false,
    cards,
    created_at: dateOnly(textOrNull(r, "created_at")),
    updated_at: dateOnly(textOrNull(r, "updated_at")),
  };
  if (withIncidents) {
    const serviceIds = [...new Set(cards.flatMap((c) => c.services.map((sv) => sv.id)))];
    page.incidents = incidentsForServices(db, serviceIds, accountId);
  }
  return page;
}

export function listPages(db: DatabaseSync, accountId: string): StatusPage[] {
  return db
    .prepare("SELECT * FROM status_pages ORDER BY seq")
    .all()
    .map((r) => fromRow(db, r, accountId, true));
}

export function getPage(db: DatabaseSync, id: string, accountId: string): StatusPage | undefined {
  const r = db.prepare("SELECT * FROM status_pages WHERE id = ?").get(id);
  return r ? fromRow(db, r, accountId, false) : undefined;
}

export function pageExists(db: DatabaseSync, id: string): boolean {
  return db.prepare("SELECT 1 FROM status_pages WHERE id = ?").get(id) !== undefined;
}

/** Which unique field (url or customDomain) another page already uses, if any. */
export function clash(
  db: DatabaseSync,
  f: PageFields,
  exceptId?: string,
): "url" | "customDomain" | undefined {
  const other = (col: string, v: string) =>
    db
      .prepare(`SELECT 1 FROM status_pages WHERE ${col} = ? COLLATE NOCASE AND id != ?`)
      .get(v, exceptId ?? "") !== undefined;
  if (other("url", f.url)) return "url";
  if (f.customDomain && other("custom_domain", f.customDomain)) return "customDomain";
  return undefined;
}

function docOf(f: PageFields): string {
  return JSON.stringify({
    themeColors: f.themeColors ?? null,
    logo: f.logo ?? null,
    logoDark: f.logoDark ?? null,
    redirectTo: f.redirectTo ?? null,
    favicon: f.favicon ?? null,
    defaultTheme: f.defaultTheme ?? "AUTO",
    description: f.description ?? null,
    isPrivate: f.isPrivate ?? false,
  });
}

export function insertPage(db: DatabaseSync, f: PageFields, cards: CardInput[], nowIso: string): string {
  const id = opaqueId();
  db.prepare(
    "INSERT INTO status_pages (id, name, url, custom_domain, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(id, f.name, f.url, f.customDomain || null, docOf(f), nowIso, null);
  replaceCards(db, id, cards, nowIso);
  return id;
}

export function updatePage(
  db: DatabaseSync,
  id: string,
  f: PageFields,
  cards: CardInput[],
  nowIso: string,
): void {
  db.prepare(
    "UPDATE status_pages SET name = ?, url = ?, custom_domain = ?, doc = ?, updated_at = ? WHERE id = ?",
  ).run(f.name, f.url, f.customDomain || null, docOf(f), nowIso, id);
  replaceCards(db, id, cards, nowIso);
}

/** Card ids of a page (to check that an update body only names the page's own cards). */
export function cardIds(db: DatabaseSync, pageId: string): Set<string> {
  return new Set(
    db
      .prepare("SELECT id FROM status_page_cards WHERE status_page_id = ?")
      .all(pageId)
      .map((r) => String(r.id)),
  );
}

/** Cards named by id are updated in place, cards without id are created, the page's other cards removed. */
function replaceCards(db: DatabaseSync, pageId: string, cards: CardInput[], nowIso: string): void {
  const existing = cardIds(db, pageId);
  const keep = new Set(cards.map((c) => c.id).filter((x): x is string => !!x && existing.has(x)));
  for (const old of existing)
    if (!keep.has(old)) db.prepare("DELETE FROM status_page_cards WHERE id = ?").run(old);
  cards.forEach((c, position) => {
    let cardId = c.id;
    if (cardId && keep.has(cardId)) {
      db.prepare("UPDATE status_page_cards SET name = ?, position = ?, updated_at = ? WHERE id = ?").run(
        c.name,
        position,
        nowIso,
        cardId,
      );
      db.prepare("DELETE FROM card_services WHERE card_id = ?").run(cardId);
    } else {
      cardId = opaqueId();
      db.prepare(
        "INSERT INTO status_page_cards (id, status_page_id, name, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(cardId, pageId, c.name, position, nowIso, null);
    }
    const ins = db.prepare(
      "INSERT OR IGNORE INTO card_services (card_id, service_id, position) VALUES (?, ?, ?)",
    );
    c.services.forEach((s, i) => {
      ins.run(cardId, s.id, i);
    });
  });
}

export function deletePage(db: DatabaseSync, id: string): boolean {
  return Number(db.prepare("DELETE FROM status_pages WHERE id = ?").run(id).changes) > 0;
}
