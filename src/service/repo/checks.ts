/**
 * Checks: one row per check in the `checks` table (layout shared with the run engine). `doc` holds the full
 * hosted-shaped check object (api-notes §3.1); the scalar columns duplicate the fields the engine filters on.
 * Alert-channel subscriptions are not kept in `doc`: they live in `alert_subscriptions` and are added on read.
 */
import type { DatabaseSync } from "node:sqlite";
import type { CheckRow } from "../engine/checks.ts";
import { STATE_SQL } from "./check-state.ts";
import { cached } from "./statements.ts";
import { parseJson, type Row } from "./util.ts";

export type CheckDoc = Record<string, unknown> & {
  id: string;
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  frequency: number;
  tags: string[];
  locations: string[];
  created_at: string;
  updated_at: string | null;
};

function fromRow(r: Row): CheckDoc {
  const doc = parseJson<Record<string, unknown>>(r.doc as string, {});
  return {
    ...doc,
    id: String(r.id),
    name: String(r.name),
    checkType: String(r.check_type),
    activated: r.activated === 1,
    muted: r.muted === 1,
    frequency: Number(r.frequency),
    tags: parseJson<string[]>(r.tags as string, []),
    locations: parseJson<string[]>(r.locations as string, []),
    created_at: String(r.created_at),
    updated_at: (r.updated_at as string | null) ?? null,
  };
}

function params(doc: CheckDoc) {
  const { alertChannelSubscriptions: _subs, ...rest } = doc;
  return [
    doc.name,
    doc.checkType,
    doc.activated ? 1 : 0,
    doc.muted ? 1 : 0,
    doc.frequency,
    JSON.stringify(doc.tags),
    JSON.stringify(doc.locations),
    JSON.stringify(rest),
    doc.created_at,
    doc.updated_at ?? doc.created_at,
  ] as const;
}

export function insertCheck(db: DatabaseSync, doc: CheckDoc): void {
  checksChanged(db);
  db.prepare(
    `INSERT INTO checks (id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(doc.id, ...params(doc));
}

export function updateCheck(db: DatabaseSync, doc: CheckDoc): void {
  checksChanged(db);
  db.prepare(
    `UPDATE checks SET name = ?, check_type = ?, activated = ?, muted = ?, frequency = ?, tags = ?, locations = ?,
       doc = ?, created_at = ?, updated_at = ? WHERE id = ?`,
  ).run(...params(doc), doc.id);
}

export function getCheck(db: DatabaseSync, id: string): CheckDoc | undefined {
  const r = db.prepare("SELECT * FROM checks WHERE id = ?").get(id) as Row | undefined;
  return r ? fromRow(r) : undefined;
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
 * after that row). It is dropped when this connection writes a check (insert/update/delete below) or
 * another connection committed anything (`PRAGMA data_version`), never used inside a transaction (a
 * rollback would leave it wrong), and a filter on the latest result's state is never remembered (runs
 * change it without touching the checks).
 */
type ListMemo = {
  version: string;
  totals: Map<string, number>;
  /** `${filter}@${offset}` → the (created_at, rowid) of the row just before that offset. */
  ends: Map<string, { createdAt: string; rowid: number }>;
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

function listMemo(db: DatabaseSync, filter: CheckFilter): ListMemo | undefined {
  if (filter.state || db.isTransaction) return undefined;
  let m = memos.get(db);
  if (!m) {
    m = { writes: 0 };
    memos.set(db, m);
  }
  const others = (cached(db, "PRAGMA data_version").get() as { data_version: number }).data_version;
  const version = `${m.writes}:${others}`;
  if (m.memo?.version !== version) m.memo = { version, totals: new Map(), ends: new Map() };
  return m.memo;
}

const filterKey = (f: CheckFilter) => JSON.stringify([f.tags ?? [], f.checkType ?? null, f.search ?? null]);

export function listChecks(db: DatabaseSync, filter: CheckFilter = {}, limit = -1, offset = 0): CheckDoc[] {
  const w = checkWhere(filter);
  const memo = listMemo(db, filter);
  const key = filterKey(filter);
  const after = offset > 0 ? memo?.ends.get(`${key}@${offset}`) : undefined;
  const cols = "c.*, c.rowid AS row_id";
  const and = w.sql ? `${w.sql} AND` : "WHERE";
  // after a remembered row: the rest of its created_at by rowid, then the later ones (each an index range;
  // a row value `(created_at, rowid) > (?, ?)` would walk every row of an equal created_at)
  const rows = after
    ? (cached(
        db,
        `SELECT * FROM (SELECT * FROM (SELECT ${cols} FROM checks c ${and} c.created_at = ? AND c.rowid > ? ORDER BY c.rowid LIMIT ?)
         UNION ALL SELECT * FROM (SELECT ${cols} FROM checks c ${and} c.created_at > ? ORDER BY c.created_at, c.rowid LIMIT ?))
         ORDER BY created_at, row_id LIMIT ?`,
      ).all(
        ...w.args,
        after.createdAt,
        after.rowid,
        limit,
        ...w.args,
        after.createdAt,
        limit,
        limit,
      ) as Row[])
    : (cached(
        db,
        `SELECT ${cols} FROM checks c ${w.sql} ORDER BY c.created_at, c.rowid LIMIT ? OFFSET ?`,
      ).all(...w.args, limit, offset) as Row[]);
  const last = rows.at(-1);
  if (memo && last && limit > 0) {
    if (memo.ends.size >= MAX_ENDS) memo.ends.clear();
    memo.ends.set(`${key}@${offset + rows.length}`, {
      createdAt: String(last.created_at),
      rowid: Number(last.row_id),
    });
  }
  return rows.map(fromRow);
}

/** How many checks match `filter` (the total of a paged list; remembered while the checks stay as they are). */
export function countChecks(db: DatabaseSync, filter: CheckFilter = {}): number {
  const memo = listMemo(db, filter);
  const key = filterKey(filter);
  const known = memo?.totals.get(key);
  if (known !== undefined) return known;
  const w = checkWhere(filter);
  const n = Number(
    (cached(db, `SELECT COUNT(*) AS n FROM checks c ${w.sql}`).get(...w.args) as { n: number }).n,
  );
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
    .all(...ids) as Row[];
  for (const r of rows) out.set(String(r.id), String(r.name));
  return out;
}

/** A check's stored type, if the check exists. */
export function checkTypeOf(db: DatabaseSync, id: string): string | undefined {
  return (
    db.prepare("SELECT check_type FROM checks WHERE id = ?").get(id) as { check_type: string } | undefined
  )?.check_type;
}

export function checkExists(db: DatabaseSync, id: string): boolean {
  return db.prepare("SELECT 1 FROM checks WHERE id = ?").get(id) !== undefined;
}

export type CheckHead = { id: string; name: string; createdAt: string };

/** Every check's id, name and creation date, by name (the check-statuses list). */
export function checkHeads(db: DatabaseSync): CheckHead[] {
  return (
    db.prepare("SELECT id, name, created_at FROM checks ORDER BY name").all() as {
      id: string;
      name: string;
      created_at: string;
    }[]
  ).map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
}

export function checkHead(db: DatabaseSync, id: string): CheckHead | undefined {
  const r = db.prepare("SELECT id, name, created_at FROM checks WHERE id = ?").get(id) as
    | { id: string; name: string; created_at: string }
    | undefined;
  return r ? { id: r.id, name: r.name, createdAt: r.created_at } : undefined;
}

/** What the scheduler needs of each activated, scheduled check (heartbeats are pinged, not scheduled). */
export function scheduledChecks(
  db: DatabaseSync,
): { id: string; check_type: string; frequency: number; offset: number | null }[] {
  return cached(
    db,
    "SELECT id, check_type, frequency, json_extract(doc, '$.frequencyOffset') AS offset FROM checks WHERE activated = 1 AND check_type <> 'HEARTBEAT'",
  ).all() as { id: string; check_type: string; frequency: number; offset: number | null }[];
}

/** When the check's newest session started (a restart keeps the rhythm), null before the first. */
export function lastSessionStart(db: DatabaseSync, checkId: string): number | null {
  return (
    (
      cached(db, "SELECT MAX(started_at) AS t FROM check_sessions WHERE check_id = ?").get(checkId) as
        | { t: number | null }
        | undefined
    )?.t ?? null
  );
}

const ENGINE_COLUMNS = "id, name, check_type, activated, muted, frequency, tags, locations, doc";

/** A check's stored row as the engine reads it (engine/checks.ts turns it into a CheckDef). */
export function checkRow(db: DatabaseSync, id: string): CheckRow | undefined {
  return cached(db, `SELECT ${ENGINE_COLUMNS} FROM checks WHERE id = ?`).get(id) as CheckRow | undefined;
}

export function checkRows(db: DatabaseSync): CheckRow[] {
  return cached(db, `SELECT ${ENGINE_COLUMNS} FROM checks`).all() as CheckRow[];
}
