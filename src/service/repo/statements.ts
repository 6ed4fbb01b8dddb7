/** Prepared statements cached per database connection and SQL text (reads run on every request/tick). */
import type { DatabaseSync, StatementSync } from "node:sqlite";

const cache = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function cached(db: DatabaseSync, sql: string): StatementSync {
  let byDb = cache.get(db);
  if (!byDb) {
    byDb = new Map();
    cache.set(db, byDb);
  }
  let s = byDb.get(sql);
  if (!s) {
    s = db.prepare(sql);
    byDb.set(sql, s);
  }
  return s;
}
