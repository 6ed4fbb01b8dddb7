/**
 * Opening a data dir for the embedded service, so that it fails loudly instead of losing data:
 *
 * - **One service per data dir, held by the operating system.** The database is opened in SQLite's
 *   exclusive locking mode and an exclusive lock is taken at once (WAL without shared memory); the kernel
 *   drops the lock when the process dies, so neither a simultaneous start nor a stale `service.json`
 *   (information only) can fool it. A second service gets one line naming the holder (from service.json).
 * - **Secrets files are the owner's only.** A group- or world-readable `vigil.db` or `api-key` is refused
 *   with the `chmod` that fixes it; the database and its -wal/-shm files are kept 0600.
 * - **Lost data is not silently replaced.** `vigil.db.id` (0600) records the database's id when one is
 *   created; if the data dir has that marker but the database is gone or empty, the start is refused unless
 *   `init` is given (`vigil serve --init`). A database that fails `PRAGMA quick_check` (or is not a database
 *   at all) is refused with a message saying how to recover.
 */
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { VigilError } from "../../contract/errors.ts";
import { errorCode, errorMessage } from "../../shared/errors.ts";
import { parseJsonAs } from "../../shared/json.ts";
import { findLocalService } from "../info-file.ts";
import { text } from "../repo/rows.ts";
import { CorruptRowError } from "../repo/util.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import { migrate } from "./open.ts";

/** A data dir the service must not use; the message is one line for the operator (exit code 1). */
export class DataDirError extends VigilError {
  override name = "DataDirError";
}

export const DB_FILE = "vigil.db";
const MARKER_FILE = "vigil.db.id";

type Marker = { databaseId: string; createdAt: string };

/** Refuse a file others can read (it holds keys or secrets). */
export function assertPrivate(file: string, what: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch {
    return;
  }
  if ((mode & 0o077) !== 0)
    throw new DataDirError(
      `${file} (${what}) is readable by others (mode ${(mode & 0o777).toString(8)}): run chmod 600 ${file}`,
    );
}

const markerSchema = z.object({ databaseId: z.string().min(1), createdAt: z.string() });

/**
 * The marker, undefined when there is none; a marker that cannot be read says why (`damaged`): with the
 * database there it is written anew, without it nobody can tell whether a database was lost (refused).
 */
function readMarker(dataDir: string): Marker | { damaged: string } | undefined {
  const file = join(dataDir, MARKER_FILE);
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (err) {
    if (errorCode(err) === "ENOENT") return undefined;
    return { damaged: `${file} is not readable (${errorMessage(err)})` };
  }
  try {
    return parseJsonAs(raw, markerSchema, file);
  } catch (err) {
    return { damaged: errorMessage(err) };
  }
}

function writeMarker(dataDir: string, m: Marker): void {
  const file = join(dataDir, MARKER_FILE);
  writeFileSync(file, `${JSON.stringify(m)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

function sqliteCode(err: unknown): number | undefined {
  if (errorCode(err) !== "ERR_SQLITE_ERROR" || typeof err !== "object" || err === null) return undefined;
  return "errcode" in err && typeof err.errcode === "number" ? err.errcode & 0xff : undefined;
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** Whether an error means the database file is damaged (corrupt, or not a database at all). */
export function isCorruption(err: unknown): boolean {
  if (err instanceof CorruptRowError) return true;
  const c = sqliteCode(err);
  return c === SQLITE_CORRUPT || c === SQLITE_NOTADB;
}

/** Who holds the data dir, as far as service.json says (it may be written a moment after the lock). */
async function holder(dataDir: string): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const info = findLocalService(dataDir);
    if (info && info.pid !== process.pid) return `another vigil service (pid ${info.pid}, ${info.url})`;
    await sleep(100);
  }
  return "another process";
}

function chmodDataFiles(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
    if (existsSync(f)) chmodSync(f, 0o600);
}

/**
 * A connection holding the database's EXCLUSIVE lock, kept until it closes (or the process dies). Two
 * services starting at the same moment can each take a shared lock on the way and then wait on the other:
 * SQLite refuses both. So a refused attempt lets go of everything (closes), waits a random moment and tries
 * again; once one holds the lock it never lets go, and the other is refused for good after `waitMs`.
 */
async function lockedConnection(
  file: string,
  dataDir: string,
  fresh: boolean,
  waitMs = 3000,
): Promise<DatabaseSync> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const db = new DatabaseSync(file);
    try {
      db.exec("PRAGMA busy_timeout = 100");
      // a new database gives freed pages back to the file system (repo/retention.ts runs incremental
      // vacuums). SQLite takes this only before the first transaction on the empty file — even the empty
      // one that takes the lock below would fix it at "none"
      if (fresh) db.exec("PRAGMA auto_vacuum = INCREMENTAL");
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      db.exec("BEGIN EXCLUSIVE");
      db.exec("COMMIT");
      return db;
    } catch (err) {
      db.close();
      const c = sqliteCode(err);
      if (c !== SQLITE_BUSY && c !== SQLITE_LOCKED) throw err;
      if (Date.now() >= deadline)
        throw new DataDirError(`the data dir ${dataDir} is in use by ${await holder(dataDir)}`);
      await sleep(20 + Math.floor(Math.random() * 100));
    }
  }
}

export type OpenedDataDir = { db: DatabaseSync; file: string; databaseId: string };

/**
 * Opens `<dataDir>/vigil.db` for the one service of this data dir (see the module comment). `init`
 * allows creating a database where the marker says one existed.
 */
export async function openDataDir(dataDir: string, opts: { init?: boolean } = {}): Promise<OpenedDataDir> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DB_FILE);
  const marker = readMarker(dataDir);
  const present = existsSync(file) && statSync(file).size > 0;
  const fresh = !present;
  if (!present && marker && !opts.init)
    throw new DataDirError(
      "damaged" in marker
        ? `${file} is ${existsSync(file) ? "empty" : "missing"}, and whether this data dir held a database is unknown: ${marker.damaged}. Restore the database, or start with --init to begin with an empty one`
        : `${file} is ${existsSync(file) ? "empty" : "missing"}, but this data dir held a database (created ${marker.createdAt}): restore it, or start with --init to begin with an empty one`,
    );
  if (present) assertPrivate(file, "the service database");
  // create it 0600 if missing; never truncate (another service may be starting on it this very moment)
  closeSync(openSync(file, "a", 0o600));

  const unreadable = (err: unknown) =>
    new DataDirError(
      `${file} is not a readable database (${errorMessage(err)}): restore a backup, or move it away and start with --init`,
    );
  let db: DatabaseSync;
  try {
    db = await lockedConnection(file, dataDir, fresh);
  } catch (err) {
    throw isCorruption(err) ? unreadable(err) : err;
  }
  try {
    db.exec("PRAGMA journal_mode = WAL");
    const check = db
      .prepare("PRAGMA quick_check")
      .all()
      .map((r) => String(r.quick_check));
    if (check[0] !== "ok")
      throw new DataDirError(
        `${file} is corrupt (quick_check: ${check.slice(0, 2).join("; ")}): restore a backup, or move it away and start with --init`,
      );
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    migrate(db, MIGRATIONS);
  } catch (err) {
    db.close();
    if (err instanceof DataDirError) throw err;
    throw isCorruption(err) ? unreadable(err) : err;
  }
  chmodDataFiles(file);

  const stored = db.prepare("SELECT value FROM meta WHERE key = 'database_id'").get();
  let id = stored ? text(stored, "value") : undefined;
  if (!id) {
    id = randomUUID();
    db.prepare("INSERT INTO meta (key, value) VALUES ('database_id', ?)").run(id);
  }
  if (!marker || "damaged" in marker || marker.databaseId !== id)
    writeMarker(dataDir, { databaseId: id, createdAt: new Date().toISOString() });
  return { db, file, databaseId: id };
}
