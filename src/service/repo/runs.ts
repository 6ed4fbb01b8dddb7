/**
 * Persistence of run data (tables of 002-runs.ts): sessions, results and heartbeat events. Statements
 * are prepared once per database.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type { MetricValues } from "../runners/types.ts";
import { jsonObject, jsonStrings, num, numOrNull, type Row, text, textOrNull } from "./rows.ts";

export type SessionStatus =
  | "STARTED"
  | "PROGRESS"
  | "PASSED"
  | "FAILED"
  | "DEGRADED"
  | "TIMED_OUT"
  | "CANCELLED";
export const TERMINAL: ReadonlySet<string> = new Set([
  "PASSED",
  "FAILED",
  "DEGRADED",
  "TIMED_OUT",
  "CANCELLED",
]);

export type CheckSessionRow = {
  id: string;
  checkId: string;
  checkType: string;
  name: string;
  status: SessionStatus | string;
  runSource: string | null;
  runLocations: string[];
  startedAt: number;
  stoppedAt: number | null;
};

export type ResultRow = {
  id: string;
  sessionId: string | null;
  checkId: string;
  checkType: string;
  name: string;
  runLocation: string;
  resultType: "FINAL" | "ATTEMPT";
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  overMaxResponseTime: boolean;
  aborted: boolean;
  isCancelled: boolean;
  responseTime: number | null;
  statusCode: number | null;
  attempts: number;
  retries: number;
  startedAt: number;
  stoppedAt: number;
  errorMessage: string | null;
  metrics: MetricValues;
  pageIndex: number | null;
  detail: Record<string, unknown> | null;
  isDemo?: boolean;
};

/** Metric base name → check_results column. */
export const METRIC_COLUMNS = {
  wait: "m_wait",
  dns: "m_dns",
  tcp: "m_tcp",
  firstByte: "m_first_byte",
  download: "m_download",
  total: "m_total",
  connection: "m_connection",
  data: "m_data",
  TTFB: "m_ttfb",
  FCP: "m_fcp",
  LCP: "m_lcp",
  CLS: "m_cls",
  TBT: "m_tbt",
  consoleErrors: "m_console_errors",
  networkErrors: "m_network_errors",
  userScriptErrors: "m_user_script_errors",
  documentErrors: "m_document_errors",
} as const satisfies Record<keyof Required<MetricValues>, string>;

const isMetricKey = (k: string): k is keyof typeof METRIC_COLUMNS => Object.hasOwn(METRIC_COLUMNS, k);
const METRIC_KEYS = Object.keys(METRIC_COLUMNS).filter(isMetricKey);

const RESULT_COLUMNS = [
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
  "aborted",
  "is_cancelled",
  "response_time",
  "status_code",
  "attempts",
  "retries",
  "started_at",
  "stopped_at",
  "error_message",
  ...METRIC_KEYS.map((k) => METRIC_COLUMNS[k]),
  "page_index",
  "detail",
  "is_demo",
];

const b = (v: boolean) => (v ? 1 : 0);

export function resultParams(r: ResultRow): SQLInputValue[] {
  return [
    r.id,
    r.sessionId,
    r.checkId,
    r.checkType,
    r.name,
    r.runLocation,
    r.resultType,
    b(r.hasFailures),
    b(r.hasErrors),
    b(r.isDegraded),
    b(r.overMaxResponseTime),
    b(r.aborted),
    b(r.isCancelled),
    r.responseTime,
    r.statusCode,
    r.attempts,
    r.retries,
    r.startedAt,
    r.stoppedAt,
    r.errorMessage,
    ...METRIC_KEYS.map((k) => r.metrics[k] ?? null),
    r.pageIndex,
    r.detail ? JSON.stringify(r.detail) : null,
    b(r.isDemo === true),
  ];
}

export function prepareResultInsert(db: DatabaseSync): StatementSync {
  return db.prepare(
    `INSERT INTO check_results (${RESULT_COLUMNS.join(", ")}) VALUES (${RESULT_COLUMNS.map(() => "?").join(", ")})`,
  );
}

export type RawResult = Record<string, SQLInputValue>;

/** A `check_results` row parsed (a column holding the wrong thing is a CorruptRowError). */
export function resultFromRaw(raw: Row): ResultRow {
  const metrics: MetricValues = {};
  for (const k of METRIC_KEYS) {
    const v = raw[METRIC_COLUMNS[k]];
    if (typeof v === "number") metrics[k] = v;
  }
  return {
    id: text(raw, "id"),
    sessionId: textOrNull(raw, "session_id"),
    checkId: text(raw, "check_id"),
    checkType: text(raw, "check_type"),
    name: text(raw, "name"),
    runLocation: text(raw, "run_location"),
    resultType: raw.result_type === "ATTEMPT" ? "ATTEMPT" : "FINAL",
    hasFailures: raw.has_failures === 1,
    hasErrors: raw.has_errors === 1,
    isDegraded: raw.is_degraded === 1,
    overMaxResponseTime: raw.over_max === 1,
    aborted: raw.aborted === 1,
    isCancelled: raw.is_cancelled === 1,
    responseTime: numOrNull(raw, "response_time"),
    statusCode: numOrNull(raw, "status_code"),
    attempts: num(raw, "attempts"),
    retries: num(raw, "retries"),
    startedAt: num(raw, "started_at"),
    stoppedAt: num(raw, "stopped_at"),
    errorMessage: textOrNull(raw, "error_message"),
    metrics,
    pageIndex: numOrNull(raw, "page_index"),
    detail: raw.detail === null || raw.detail === undefined ? null : jsonObject(raw, "detail"),
    isDemo: raw.is_demo === 1,
  };
}

function sessionFromRaw(r: Row): CheckSessionRow {
  return {
    id: text(r, "id"),
    checkId: text(r, "check_id"),
    checkType: text(r, "check_type"),
    name: text(r, "name"),
    status: text(r, "status"),
    runSource: textOrNull(r, "run_source"),
    runLocations: jsonStrings(r, "run_locations"),
    startedAt: num(r, "started_at"),
    stoppedAt: numOrNull(r, "stopped_at"),
  };
}

export type RunStore = ReturnType<typeof createRunStore>;

export function createRunStore(db: DatabaseSync) {
  const insertSession = db.prepare(
    "INSERT INTO check_sessions (id, check_id, check_type, name, status, run_source, run_locations, started_at, stopped_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const finishSession = db.prepare(
    "UPDATE check_sessions SET status = ?, stopped_at = ?, run_locations = ? WHERE id = ?",
  );
  const setStatus = db.prepare("UPDATE check_sessions SET status = ? WHERE id = ?");
  const getSession = db.prepare("SELECT * FROM check_sessions WHERE id = ?");
  const insertResult = prepareResultInsert(db);
  const sessionResults = db.prepare(
    "SELECT * FROM check_results WHERE session_id = ? ORDER BY started_at, rowid",
  );
  const getResult = db.prepare("SELECT * FROM check_results WHERE check_id = ? AND id = ?");
  const unfinished = db.prepare("SELECT id FROM check_sessions WHERE stopped_at IS NULL");

  return {
    insertSession(s: CheckSessionRow): void {
      insertSession.run(
        s.id,
        s.checkId,
        s.checkType,
        s.name,
        s.status,
        s.runSource,
        JSON.stringify(s.runLocations),
        s.startedAt,
        s.stoppedAt,
      );
    },
    setStatus(id: string, status: string): void {
      setStatus.run(status, id);
    },
    finishSession(id: string, status: string, stoppedAt: number, runLocations: string[]): void {
      finishSession.run(status, stoppedAt, JSON.stringify(runLocations), id);
    },
    getSession(id: string): CheckSessionRow | undefined {
      const r = getSession.get(id);
      return r ? sessionFromRaw(r) : undefined;
    },
    insertResult(r: ResultRow): void {
      insertResult.run(...resultParams(r));
    },
    sessionResults(id: string): ResultRow[] {
      return sessionResults.all(id).map(resultFromRaw);
    },
    getResult(checkId: string, id: string): ResultRow | undefined {
      const r = getResult.get(checkId, id);
      return r ? resultFromRaw(r) : undefined;
    },
    /** Sessions left running by a previous process (crash, kill). */
    unfinishedSessionIds(): string[] {
      return unfinished.all().map((r) => text(r, "id"));
    },
  };
}

export function hasResults(db: DatabaseSync, checkId: string): boolean {
  return db.prepare("SELECT 1 FROM check_results WHERE check_id = ? LIMIT 1").get(checkId) !== undefined;
}
