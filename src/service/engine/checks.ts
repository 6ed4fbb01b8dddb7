/**
 * Reads checks from the `checks` table that service-core owns (see /tmp/service-contract.md) and turns the
 * hosted-shaped `doc` JSON into the few typed fields the engine needs. Unknown or missing fields fall back
 * to the hosted defaults (api-notes §3.1).
 */
import type { DatabaseSync } from "node:sqlite";
import { specOf } from "../../contract/check-types.ts";
import { RETRY_DEFAULTS, RETRY_LIMITS } from "../../contract/schemas/check-bodies.ts";
import { checkRow, checkRows } from "../repo/checks.ts";
import { CorruptRowError, parseJson } from "../repo/util.ts";

export type RetryStrategy = {
  type: "FIXED" | "LINEAR" | "EXPONENTIAL" | "SINGLE_RETRY" | string;
  baseBackoffSeconds: number;
  maxRetries: number;
  maxDurationSeconds: number;
  sameRegion: boolean;
};

export type CheckDef = {
  id: string;
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  frequency: number;
  frequencyOffset: number;
  tags: string[];
  locations: string[];
  degradedResponseTime: number;
  maxResponseTime: number;
  shouldFail: boolean;
  runParallel: boolean;
  retryStrategy: RetryStrategy | null;
  doc: Record<string, unknown>;
};

export type CheckRow = {
  id: string;
  name: string;
  check_type: string;
  activated: number;
  muted: number;
  frequency: number;
  tags: string;
  locations: string;
  doc: string;
};

/** Location label used when a check lists none. */
export const DEFAULT_LOCATION = "local";

const num = (v: unknown, d: number): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const clamp = (v: number, max: number): number => Math.max(0, Math.min(max, v));

function parseRetry(v: unknown): RetryStrategy | null {
  if (!v || typeof v !== "object") return null;
  const r = v as Record<string, unknown>;
  const type = typeof r.type === "string" ? r.type : "FIXED";
  if (type === "NO_RETRIES") return null;
  return {
    type,
    baseBackoffSeconds: num(r.baseBackoffSeconds, RETRY_DEFAULTS.baseBackoffSeconds),
    maxRetries:
      type === "SINGLE_RETRY"
        ? 1
        : clamp(num(r.maxRetries, RETRY_DEFAULTS.maxRetries), RETRY_LIMITS.maxRetries),
    maxDurationSeconds: clamp(
      num(r.maxDurationSeconds, RETRY_DEFAULTS.maxDurationSeconds),
      RETRY_LIMITS.maxDurationSeconds,
    ),
    sameRegion: r.sameRegion !== false,
  };
}

export function toCheckDef(row: CheckRow): CheckDef {
  const doc = parseJson<Record<string, unknown>>(row.doc, {});
  // hosted defaults per type (api-notes §3.1)
  const [degraded, max] = specOf(row.check_type)?.thresholds ?? [5000, 20000];
  const locations = parseJson<string[]>(row.locations, []).filter((l) => typeof l === "string");
  const privateLocations = Array.isArray(doc.privateLocations)
    ? (doc.privateLocations as unknown[]).filter((l): l is string => typeof l === "string")
    : [];
  const all = [...locations, ...privateLocations];
  return {
    id: row.id,
    name: row.name,
    checkType: row.check_type,
    activated: row.activated === 1,
    muted: row.muted === 1,
    frequency: row.frequency,
    frequencyOffset: num(doc.frequencyOffset, 0),
    tags: parseJson<string[]>(row.tags, []).filter((t) => typeof t === "string"),
    locations: all.length > 0 ? all : [DEFAULT_LOCATION],
    degradedResponseTime: num(doc.degradedResponseTime, degraded),
    maxResponseTime: num(doc.maxResponseTime, max),
    shouldFail: doc.shouldFail === true,
    runParallel: doc.runParallel === true,
    retryStrategy: parseRetry(doc.retryStrategy),
    doc,
  };
}

export function readCheck(db: DatabaseSync, id: string): CheckDef | undefined {
  const row = checkRow(db, id);
  return row ? toCheckDef(row) : undefined;
}

/**
 * Every check the engine can read. A row whose stored JSON is damaged is left out and reported through
 * `onCorrupt` (default: stderr, once per check), so one damaged check neither stops the others nor runs
 * with an empty configuration.
 */
export function readAllChecks(db: DatabaseSync, onCorrupt: (err: Error) => void = reportOnce): CheckDef[] {
  const out: CheckDef[] = [];
  for (const row of checkRows(db)) {
    try {
      out.push(toCheckDef(row));
    } catch (err) {
      if (!(err instanceof CorruptRowError)) throw err;
      onCorrupt(new CorruptRowError(`check ${row.id} (${row.name}) is skipped: ${err.message}`));
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
