/**
 * Status-page email subscribers (hosted `/v1/status-pages/{id}/subscriptions`) and their notification:
 * when an incident update is created or updated with `notifySubscribers` true, every VERIFIED subscriber of
 * every status page showing one of the incident's services gets one email, stored in the outbox like any
 * alert delivery (kind SUBSCRIBER) and sent by the worker.
 *
 * Choices: a subscription added without `autoVerify` stays PENDING and gets no incident mail — the hosted
 * service mails a confirmation link, which a local service cannot offer; add local subscribers with
 * `autoVerify: true`. An address already subscribed to the page is skipped (counted in `skipped`).
 */
import type { DatabaseSync } from "node:sqlite";
import { transaction } from "../db/open.ts";
import { enqueue, runtimeOf, wake } from "../repo/outbox.ts";
import { dateOnly, isoMs, uuid } from "../repo/util.ts";
import { NO_SMTP } from "./channels/email.ts";

export type Subscription = {
  id: string;
  type: "EMAIL";
  address: string;
  status: "PENDING" | "VERIFIED";
  created_at: string;
  updated_at: string;
};

type Row = {
  id: string;
  type: string;
  address: string;
  status: string;
  created_at: string;
  updated_at: string;
};

const fromRow = (r: Row): Subscription => ({
  id: r.id,
  type: "EMAIL",
  address: r.address,
  status: r.status === "VERIFIED" ? "VERIFIED" : "PENDING",
  created_at: dateOnly(r.created_at) ?? r.created_at,
  updated_at: dateOnly(r.updated_at) ?? r.updated_at,
});

export function listSubscriptions(db: DatabaseSync, pageId: string): Subscription[] {
  return (
    db
      .prepare("SELECT * FROM status_page_subscriptions WHERE status_page_id = ? ORDER BY seq")
      .all(pageId) as Row[]
  ).map(fromRow);
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

type UpdateInfo = {
  id: string;
  description: string;
  status: string;
  public_date: string;
  notify_subscribers: number;
};

/**
 * Stores one email per VERIFIED subscriber of each page showing the incident's services. Call after the
 * update is stored; a no-op unless the update has `notifySubscribers` true. Returns the delivery ids.
 */
export function notifySubscribers(
  db: DatabaseSync,
  incidentId: string,
  updateId: string,
  now: number,
): string[] {
  const update = db
    .prepare("SELECT * FROM incident_updates WHERE incident_id = ? AND id = ?")
    .get(incidentId, updateId) as UpdateInfo | undefined;
  if (update?.notify_subscribers !== 1) return [];
  const incident = db.prepare("SELECT name, severity FROM incidents WHERE id = ?").get(incidentId) as
    | { name: string; severity: string }
    | undefined;
  if (!incident) return [];
  const pages = db
    .prepare(
      `SELECT DISTINCT p.id, p.name FROM status_pages p JOIN status_page_cards c ON c.status_page_id = p.id
       JOIN card_services cs ON cs.card_id = c.id JOIN incident_services i ON i.service_id = cs.service_id
       WHERE i.incident_id = ? ORDER BY p.seq`,
    )
    .all(incidentId) as { id: string; name: string }[];
  const rt = runtimeOf(db);
  const maxAttempts = (rt?.config.maxRetries ?? 5) + 1;
  const ids: string[] = [];
  transaction(db, () => {
    for (const page of pages) {
      const subs = db
        .prepare(
          "SELECT address FROM status_page_subscriptions WHERE status_page_id = ? AND status = 'VERIFIED' ORDER BY seq",
        )
        .all(page.id) as { address: string }[];
      for (const s of subs) {
        const mail = {
          to: s.address,
          subject: `[${page.name}] ${incident.name}: ${update.status}`,
          text: `${incident.name} (${incident.severity})\n\nStatus: ${update.status}\nPosted: ${update.public_date}\n\n${update.description}\n`,
        };
        const skipped = rt && !rt.config.smtpUrl;
        ids.push(
          enqueue(
            db,
            {
              kind: "SUBSCRIBER",
              channelId: null,
              channelType: "EMAIL",
              statusPageId: page.id,
              incidentId,
              alertConfig: { address: s.address },
              payload: mail,
              ...(skipped ? { final: { status: "SKIPPED" as const, reason: NO_SMTP } } : {}),
            },
            now,
            maxAttempts,
          ),
        );
      }
    }
  });
  if (ids.length > 0) wake(db);
  return ids;
}
