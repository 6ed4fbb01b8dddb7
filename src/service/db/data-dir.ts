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
 * - **Checked at start, or at the clean stop before it.** quick_check reads the whole file: at 100,000
 *   checks (382 MB) ~0.4 s with the file in the page cache, ~8 s when it is not (the first start after a
 *   boot), while a console waits for its service. So a clean stop checks the file (`closeDataDir`; its
 *   pages are in memory then, and nobody waits) and, when it passes, records it in `vigil.db.clean` (the
 *   file's inode, size, mtime and ctime, and when); a start takes the record (removes it before anything
 *   is written) and skips its own check only when the file is still that one — unchanged, its ctime too,
 *   which no copy, restore or edit in place can set back — and the check is under CHECK_TRUST_MS old.
 *   A crash, kill -9 or power loss leaves no record, nor does a stop whose check failed: the next start
 *   checks, and refuses a corrupt file. A page that goes bad on the disk while the service is stopped is
 *   found by SQLite when it is read (a 500 naming the file), and by the check once the last is a week old.
 */
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
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
const CLEAN_FILE = "vigil.db.clean";

/** How long a passed quick_check is trusted on starts after clean stops; past it the next start checks. */
export const CHECK_TRUST_MS = 7 * 86_400_000;

const cleanSchema = z.object({
  databaseId: z.string(),
  ino: z.number(),
  size: z.number(),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  /** When quick_check last passed on this database (ms since the epoch). */
  checkedAt: z.number(),
});
type CleanStop = z.output<typeof cleanSchema>;

function identity(file: string): Pick<CleanStop, "ino" | "size" | "mtimeMs" | "ctimeMs"> {
  const st = statSync(file);
  return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
}

/**
 * The clean stop's record, taken (removed) under the lock: when the check it made may be trusted, the
 * time of that check; else undefined (no record, a damaged one, another file, a file touched since, an old
 * check, a WAL with content).
 */
function takeCleanStop(dataDir: string, file: string, now: number): number | undefined {
  const record = join(dataDir, CLEAN_FILE);
  let raw: string;
  try {
    raw = readFileSync(record, "utf8");
  } catch {
    return undefined;
  }
  rmSync(record, { force: true });
  let clean: CleanStop;
  try {
    clean = parseJsonAs(raw, cleanSchema, record);
  } catch {
    return undefined;
  }
  const marker = readMarker(dataDir);
  if (!marker || "damaged" in marker || marker.databaseId !== clean.databaseId) return undefined;
  const found = identity(file);
  const same =
    found.ino === clean.ino &&
    found.size === clean.size &&
    found.mtimeMs === clean.mtimeMs &&
    found.ctimeMs === clean.ctimeMs;
  const wal = `${file}-wal`;
  const walEmpty = !existsSync(wal) || statSync(wal).size === 0;
  const fresh = now - clean.checkedAt >= 0 && now - clean.checkedAt < CHECK_TRUST_MS;
  return same && walEmpty && fresh ? clean.checkedAt : undefined;
}

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

export type OpenedDataDir = {
  db: DatabaseSync;
  file: string;
  dataDir: string;
  databaseId: string;
  /** Whether this start ran quick_check (else: a clean stop's, under CHECK_TRUST_MS old, was trusted). */
  checked: boolean;
  /** When quick_check last passed on the database (ms since the epoch). */
  checkedAt: number;
};

/**
 * Opens `<dataDir>/vigil.db` for the one service of this data dir (see the module comment). `init`
 * allows creating a database where the marker says one existed.
 */
export async function openDataDir(
  dataDir: string,
  opts: { init?: boolean; now?: () => number } = {},
): Promise<OpenedDataDir> {
  const now = opts.now ?? Date.now;
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
  let checkedAt: number | undefined;
  try {
    // before anything is written, the record of a clean stop is taken: the check is skipped only for the
    // file that stop left, untouched (see the module comment)
    checkedAt = fresh ? undefined : takeCleanStop(dataDir, file, now());
    db.exec("PRAGMA journal_mode = WAL");
    const problem = checkedAt === undefined ? quickCheck(db) : undefined;
    if (problem !== undefined)
      throw new DataDirError(
        `${file} is corrupt (quick_check: ${problem}): restore a backup, or move it away and start with --init`,
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
  const checked = checkedAt === undefined;
  return { db, file, dataDir, databaseId: id, checked, checkedAt: checkedAt ?? now() };
}

/**
 * Closes the database after a clean stop: quick_check runs on it first (while its pages are in memory,
 * off the start's path), and only when it passes is the stop recorded (`vigil.db.clean`, 0600), so the next
 * start skips the check while the file stays as it is now. Returns the check's failure (the next start
 * refuses the file), else undefined. Not recording is always safe: the next start checks.
 */
export function closeDataDir(opened: OpenedDataDir, now: () => number = Date.now): string | undefined {
  let problem: string | undefined;
  try {
    problem = quickCheck(opened.db);
  } catch (err) {
    problem = errorMessage(err);
  }
  opened.db.close();
  if (problem !== undefined) return problem;
  try {
    const record: CleanStop = { databaseId: opened.databaseId, ...identity(opened.file), checkedAt: now() };
    writeFileSync(join(opened.dataDir, CLEAN_FILE), `${JSON.stringify(record)}\n`, { mode: 0o600 });
  } catch {
    // the next start checks
  }
  return undefined;
}

/** SQLite's quick_check: undefined when it passes, else its first findings. */
function quickCheck(db: DatabaseSync): string | undefined {
  const found = db
    .prepare("PRAGMA quick_check")
    .all()
    .map((r) => String(r.quick_check));
  return found[0] === "ok" ? undefined : found.slice(0, 2).join("; ");
}
