/**
 * Persistence of run data (tables of 002-runs.ts): sessions, results and heartbeat events. Statements
 * are prepared once per database.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type { MetricValues } from "../runners/types.ts";

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

const METRIC_KEYS = Object.keys(METRIC_COLUMNS) as (keyof typeof METRIC_COLUMNS)[];

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

export function resultFromRaw(raw: RawResult): ResultRow {
  const metrics: MetricValues = {};
  for (const k of METRIC_KEYS) {
    const v = raw[METRIC_COLUMNS[k]];
    if (typeof v === "number") metrics[k] = v;
  }
  return {
    id: String(raw.id),
    sessionId: raw.session_id === null ? null : String(raw.session_id),
    checkId: String(raw.check_id),
    checkType: String(raw.check_type),
    name: String(raw.name),
    runLocation: String(raw.run_location),
    resultType: raw.result_type === "ATTEMPT" ? "ATTEMPT" : "FINAL",
    hasFailures: raw.has_failures === 1,
    hasErrors: raw.has_errors === 1,
    isDegraded: raw.is_degraded === 1,
    overMaxResponseTime: raw.over_max === 1,
    aborted: raw.aborted === 1,
    isCancelled: raw.is_cancelled === 1,
    responseTime: typeof raw.response_time === "number" ? raw.response_time : null,
    statusCode: typeof raw.status_code === "number" ? raw.status_code : null,
    attempts: Number(raw.attempts),
    retries: Number(raw.retries),
    startedAt: Number(raw.started_at),
    stoppedAt: Number(raw.stopped_at),
    errorMessage: raw.error_message === null ? null : String(raw.error_message),
    metrics,
    pageIndex: typeof raw.page_index === "number" ? raw.page_index : null,
    detail: typeof raw.detail === "string" ? (JSON.parse(raw.detail) as Record<string, unknown>) : null,
    isDemo: raw.is_demo === 1,
  };
}

type RawSession = {
  id: string;
  check_id: string;
  check_type: string;
  name: string;
  status: string;
  run_source: string | null;
  run_locations: string;
  started_at: number;
  stopped_at: number | null;
};

function sessionFromRaw(r: RawSession): CheckSessionRow {
  return {
    id: r.id,
    checkId: r.check_id,
    checkType: r.check_type,
    name: r.name,
    status: r.status,
    runSource: r.run_source,
    runLocations: JSON.parse(r.run_locations) as string[],
    startedAt: r.started_at,
    stoppedAt: r.stopped_at,
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
      const r = getSession.get(id) as RawSession | undefined;
      return r ? sessionFromRaw(r) : undefined;
    },
    insertResult(r: ResultRow): void {
      insertResult.run(...resultParams(r));
    },
    sessionResults(id: string): ResultRow[] {
      return (sessionResults.all(id) as RawResult[]).map(resultFromRaw);
    },
    getResult(checkId: string, id: string): ResultRow | undefined {
      const r = getResult.get(checkId, id) as RawResult | undefined;
      return r ? resultFromRaw(r) : undefined;
    },
    /** Sessions left running by a previous process (crash, kill). */
    unfinishedSessionIds(): string[] {
      return (unfinished.all() as { id: string }[]).map((r) => r.id);
    },
  };
}

export function hasResults(db: DatabaseSync, checkId: string): boolean {
  return db.prepare("SELECT 1 FROM check_results WHERE check_id = ? LIMIT 1").get(checkId) !== undefined;
}
