/**
 * Status-page email subscriptions (`status_page_subscriptions`), and what an incident update's mail needs to
 * know: the update, its incident, the pages showing the incident's services and their VERIFIED subscribers.
 * The notification itself is alerts/subscribers.ts.
 */
import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import { num, type Row, text } from "./rows.ts";
import { dateOnly, isoMs, uuid } from "./util.ts";

export type Subscription = {
  id: string;
  type: "EMAIL";
  address: string;
  status: "PENDING" | "VERIFIED";
  created_at: string;
  updated_at: string;
};

const fromRow = (r: Row): Subscription => ({
  id: text(r, "id"),
  type: "EMAIL",
  address: text(r, "address"),
  status: text(r, "status") === "VERIFIED" ? "VERIFIED" : "PENDING",
  created_at: dateOnly(text(r, "created_at")) ?? text(r, "created_at"),
  updated_at: dateOnly(text(r, "updated_at")) ?? text(r, "updated_at"),
});

export function listSubscriptions(db: DatabaseSync, pageId: string): Subscription[] {
  return db
    .prepare("SELECT * FROM status_page_subscriptions WHERE status_page_id = ? ORDER BY seq")
    .all(pageId)
    .map(fromRow);
}

export function addSubscriptions(
  db: DatabaseSync,
  pageId: string,
  addresses: string[],
  verified: boolean,
  now: number,
): { created: number; skipped: number } {
  return transaction(db, () => {
    let created = 0;
    const insert = db.prepare(
      `INSERT OR IGNORE INTO status_page_subscriptions (id, status_page_id, type, address, status, created_at, updated_at)
       VALUES (?, ?, 'EMAIL', ?, ?, ?, ?)`,
    );
    for (const a of addresses) {
      const iso = isoMs(now);
      created += Number(
        insert.run(uuid(), pageId, a.trim().toLowerCase(), verified ? "VERIFIED" : "PENDING", iso, iso)
          .changes,
      );
    }
    return { created, skipped: addresses.length - created };
  });
}

export function deleteSubscription(db: DatabaseSync, pageId: string, id: string): boolean {
  return (
    Number(
      db.prepare("DELETE FROM status_page_subscriptions WHERE status_page_id = ? AND id = ?").run(pageId, id)
        .changes,
    ) > 0
  );
}

export type UpdateInfo = {
  id: string;
  description: string;
  status: string;
  public_date: string;
  notify_subscribers: number;
};

export function updateToNotify(
  db: DatabaseSync,
  incidentId: string,
  updateId: string,
): UpdateInfo | undefined {
  const r = db
    .prepare("SELECT * FROM incident_updates WHERE incident_id = ? AND id = ?")
    .get(incidentId, updateId);
  return r
    ? {
        id: text(r, "id"),
        description: text(r, "description"),
        status: text(r, "status"),
        public_date: text(r, "public_date"),
        notify_subscribers: num(r, "notify_subscribers"),
      }
    : undefined;
}

export function incidentHead(
  db: DatabaseSync,
  incidentId: string,
): { name: string; severity: string } | undefined {
  const r = db.prepare("SELECT name, severity FROM incidents WHERE id = ?").get(incidentId);
  return r ? { name: text(r, "name"), severity: text(r, "severity") } : undefined;
}

/** The status pages that show one of the incident's services. */
export function pagesShowingIncident(db: DatabaseSync, incidentId: string): { id: string; name: string }[] {
  return db
    .prepare(
      `SELECT DISTINCT p.id, p.name FROM status_pages p JOIN status_page_cards c ON c.status_page_id = p.id
       JOIN card_services cs ON cs.card_id = c.id JOIN incident_services i ON i.service_id = cs.service_id
       WHERE i.incident_id = ? ORDER BY p.seq`,
    )
    .all(incidentId)
    .map((r) => ({ id: text(r, "id"), name: text(r, "name") }));
}

export function verifiedSubscribers(db: DatabaseSync, pageId: string): { address: string }[] {
  return db
    .prepare(
      "SELECT address FROM status_page_subscriptions WHERE status_page_id = ? AND status = 'VERIFIED' ORDER BY seq",
    )
    .all(pageId)
    .map((r) => ({ address: text(r, "address") }));
}
