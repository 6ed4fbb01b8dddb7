/**
 * Stored history for the embedded-service benchmarks: URL checks and FINAL results written straight into
 * the database in one transaction through one prepared statement (time-ordered ids).
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { syntheticRun } from "../../src/service/demo/synthetic.ts";
import { uuidv7 } from "../../src/service/engine/ids.ts";

export function insertUrlCheck(db: DatabaseSync, id: string, name: string, url: string, tags: string[]) {
  const now = new Date().toISOString();
  const doc = {
    id,
    name,
    checkType: "URL",
    activated: true,
    muted: false,
    frequency: 1,
    tags,
    locations: ["eu-west-1", "us-east-1"],
    request: { url },
  };
  db.prepare(
    "INSERT INTO checks (id, name, check_type, activated, muted, frequency, tags, locations, doc, created_at, updated_at) VALUES (?, ?, 'URL', 1, 0, 1, ?, ?, ?, ?, ?)",
  ).run(id, name, JSON.stringify(tags), JSON.stringify(doc.locations), JSON.stringify(doc), now, now);
}

const COLUMNS = [
  "id",
  "session_id",
  "check_id",
  "check_type",
  "name",
  "run_location",
  "result_type",
  "has_failures",
  "has_errors",
  "is_degraded",
  "over_max",
  "response_time",
  "status_code",
  "attempts",
  "retries",
  "started_at",
  "stopped_at",
  "m_wait",
  "m_dns",
  "m_tcp",
  "m_first_byte",
  "m_download",
];

/** 1M FINAL results in one transaction through one prepared statement. Returns the check ids. */
export function generate(
  db: DatabaseSync,
  now: number,
  checks: number,
  perCheck: number,
  spacingMs = 60_000,
): string[] {
  const ids: string[] = [];
  db.exec("PRAGMA cache_size = -262144"); // 256 MB page cache while bulk loading
  db.exec("BEGIN");
  for (let c = 0; c < checks; c++) {
    const id = randomUUID();
    ids.push(id);
    insertUrlCheck(db, id, `history ${c}`, "http://127.0.0.1:9/", ["history"]);
  }
  const insert = db.prepare(
    `INSERT INTO check_results (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
  );
  const locations = ["eu-west-1", "us-east-1"];
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (const id of ids) {
    const def = { id, checkType: "URL", degradedResponseTime: 3000, maxResponseTime: 5000 };
    for (let i = 0; i < perCheck; i++) {
      const at = now - (perCheck - i) * spacingMs;
      const s = syntheticRun(def, at, rnd);
      const m = s.metrics;
      insert.run(
        uuidv7(),
        null,
        id,
        "URL",
        "history",
        locations[i & 1]!,
        "FINAL",
        s.failed ? 1 : 0,
        0,
        s.responseTime > 3000 ? 1 : 0,
        0,
        s.responseTime,
        s.statusCode,
        1,
        0,
        at,
        at + Math.round(s.responseTime),
        m.wait ?? null,
        m.dns ?? null,
        m.tcp ?? null,
        m.firstByte ?? null,
        m.download ?? null,
      );
    }
  }
  db.exec("COMMIT");
  return ids;
}
