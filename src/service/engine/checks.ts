/**
 * The one parsed model of a check in the service: `CheckDef`, the typed fields the engine, the alerts, the
 * analytics and the demo read, built by `toCheckDef` from a `checks` row — at the repo boundary
 * (src/service/repo/checks.ts: readCheck, readAllChecks) or, for a private location's agent, from the row it
 * was handed. Unknown or missing fields fall back to the hosted defaults (api-notes §3.1); a column that does
 * not hold what the table says is a CorruptRowError (src/service/repo/rows.ts).
 */
import { specOf } from "../../contract/check-types.ts";
import { RETRY_DEFAULTS, RETRY_LIMITS } from "../../contract/schemas/check-bodies.ts";
import { objectIn } from "../../shared/json.ts";
import { num as column, flag, jsonObject, jsonStrings, type Row, text } from "../repo/rows.ts";

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

/** A check's stored row (the engine's columns), as the repo reads it and an agent is handed it. */
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

function parseRetry(v: Record<string, unknown> | undefined): RetryStrategy | null {
  if (!v) return null;
  const type = typeof v.type === "string" ? v.type : "FIXED";
  if (type === "NO_RETRIES") return null;
  return {
    type,
    baseBackoffSeconds: num(v.baseBackoffSeconds, RETRY_DEFAULTS.baseBackoffSeconds),
    maxRetries:
      type === "SINGLE_RETRY"
        ? 1
        : clamp(num(v.maxRetries, RETRY_DEFAULTS.maxRetries), RETRY_LIMITS.maxRetries),
    maxDurationSeconds: clamp(
      num(v.maxDurationSeconds, RETRY_DEFAULTS.maxDurationSeconds),
      RETRY_LIMITS.maxDurationSeconds,
    ),
    sameRegion: v.sameRegion !== false,
  };
}

/** A check's row (the columns of CheckRow) parsed into the model. */
export function toCheckDef(row: Row): CheckDef {
  const doc = jsonObject(row, "doc");
  const checkType = text(row, "check_type");
  // hosted defaults per type (api-notes §3.1)
  const [degraded, max] = specOf(checkType)?.thresholds ?? [5000, 20000];
  const privateLocations = Array.isArray(doc.privateLocations)
    ? doc.privateLocations.filter((l): l is string => typeof l === "string")
    : [];
  const all = [...jsonStrings(row, "locations"), ...privateLocations];
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    checkType,
    activated: flag(row, "activated"),
    muted: flag(row, "muted"),
    frequency: column(row, "frequency"),
    frequencyOffset: num(doc.frequencyOffset, 0),
    tags: jsonStrings(row, "tags"),
    locations: all.length > 0 ? all : [DEFAULT_LOCATION],
    degradedResponseTime: num(doc.degradedResponseTime, degraded),
    maxResponseTime: num(doc.maxResponseTime, max),
    shouldFail: doc.shouldFail === true,
    runParallel: doc.runParallel === true,
    retryStrategy: parseRetry(objectIn(doc, "retryStrategy")),
    doc,
  };
}
