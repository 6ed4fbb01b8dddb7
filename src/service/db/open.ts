/**
 * Opens the embedded service's SQLite file (`<dataDir>/vigil.db`) through node:sqlite and brings its schema
 * up to date. WAL journal (readers never block the single writer), foreign keys on, a busy timeout so a
 * second process on the same file waits instead of failing at once.
 */
import { existsSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { errorMessage } from "../../shared/errors.ts";
import { num } from "../repo/rows.ts";
import { MIGRATIONS, type Migration } from "./migrations/index.ts";

export function openDatabase(file: string, migrations: Migration[] = MIGRATIONS): DatabaseSync {
  // Created 0600 (it holds webhook secrets); SQLite gives its -wal/-shm files the same mode.
  if (file !== ":memory:" && !existsSync(file)) writeFileSync(file, "", { mode: 0o600 });
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  migrate(db, migrations);
  return db;
}

/** Applies, in version order and each in its own transaction, every migration not yet recorded. */
export function migrate(db: DatabaseSync, migrations: Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const done = new Set(
    db
      .prepare("SELECT version FROM schema_migrations")
      .all()
      .map((r) => num(r, "version")),
  );
  const applied: number[] = [];
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const m of sorted) {
    if (done.has(m.version)) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      m.up(db);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw new Error(`migration ${m.version} (${m.name}) failed: ${errorMessage(err)}`);
    }
    applied.push(m.version);
  }
  return applied;
}

/** Runs `fn` inside one transaction (committed on return, rolled back on throw). */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec("BEGIN IMMEDIATE");
  try {
    const out = fn();
    db.exec("COMMIT");
    return out;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}
