/**
 * Checks: one row per check in the `checks` table. `doc` holds the hosted-shaped check document (api-notes
 * §3.1); the scalar columns hold the fields the queries filter on, and win over the document's copies.
 * Alert-channel subscriptions are not kept in `doc`: they live in `alert_subscriptions` and are added on read.
 * A check read here is the service's one model of it, `CheckDef` (src/service/engine/checks.ts), parsed from
 * the row (toCheckDef); a check written is one too. Narrower reads (the scheduler's, the statuses' heads)
 * are picks of its members.
 */
import type { DatabaseSync } from "node:sqlite";
import { PASSIVE_TYPES } from "../../contract/check-types.ts";
import { isObject } from "../../shared/json.ts";
import { SUMMARY_MEMBERS } from "../db/migrations/008-check-summaries.ts";
import { type CheckDef, type CheckRow, checkDoc, statusLocationsOf, toCheckDef } from "../engine/checks.ts";
import { STATE_SQL } from "./check-state.ts";
import { flag, jsonObject, jsonStrings, num, numOrNull, type Row, text, textOrNull } from "./rows.ts";
import { cached } from "./statements.ts";
import { CorruptRowError } from "./util.ts";

/** The passive check types (the check-type spec's isPassive) as an SQL list: `('HEARTBEAT')`. */
export const PASSIVE_SQL = `(${PASSIVE_TYPES.map((t) => `'${t}'`).join(", ")})`;

/** The columns a check is read from (toCheckDef). */
export const CHECK_COLUMNS =
  "id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at";

/** What a check's stored row holds, in the order of the INSERT below (the document last but the dates). */
function params(check: CheckDef) {
  return [
    check.name,
    check.checkType,
    check.activated ? 1 : 0,
    check.muted ? 1 : 0,
    check.frequency,
    JSON.stringify(check.tags),
    JSON.stringify(check.locations),
    JSON.stringify(checkDoc(check)),
    check.createdAt,
    check.updatedAt,
  ] as const;
}

export function insertCheck(db: DatabaseSync, check: CheckDef): void {
  checksChanged(db);
  db.prepare(
    `INSERT INTO checks (id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(check.id, ...params(check));
}

export function updateCheck(db: DatabaseSync, check: CheckDef): void {
  checksChanged(db);
  db.prepare(
    `UPDATE checks SET name = ?, check_type = ?, activated = ?, muted = ?, frequency = ?, tags = ?, locations = ?,
       doc = ?, created_at = ?, updated_at = ? WHERE id = ?`,
  ).run(...params(check), check.id);
}

export function getCheck(db: DatabaseSync, id: string): CheckDef | undefined {
  const r = cached(db, `SELECT ${CHECK_COLUMNS} FROM checks WHERE id = ?`).get(id);
  return r ? toCheckDef(r) : undefined;
}

export type CheckFilter = {
  /** Any of these tags matches. */
  tags?: string[] | undefined;
  checkType?: string | undefined;
  /** Case-insensitive substring of the name. */
  search?: string | undefined;
  /** Only checks whose latest FINAL result is in this state (see check-state.ts). */
  state?: "passing" | "failing" | "degraded" | undefined;
};

/**
 * Checks, oldest first (a stable order for page/limit lists), filtered and paged in SQL so a large
 * workspace costs one indexed query per page rather than a scan and parse of every check.
 */
function checkWhere(filter: CheckFilter): { sql: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (filter.tags?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM json_each(c.tags) t WHERE t.value IN (${filter.tags.map(() => "?").join(",")}))`,
    );
    args.push(...filter.tags);
  }
  if (filter.checkType) {
    where.push("c.check_type = ?");
    args.push(filter.checkType);
  }
  if (filter.search) {
    where.push("instr(lower(c.name), lower(?)) > 0");
    args.push(filter.search);
  }
  if (filter.state) {
    where.push(`${STATE_SQL} = ?`);
    args.push(filter.state);
  }
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

/**
 * What a paged list remembers between its requests while the checks stay as they are, so reading 100,000
 * checks 100 at a time costs neither a count of every matching row on every page nor a walk past every row
 * before the page (OFFSET): the total per filter, and where each page served ended (the next page starts
 * after that row); and what the scheduler reads every tick. It is dropped when this connection writes a check (insert/update/delete below) or
 * another connection committed anything (`PRAGMA data_version`), never used inside a transaction (a
 * rollback would leave it wrong), and a filter on the latest result's state is never remembered (runs
 * change it without touching the checks).
 */
type ListMemo = {
  version: string;
  totals: Map<string, number>;
  /** `${filter}@${offset}` → the (created_at, rowid) of the row just before that offset. */
  ends: Map<string, { createdAt: string; rowid: number }>;
  /** What the scheduler reads every tick (scheduledChecks). */
  scheduled?: ScheduledCheck[] | undefined;
  /** Every check's head, by name (checkHeads). */
  heads?: CheckHead[] | undefined;
};
const MAX_ENDS = 4096;
const memos = new WeakMap<DatabaseSync, { writes: number; memo?: ListMemo | undefined }>();

function checksChanged(db: DatabaseSync): void {
  const m = memos.get(db);
  if (m) {
    m.writes++;
    m.memo = undefined;
  } else memos.set(db, { writes: 1 });
}

/** How many times this handle wrote a check (a status cursor's era, status-changes.ts). */
export function checksWritten(db: DatabaseSync): number {
  return memos.get(db)?.writes ?? 0;
}

function listMemo(db: DatabaseSync, filter: CheckFilter = {}): ListMemo | undefined {
  if (filter.state || db.isTransaction) return undefined;
  let m = memos.get(db);
  if (!m) {
    m = { writes: 0 };
    memos.set(db, m);
  }
  const row = cached(db, "PRAGMA data_version").get();
  const others = row ? num(row, "data_version") : 0;
  const version = `${m.writes}:${others}`;
  if (m.memo?.version !== version) m.memo = { version, totals: new Map(), ends: new Map() };
  return m.memo;
}

const filterKey = (f: CheckFilter) => JSON.stringify([f.tags ?? [], f.checkType ?? null, f.search ?? null]);

export function listChecks(db: DatabaseSync, filter: CheckFilter = {}, limit = -1, offset = 0): CheckDef[] {
  return pageRows(db, filter, limit, offset, CHECK_COLUMNS_OF_C, false).map(toCheckDef);
}

/** The columns a check is read from, of the list's alias `c`. */
const CHECK_COLUMNS_OF_C = CHECK_COLUMNS.split(", ")
  .map((col) => `c.${col}`)
  .join(", ");

/**
 * What listCheckMembers reads: the columns, the summary (migration 008), and the document only of a row
 * without one — in this order (read as arrays: node:sqlite makes a row object ~2.5× slower than an array).
 */
const MEMBER_COLUMNS =
  "c.id, c.name, c.check_type, c.activated, c.muted, c.frequency, c.tags, c.locations, c.created_at, c.updated_at, c.summary, CASE WHEN c.summary IS NULL THEN c.doc END AS doc";

/** The members a summary row can answer (SUMMARY_MEMBERS of migration 008 and the columns), as the document names them. */
const SUMMARY_ANSWERS: ReadonlySet<string> = new Set([
  "id",
  "name",
  "checkType",
  "activated",
  "muted",
  "frequency",
  "tags",
  "locations",
  "created_at",
  "updated_at",
  ...SUMMARY_MEMBERS,
]);

/** Whether every one of `members` is read from the columns and the stored summary (listCheckMembers). */
export function summaryAnswers(members: Iterable<string>): boolean {
  for (const m of members) if (!SUMMARY_ANSWERS.has(m)) return false;
  return true;
}

/**
 * A page of checks as listChecks reads it, each as its document with the columns over it (checkDoc) but
 * holding only what the columns and the stored summary (migration 008) hold — the members summaryAnswers
 * accepts: nothing else of the document is read or parsed. A row without a summary (its document is no
 * JSON object: damaged) is read whole, and reported as listChecks reports it.
 */
export function listCheckMembers(
  db: DatabaseSync,
  filter: CheckFilter = {},
  limit = -1,
  offset = 0,
): { id: string; doc: Record<string, unknown> }[] {
  return pageRows(db, filter, limit, offset, MEMBER_COLUMNS, true).map((a) => {
    // the array's columns named (a literal of one shape), to be read by the repo's column readers
    const r: Row = {
      id: a[0],
      name: a[1],
      check_type: a[2],
      activated: a[3],
      muted: a[4],
      frequency: a[5],
      tags: a[6],
      locations: a[7],
      created_at: a[8],
      updated_at: a[9],
      summary: a[10],
      doc: a[11],
    };
    if (r.summary === null) {
      const check = toCheckDef(r);
      return { id: check.id, doc: checkDoc(check) };
    }
    const doc = jsonObject(r, "summary");
    // the columns over it, read and checked as toCheckDef reads them
    doc.id = text(r, "id");
    doc.name = text(r, "name");
    doc.checkType = text(r, "check_type");
    doc.activated = flag(r, "activated");
    doc.muted = flag(r, "muted");
    doc.frequency = num(r, "frequency");
    doc.tags = jsonStrings(r, "tags");
    doc.locations = jsonStrings(r, "locations");
    doc.created_at = text(r, "created_at");
    doc.updated_at = text(r, "updated_at");
    return { id: text(r, "id"), doc };
  });
}

/**
 * One page of the list's rows (`cols` of the alias `c`), in the list's order, through the list's memo;
 * `arrays`: each row an array of `cols` in their order (the row's place, for the memo, added after them).
 */
function pageRows(
  db: DatabaseSync,
  filter: CheckFilter,
  limit: number,
  offset: number,
  cols: string,
  arrays: true,
): unknown[][];
function pageRows(
  db: DatabaseSync,
  filter: CheckFilter,
  limit: number,
  offset: number,
  cols: string,
  arrays: false,
): Row[];
function pageRows(
  db: DatabaseSync,
  filter: CheckFilter,
  limit: number,
  offset: number,
  cols: string,
  arrays: boolean,
): unknown[] {
  const w = checkWhere(filter);
  const memo = listMemo(db, filter);
  const key = filterKey(filter);
  const after = offset > 0 ? memo?.ends.get(`${key}@${offset}`) : undefined;
  // the row's place last: what the memo remembers of a page's last row
  const selected = `${cols}, c.created_at AS end_at, c.rowid AS row_id`;
  const and = w.sql ? `${w.sql} AND` : "WHERE";
  // after a remembered row: the rest of its created_at by rowid, then the later ones (each an index range;
  // a row value `(created_at, rowid) > (?, ?)` would walk every row of an equal created_at)
  const statement = after
    ? cached(
        db,
        `SELECT * FROM (SELECT * FROM (SELECT ${selected} FROM checks c ${and} c.created_at = ? AND c.rowid > ? ORDER BY c.rowid LIMIT ?)
         UNION ALL SELECT * FROM (SELECT ${selected} FROM checks c ${and} c.created_at > ? ORDER BY c.created_at, c.rowid LIMIT ?))
         ORDER BY end_at, row_id LIMIT ?`,
      )
    : cached(db, `SELECT ${selected} FROM checks c ${w.sql} ORDER BY c.created_at, c.rowid LIMIT ? OFFSET ?`);
  statement.setReturnArrays(arrays);
  const rows: unknown[] = after
    ? statement.all(...w.args, after.createdAt, after.rowid, limit, ...w.args, after.createdAt, limit, limit)
    : statement.all(...w.args, limit, offset);
  const last = rows.at(-1);
  if (memo && last && limit > 0) {
    if (memo.ends.size >= MAX_ENDS) memo.ends.clear();
    const end: Row = Array.isArray(last)
      ? { end_at: last.at(-2), row_id: last.at(-1) }
      : isObject(last)
        ? last
        : {};
    memo.ends.set(`${key}@${offset + rows.length}`, {
      createdAt: text(end, "end_at"),
      rowid: num(end, "row_id"),
    });
  }
  return rows;
}

/** How many checks match `filter` (the total of a paged list; remembered while the checks stay as they are). */
export function countChecks(db: DatabaseSync, filter: CheckFilter = {}): number {
  const memo = listMemo(db, filter);
  const key = filterKey(filter);
  const known = memo?.totals.get(key);
  if (known !== undefined) return known;
  const w = checkWhere(filter);
  const row = cached(db, `SELECT COUNT(*) AS n FROM checks c ${w.sql}`).get(...w.args);
  const n = row ? num(row, "n") : 0;
  memo?.totals.set(key, n);
  return n;
}

export function deleteCheck(db: DatabaseSync, id: string): boolean {
  checksChanged(db);
  return Number(db.prepare("DELETE FROM checks WHERE id = ?").run(id).changes) > 0;
}

export function checkNames(db: DatabaseSync, ids: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = db
    .prepare(`SELECT id, name FROM checks WHERE id IN (${ids.map(() => "?").join(",")})`)
    .all(...ids);
  for (const r of rows) out.set(text(r, "id"), text(r, "name"));
  return out;
}

/** A check's stored type, if the check exists. */
export function checkTypeOf(db: DatabaseSync, id: string): string | undefined {
  const r = db.prepare("SELECT check_type FROM checks WHERE id = ?").get(id);
  return r ? text(r, "check_type") : undefined;
}

export function checkExists(db: DatabaseSync, id: string): boolean {
  return cached(db, "SELECT 1 FROM checks WHERE id = ?").get(id) !== undefined;
}

/**
 * What the statuses read of a check: id, name, creation date, and the locations whose results decide its
 * status (statusLocationsOf: where it runs now), with those joined as one key (the status memo compares it).
 */
export type CheckHead = Pick<CheckDef, "id" | "name" | "createdAt"> & {
  statusLocations: readonly string[];
  locationsKey: string;
};

/** The head's columns: privateLocations from the summary (migration 008), not the document. */
const HEAD_COLUMNS =
  "id, name, created_at, check_type, locations, json_extract(summary, '$.privateLocations') AS private_locations";

/**
 * Every check's head, by name (the check-statuses list); remembered while the checks stay as they are (the
 * list's memo) — at 100,000 checks the sorted read was ~0.3 s of every full statuses read.
 */
export function checkHeads(db: DatabaseSync): readonly CheckHead[] {
  const memo = listMemo(db);
  if (memo?.heads) return memo.heads;
  const heads = db.prepare(`SELECT ${HEAD_COLUMNS} FROM checks ORDER BY name`).all().map(headOf);
  if (memo) memo.heads = heads;
  return heads;
}

function headOf(r: Row): CheckHead {
  const statusLocations = statusLocationsOf(
    text(r, "check_type"),
    jsonStrings(r, "locations"),
    // no summary (a document the summary could not be made from): none; a damaged list: CorruptRowError
    jsonStrings(r, "private_locations"),
  );
  return {
    id: text(r, "id"),
    name: text(r, "name"),
    createdAt: text(r, "created_at"),
    statusLocations,
    locationsKey: statusLocations.join("\n"),
  };
}

export function checkHead(db: DatabaseSync, id: string): CheckHead | undefined {
  const r = cached(db, `SELECT ${HEAD_COLUMNS} FROM checks WHERE id = ?`).get(id);
  return r ? headOf(r) : undefined;
}

/** `offset`: the stored document's frequencyOffset, null when it has none (the scheduler's default then). */
export type ScheduledCheck = Pick<CheckDef, "id" | "checkType" | "frequency"> & { offset: number | null };

/**
 * What the scheduler needs of each activated, scheduled check (heartbeats are pinged, not scheduled). It
 * asks every tick: read again only when the checks changed (the list's memo above), not 100,000 rows and
 * their documents every second.
 */
export function scheduledChecks(db: DatabaseSync): readonly ScheduledCheck[] {
  const memo = listMemo(db);
  if (memo?.scheduled) return memo.scheduled;
  const rows = cached(
    db,
    `SELECT id, check_type, frequency, json_extract(doc, '$.frequencyOffset') AS offset FROM checks WHERE activated = 1 AND check_type NOT IN ${PASSIVE_SQL}`,
  )
    .all()
    .map((r) => ({
      id: text(r, "id"),
      checkType: text(r, "check_type"),
      frequency: num(r, "frequency"),
      offset: numOrNull(r, "offset"),
    }));
  if (memo) memo.scheduled = rows;
  return rows;
}

/** When the check's newest session started (a restart keeps the rhythm), null before the first. */
export function lastSessionStart(db: DatabaseSync, checkId: string): number | null {
  const r = cached(db, "SELECT MAX(started_at) AS t FROM check_sessions WHERE check_id = ?").get(checkId);
  return r ? numOrNull(r, "t") : null;
}

/**
 * Every check the engine can read. A row whose stored JSON is damaged is left out and reported through
 * `onCorrupt` (default: stderr, once per check), so one damaged check neither stops the others nor runs
 * with an empty configuration.
 */
export function readAllChecks(db: DatabaseSync, onCorrupt: (err: Error) => void = reportOnce): CheckDef[] {
  return parsedChecks(cached(db, `SELECT ${CHECK_COLUMNS} FROM checks`).all(), onCorrupt);
}

/**
 * The activated, unmuted checks — the ones the alert scans look at (SSL expiry: alerts/ssl.ts; no agent:
 * agents/monitor.ts) — as readAllChecks gives them, in the table's order: the others are neither read out
 * nor parsed (10,000 deactivated checks cost a scan ~100 ms of parsing and a major collection).
 */
export function alertableChecks(db: DatabaseSync, onCorrupt: (err: Error) => void = reportOnce): CheckDef[] {
  return parsedChecks(
    cached(db, `SELECT ${CHECK_COLUMNS} FROM checks WHERE activated = 1 AND muted = 0 ORDER BY rowid`).all(),
    onCorrupt,
  );
}

/** Rows of the engine's columns parsed into checks, a damaged one left out and reported. */
export function parsedChecks(rows: Row[], onCorrupt: (err: Error) => void = reportOnce): CheckDef[] {
  const out: CheckDef[] = [];
  for (const row of rows) {
    try {
      out.push(toCheckDef(row));
    } catch (err) {
      if (!(err instanceof CorruptRowError)) throw err;
      onCorrupt(
        new CorruptRowError(`check ${String(row.id)} (${String(row.name)}) is skipped: ${err.message}`),
      );
    }
  }
  return out;
}

const reported = new Set<string>();
function reportOnce(err: Error): void {
  if (reported.has(err.message)) return;
  reported.add(err.message);
  console.error(`vigil service: ${err.message}`);
}

/** The stored row of a job's check, as handed to an agent (it parses it with toCheckDef). */
export function checkRowOf(db: DatabaseSync, id: string): CheckRow | undefined {
  const r = cached(db, `SELECT ${CHECK_COLUMNS} FROM checks WHERE id = ?`).get(id);
  return r
    ? {
        id: text(r, "id"),
        name: text(r, "name"),
        check_type: text(r, "check_type"),
        activated: num(r, "activated"),
        muted: num(r, "muted"),
        frequency: num(r, "frequency"),
        tags: textOrNull(r, "tags") ?? "[]",
        locations: textOrNull(r, "locations") ?? "[]",
        doc: textOrNull(r, "doc") ?? "{}",
        created_at: text(r, "created_at"),
        updated_at: text(r, "updated_at"),
      }
    : undefined;
}
