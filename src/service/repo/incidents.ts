/**
 * Incidents and incident updates (opaque string ids).
 *
 * Choices the seed leaves open (documented here):
 * - `incidentUpdates` are listed oldest first (by `publicIncidentUpdateDate`, then creation order), and an
 *   incident read carries the latest INCIDENT_UPDATES_SHOWN (100) of them, as the hosted updates list does
 *   (api-notes §3.5); older ones stay readable one by one. So reading or updating an incident costs the
 *   same at 5 updates or 5,000.
 * - `lastUpdateStatus` is the status of the latest update (same order) that is not in the future
 *   (src/contract/schemas/rules.ts `currentUpdate`: an update dated ahead is listed but does not pin the status);
 *   with no such update it is the status given in the create/update body, default INVESTIGATING.
 * - `duration` is whole seconds from the first update to that update when it is RESOLVED, else null.
 */
import type { DatabaseSync } from "node:sqlite";
import { text, textOrNull } from "./rows.ts";
import { type Service, serviceFromRow } from "./services.ts";
import { dateOnly, isoMillis, opaqueId, type Row } from "./util.ts";

export type IncidentUpdate = {
  id: string;
  description: string;
  status: string;
  publicIncidentUpdateDate: string;
  notifySubscribers: boolean;
  created_at: string | null;
  updated_at: string | null;
};

export type Incident = {
  id: string;
  name: string;
  severity: string;
  services: Service[];
  incidentUpdates: IncidentUpdate[];
  lastUpdateStatus: string;
  duration: number | null;
  created_at: string | null;
  updated_at: string | null;
};

export type UpdateInput = {
  description: string;
  status: string;
  publicIncidentUpdateDate: string;
  notifySubscribers: boolean;
};

export const updateFromRow = (r: Row): IncidentUpdate => ({
  id: String(r.id),
  description: String(r.description),
  status: String(r.status),
  publicIncidentUpdateDate: isoMillis(String(r.public_date)),
  notifySubscribers: r.notify_subscribers === 1,
  created_at: dateOnly(textOrNull(r, "created_at")),
  updated_at: dateOnly(textOrNull(r, "updated_at")),
});

export const INCIDENT_UPDATES_SHOWN = 100;

/** When the first update was published (for `duration`), without reading every update. */
function firstPublished(db: DatabaseSync, incidentId: string): string | undefined {
  const r = db
    .prepare("SELECT MIN(public_date) AS d FROM incident_updates WHERE incident_id = ?")
    .get(incidentId);
  const d = r ? textOrNull(r, "d") : null;
  return d ? isoMillis(d) : undefined;
}

/** The latest update published by `now` (none in the future counts): its status and date. */
function current(
  db: DatabaseSync,
  incidentId: string,
  now: number,
): { status: string; date: string } | undefined {
  const r = db
    .prepare(
      "SELECT status, public_date FROM incident_updates WHERE incident_id = ? AND public_date <= ? ORDER BY public_date DESC, seq DESC LIMIT 1",
    )
    .get(incidentId, new Date(now).toISOString());
  return r ? { status: text(r, "status"), date: isoMillis(text(r, "public_date")) } : undefined;
}

/** The status of the latest update published by `now` (undefined without one): what `lastUpdateStatus` says. */
export function latestStatus(
  db: DatabaseSync,
  incidentId: string,
  now: number = Date.now(),
): string | undefined {
  return current(db, incidentId, now)?.status;
}

function fromRow(db: DatabaseSync, r: Row, accountId: string, now: number): Incident {
  const id = String(r.id);
  const services = db
    .prepare(
      "SELECT s.* FROM incident_services i JOIN services s ON s.id = i.service_id WHERE i.incident_id = ? ORDER BY i.position",
    )
    .all(id)
    .map((s) => serviceFromRow(db, s, accountId));
  const updates = latestUpdates(db, id, INCIDENT_UPDATES_SHOWN).reverse();
  const last = current(db, id, now);
  const lastUpdateStatus = last ? last.status : String(r.fallback_status);
  const first = last?.status === "RESOLVED" ? firstPublished(db, id) : undefined;
  const duration =
    first && last ? Math.max(0, Math.floor((Date.parse(last.date) - Date.parse(first)) / 1000)) : null;
  return {
    id,
    name: String(r.name),
    severity: String(r.severity),
    services,
    incidentUpdates: updates,
    lastUpdateStatus,
    duration,
    created_at: dateOnly(textOrNull(r, "created_at")),
    updated_at: dateOnly(textOrNull(r, "updated_at")),
  };
}

export function getIncident(
  db: DatabaseSync,
  id: string,
  accountId: string,
  now: number = Date.now(),
): Incident | undefined {
  const r = db.prepare("SELECT * FROM incidents WHERE id = ?").get(id);
  return r ? fromRow(db, r, accountId, now) : undefined;
}

/** The status an incident without updates shows (given in its create or update body). */
export function fallbackStatus(db: DatabaseSync, id: string): string | undefined {
  const r = db.prepare("SELECT fallback_status FROM incidents WHERE id = ?").get(id);
  return r ? text(r, "fallback_status") : undefined;
}

export function incidentExists(db: DatabaseSync, id: string): boolean {
  return db.prepare("SELECT 1 FROM incidents WHERE id = ?").get(id) !== undefined;
}

/** The latest `max` incidents, newest first. */
export function latestIncidents(
  db: DatabaseSync,
  accountId: string,
  max = 100,
  now: number = Date.now(),
): Incident[] {
  return db
    .prepare("SELECT * FROM incidents ORDER BY created_at DESC, seq DESC LIMIT ?")
    .all(max)
    .map((r) => fromRow(db, r, accountId, now));
}

/** The latest 100 incidents touching one of the given services, newest first (status-page list entries). */
export function incidentsForServices(
  db: DatabaseSync,
  serviceIds: string[],
  accountId: string,
  now: number = Date.now(),
): Incident[] {
  if (serviceIds.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT DISTINCT i.* FROM incidents i JOIN incident_services s ON s.incident_id = i.id
       WHERE s.service_id IN (${serviceIds.map(() => "?").join(",")}) ORDER BY i.seq DESC LIMIT 100`,
    )
    .all(...serviceIds);
  return rows.map((r) => fromRow(db, r, accountId, now));
}

export function insertIncident(
  db: DatabaseSync,
  input: { name: string; severity: string; serviceIds: string[]; fallbackStatus: string },
  nowIso: string,
): string {
  const id = opaqueId();
  db.prepare(
    "INSERT INTO incidents (id, name, severity, fallback_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(id, input.name, input.severity, input.fallbackStatus, nowIso, nowIso);
  setIncidentServices(db, id, input.serviceIds);
  return id;
}

export function updateIncident(
  db: DatabaseSync,
  id: string,
  input: { name: string; severity: string; serviceIds: string[]; fallbackStatus?: string | undefined },
  nowIso: string,
): void {
  db.prepare(
    "UPDATE incidents SET name = ?, severity = ?, fallback_status = COALESCE(?, fallback_status), updated_at = ? WHERE id = ?",
  ).run(input.name, input.severity, input.fallbackStatus ?? null, nowIso, id);
  setIncidentServices(db, id, input.serviceIds);
}

function setIncidentServices(db: DatabaseSync, id: string, serviceIds: string[]): void {
  db.prepare("DELETE FROM incident_services WHERE incident_id = ?").run(id);
  const ins = db.prepare(
    "INSERT OR IGNORE INTO incident_services (incident_id, service_id, position) VALUES (?, ?, ?)",
  );
  serviceIds.forEach((s, i) => {
    ins.run(id, s, i);
  });
}

export function deleteIncident(db: DatabaseSync, id: string): boolean {
  return Number(db.prepare("DELETE FROM incidents WHERE id = ?").run(id).changes) > 0;
}

export function touchIncident(db: DatabaseSync, id: string, nowIso: string): void {
  db.prepare("UPDATE incidents SET updated_at = ? WHERE id = ?").run(nowIso, id);
}

export function insertUpdate(db: DatabaseSync, incidentId: string, u: UpdateInput, nowIso: string): string {
  const id = opaqueId();
  db.prepare(
    `INSERT INTO incident_updates (id, incident_id, description, status, public_date, notify_subscribers, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    incidentId,
    u.description,
    u.status,
    isoMillis(u.publicIncidentUpdateDate),
    +u.notifySubscribers,
    nowIso,
    null,
  );
  return id;
}

export function getUpdate(
  db: DatabaseSync,
  incidentId: string,
  updateId: string,
): IncidentUpdate | undefined {
  const r = db
    .prepare("SELECT * FROM incident_updates WHERE id = ? AND incident_id = ?")
    .get(updateId, incidentId);
  return r ? updateFromRow(r) : undefined;
}

export function updateUpdate(
  db: DatabaseSync,
  incidentId: string,
  updateId: string,
  u: UpdateInput,
  nowIso: string,
): void {
  db.prepare(
    `UPDATE incident_updates SET description = ?, status = ?, public_date = ?, notify_subscribers = ?, updated_at = ?
     WHERE id = ? AND incident_id = ?`,
  ).run(
    u.description,
    u.status,
    isoMillis(u.publicIncidentUpdateDate),
    +u.notifySubscribers,
    nowIso,
    updateId,
    incidentId,
  );
}

export function deleteUpdate(db: DatabaseSync, incidentId: string, updateId: string): boolean {
  return (
    Number(
      db.prepare("DELETE FROM incident_updates WHERE id = ? AND incident_id = ?").run(updateId, incidentId)
        .changes,
    ) > 0
  );
}

/** The latest `max` updates of an incident, newest first. */
export function latestUpdates(db: DatabaseSync, incidentId: string, max = 100): IncidentUpdate[] {
  return db
    .prepare(
      "SELECT * FROM incident_updates WHERE incident_id = ? ORDER BY public_date DESC, seq DESC LIMIT ?",
    )
    .all(incidentId, max)
    .map(updateFromRow);
}
