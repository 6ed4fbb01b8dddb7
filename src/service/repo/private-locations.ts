/**
 * Private locations (UUID ids) and their keys. A raw key (`pl_<hex>`) is returned once, by the create call
 * that made it; only its SHA-256 and the masked form (`...` + last 4) are stored.
 */
import { createHash, randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { present, text, textOrNull } from "./rows.ts";
import { dateOnly, type Row, uuid } from "./util.ts";

export type LocationKey = {
  id: string;
  rawKey?: string;
  maskedKey: string;
  created_at: string | null;
  updated_at: string | null;
};

export type PrivateLocation = {
  id: string;
  name: string;
  slugName: string;
  icon: string;
  proxyUrl: string | null;
  created_at: string | null;
  updated_at: string | null;
  keys: LocationKey[];
  checkAssignments: { id: string; checkId: string; privateLocationId: string }[];
  groupAssignments: { id: string; groupId: number; privateLocationId: string }[];
};

const keyFromRow = (r: Row): LocationKey => ({
  id: String(r.id),
  maskedKey: String(r.masked_key),
  created_at: dateOnly(textOrNull(r, "created_at")),
  updated_at: dateOnly(textOrNull(r, "updated_at")),
});

function fromRow(db: DatabaseSync, r: Row): PrivateLocation {
  const id = String(r.id);
  const keys = db
    .prepare("SELECT * FROM private_location_keys WHERE location_id = ? ORDER BY created_at, rowid")
    .all(id)
    .map(keyFromRow);
  const slug = String(r.slug_name);
  const checkAssignments = db
    .prepare(
      "SELECT c.id FROM checks c, json_each(json_extract(c.doc, '$.privateLocations')) pl WHERE pl.value = ? ORDER BY c.created_at",
    )
    .all(slug)
    .map((c) => ({ id: `${id}:${String(c.id)}`, checkId: String(c.id), privateLocationId: id }));
  return {
    id,
    name: String(r.name),
    slugName: slug,
    icon: String(r.icon),
    proxyUrl: textOrNull(r, "proxy_url"),
    created_at: dateOnly(textOrNull(r, "created_at")),
    updated_at: dateOnly(textOrNull(r, "updated_at")),
    keys,
    checkAssignments,
    groupAssignments: [],
  };
}

export function listLocations(db: DatabaseSync): PrivateLocation[] {
  return db
    .prepare("SELECT * FROM private_locations ORDER BY created_at, rowid")
    .all()
    .map((r) => fromRow(db, r));
}

export function getLocation(db: DatabaseSync, id: string): PrivateLocation | undefined {
  const r = db.prepare("SELECT * FROM private_locations WHERE id = ?").get(id);
  return r ? fromRow(db, r) : undefined;
}

export function slugTaken(db: DatabaseSync, slug: string): boolean {
  return (
    db.prepare("SELECT 1 FROM private_locations WHERE slug_name = ? COLLATE NOCASE").get(slug) !== undefined
  );
}

export function insertLocation(
  db: DatabaseSync,
  input: { name: string; slugName: string; icon: string; proxyUrl: string | null },
  nowIso: string,
): string {
  const id = uuid();
  db.prepare(
    "INSERT INTO private_locations (id, name, slug_name, icon, proxy_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  ).run(id, input.name, input.slugName, input.icon, input.proxyUrl, nowIso, null);
  return id;
}

export function updateLocation(
  db: DatabaseSync,
  id: string,
  input: { name: string; icon?: string | undefined; proxyUrl?: string | null | undefined },
  nowIso: string,
): void {
  const cur = present(
    db.prepare("SELECT icon, proxy_url FROM private_locations WHERE id = ?").get(id),
    `private location ${id}`,
  );
  db.prepare(
    "UPDATE private_locations SET name = ?, icon = ?, proxy_url = ?, updated_at = ? WHERE id = ?",
  ).run(
    input.name,
    input.icon ?? text(cur, "icon"),
    input.proxyUrl === undefined ? textOrNull(cur, "proxy_url") : input.proxyUrl,
    nowIso,
    id,
  );
}

export function deleteLocation(db: DatabaseSync, id: string): boolean {
  return Number(db.prepare("DELETE FROM private_locations WHERE id = ?").run(id).changes) > 0;
}

/** Makes a new key; the returned object is the only place the raw value ever appears. */
export function createKey(
  db: DatabaseSync,
  locationId: string,
  nowIso: string,
): LocationKey & { rawKey: string } {
  const rawKey = `pl_${randomBytes(16).toString("hex")}`;
  const id = uuid();
  const maskedKey = `...${rawKey.slice(-4)}`;
  db.prepare(
    "INSERT INTO private_location_keys (id, location_id, key_hash, masked_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(id, locationId, createHash("sha256").update(rawKey).digest("hex"), maskedKey, nowIso, null);
  return { id, rawKey, maskedKey, created_at: dateOnly(nowIso), updated_at: null };
}

export function deleteKey(db: DatabaseSync, locationId: string, keyId: string): boolean {
  return (
    Number(
      db.prepare("DELETE FROM private_location_keys WHERE id = ? AND location_id = ?").run(keyId, locationId)
        .changes,
    ) > 0
  );
}

/** The slugs of every private location. */
export function locationSlugs(db: DatabaseSync): Set<string> {
  return new Set(
    db
      .prepare("SELECT slug_name FROM private_locations")
      .all()
      .map((r) => text(r, "slug_name")),
  );
}

/** The name of the private location with this slug, if there is one. */
export function privateLocationName(db: DatabaseSync, slug: string): string | undefined {
  const r = db.prepare("SELECT name FROM private_locations WHERE slug_name = ?").get(slug);
  return r ? text(r, "name") : undefined;
}
