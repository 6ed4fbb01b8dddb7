/**
 * Status-page services (opaque string ids). A service may name the checks it is made of (`checks`,
 * seed §2.2); `accountId` is the requesting account, echoed.
 */
import type { DatabaseSync } from "node:sqlite";
import { textOrNull } from "./rows.ts";
import { dateOnly, opaqueId, type Row } from "./util.ts";

export type Service = {
  id: string;
  name: string;
  accountId: string;
  created_at: string | null;
  updated_at: string | null;
  checks: { id: string; name: string }[];
};

function checksOf(db: DatabaseSync, serviceId: string): { id: string; name: string }[] {
  return db
    .prepare(
      "SELECT c.id, c.name FROM service_checks s JOIN checks c ON c.id = s.check_id WHERE s.service_id = ? ORDER BY c.name",
    )
    .all(serviceId)
    .map((r) => ({ id: String(r.id), name: String(r.name) }));
}

export function serviceFromRow(db: DatabaseSync, r: Row, accountId: string): Service {
  return {
    id: String(r.id),
    name: String(r.name),
    accountId,
    created_at: dateOnly(textOrNull(r, "created_at")),
    updated_at: dateOnly(textOrNull(r, "updated_at")),
    checks: checksOf(db, String(r.id)),
  };
}

export function listServices(db: DatabaseSync, accountId: string): Service[] {
  return db
    .prepare("SELECT * FROM services ORDER BY seq")
    .all()
    .map((r) => serviceFromRow(db, r, accountId));
}

export function getService(db: DatabaseSync, id: string, accountId: string): Service | undefined {
  const r = db.prepare("SELECT * FROM services WHERE id = ?").get(id);
  return r ? serviceFromRow(db, r, accountId) : undefined;
}

export function serviceExists(db: DatabaseSync, id: string): boolean {
  return db.prepare("SELECT 1 FROM services WHERE id = ?").get(id) !== undefined;
}

export function insertService(db: DatabaseSync, name: string, checkIds: string[], nowIso: string): string {
  const id = opaqueId();
  db.prepare("INSERT INTO services (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)").run(
    id,
    name,
    nowIso,
    null,
  );
  setServiceChecks(db, id, checkIds);
  return id;
}

export function updateService(
  db: DatabaseSync,
  id: string,
  name: string,
  checkIds: string[] | undefined,
  nowIso: string,
): void {
  db.prepare("UPDATE services SET name = ?, updated_at = ? WHERE id = ?").run(name, nowIso, id);
  if (checkIds) setServiceChecks(db, id, checkIds);
}

function setServiceChecks(db: DatabaseSync, id: string, checkIds: string[]): void {
  db.prepare("DELETE FROM service_checks WHERE service_id = ?").run(id);
  const ins = db.prepare("INSERT OR IGNORE INTO service_checks (service_id, check_id) VALUES (?, ?)");
  for (const c of checkIds) ins.run(id, c);
}

export function deleteService(db: DatabaseSync, id: string): boolean {
  return Number(db.prepare("DELETE FROM services WHERE id = ?").run(id).changes) > 0;
}
