/** The `meta` table: small named values of the service (account id, the demo agent's key id). */
import type { DatabaseSync } from "node:sqlite";
import { text } from "./rows.ts";

export function getMeta(db: DatabaseSync, key: string): string | undefined {
  const r = db.prepare("SELECT value FROM meta WHERE key = ?").get(key);
  return r ? text(r, "value") : undefined;
}

export function setMeta(db: DatabaseSync, key: string, value: string): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}
