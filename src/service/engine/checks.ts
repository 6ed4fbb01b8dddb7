/**
 * The one parsed model of a check in the service: `CheckDef`, what routes, the engine, the alerts, the
 * analytics, the agents' queue and the demo read of a check. It is built in two places only, both here:
 * `toCheckDef` from a `checks` row — at the repo boundary (src/service/repo/checks.ts: getCheck, listChecks,
 * readAllChecks) or, for a private location's agent, from the row it was handed — and `checkOf`
 * from the fields of a body the type's schema validated (create, update, the demo's seeding). `checkDoc`
 * gives back the document the API shows and the table stores. Unknown or missing fields of the document
 * fall back to the hosted defaults (api-notes §3.1); a column that does not hold what the table says, or a
 * field that is not what a check holds, is a CorruptRowError naming it (src/service/repo/rows.ts).
 */
import { PASSIVE_TYPES, specOf } from "../../contract/check-types.ts";
import { RETRY_DEFAULTS, RETRY_LIMITS } from "../../contract/schemas/check-bodies.ts";
import { objectIn } from "../../shared/json.ts";
import { num as column, flag, jsonObject, jsonStrings, type Row, text } from "../repo/rows.ts";
import { CorruptRowError } from "../repo/util.ts";

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
  /** Minutes between runs. */
  frequency: number;
  frequencyOffset: number;
  tags: string[];
  /** The public locations listed (the API's `locations`). */
  locations: string[];
  /** The private locations' slugs listed (the API's `privateLocations`). */
  privateLocations: string[];
  /** Where its runs go: every location listed, public and private, or DEFAULT_LOCATION when none is. */
  runLocations: string[];
  degradedResponseTime: number;
  maxResponseTime: number;
  shouldFail: boolean;
  runParallel: boolean;
  retryStrategy: RetryStrategy | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The stored document: every field the API shows of the check but its alert-channel subscriptions
   * (request, heartbeat, script, thresholds, …); the typed members above are read from it and the columns.
   */
  doc: Record<string, unknown>;
};

/** A check's stored row, as the repo reads it and an agent is handed it. */
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
  created_at: string;
  updated_at: string;
};

/** The members of a check its row keeps in columns of their own (the rest is the document). */
type Columns = Pick<
  CheckDef,
  | "id"
  | "name"
  | "checkType"
  | "activated"
  | "muted"
  | "frequency"
  | "tags"
  | "locations"
  | "createdAt"
  | "updatedAt"
>;

/** Location label used when a check lists none. */
export const DEFAULT_LOCATION = "local";

/** Where a check runs: its public and private locations, or DEFAULT_LOCATION when it lists none. */
export function runLocationsOf(locations: readonly string[], privateLocations: readonly string[]): string[] {
  const all = [...locations, ...privateLocations];
  return all.length > 0 ? all : [DEFAULT_LOCATION];
}

/**
 * The locations whose results decide a check's status now (run-queries.ts): where it runs — but a
 * heartbeat records its pings and misses at its first location only (engine/heartbeats.ts).
 */
export function statusLocationsOf(
  checkType: string,
  locations: readonly string[],
  privateLocations: readonly string[],
): string[] {
  const all = runLocationsOf(locations, privateLocations);
  return PASSIVE_TYPES.some((t) => t === checkType) ? all.slice(0, 1) : all;
}

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

/** The model from its columns and its document: the engine's members read with the hosted defaults. */
function modelOf(c: Columns, doc: Record<string, unknown>): CheckDef {
  const [degraded, max] = specOf(c.checkType)?.thresholds ?? [5000, 20000];
  const privateLocations = Array.isArray(doc.privateLocations)
    ? doc.privateLocations.filter((l): l is string => typeof l === "string")
    : [];
  return {
    ...c,
    frequencyOffset: num(doc.frequencyOffset, 0),
    privateLocations,
    runLocations: runLocationsOf(c.locations, privateLocations),
    degradedResponseTime: num(doc.degradedResponseTime, degraded),
    maxResponseTime: num(doc.maxResponseTime, max),
    shouldFail: doc.shouldFail === true,
    runParallel: doc.runParallel === true,
    retryStrategy: parseRetry(objectIn(doc, "retryStrategy")),
    doc,
  };
}

/** A check's row (the columns of CheckRow) parsed into the model. */
export function toCheckDef(row: Row): CheckDef {
  return modelOf(
    {
      id: text(row, "id"),
      name: text(row, "name"),
      checkType: text(row, "check_type"),
      activated: flag(row, "activated"),
      muted: flag(row, "muted"),
      frequency: column(row, "frequency"),
      tags: jsonStrings(row, "tags"),
      locations: jsonStrings(row, "locations"),
      createdAt: text(row, "created_at"),
      updatedAt: text(row, "updated_at"),
    },
    jsonObject(row, "doc"),
  );
}

/**
 * A check made from its fields (a body the type's schema validated and filled, or a check's document
 * re-read) and what the service sets: the typed members are checked, never assumed — a field that is not
 * what a check holds is an error naming it, not a guessed default. Subscriptions are not part of the check
 * (they are stored on their own and added on read).
 */
export function checkOf(
  fields: Record<string, unknown>,
  set: { id: string; checkType: string; createdAt: string; updatedAt: string },
): CheckDef {
  const { alertChannelSubscriptions: _subs, ...rest } = fields;
  const wrong = (field: string, want: string) =>
    new CorruptRowError(`check document: "${field}" is not ${want}`);
  const bool = (field: string) => {
    const v = rest[field];
    if (typeof v !== "boolean") throw wrong(field, "true or false");
    return v;
  };
  const strings = (field: string) => {
    const v = rest[field];
    if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) throw wrong(field, "a list of strings");
    return v.filter((s): s is string => typeof s === "string");
  };
  const { name, frequency } = rest;
  if (typeof name !== "string") throw wrong("name", "text");
  if (typeof frequency !== "number") throw wrong("frequency", "a number");
  const c: Columns = {
    id: set.id,
    name,
    checkType: set.checkType,
    activated: bool("activated"),
    muted: bool("muted"),
    frequency,
    tags: strings("tags"),
    locations: strings("locations"),
    createdAt: set.createdAt,
    updatedAt: set.updatedAt,
  };
  return modelOf(c, { ...rest, ...docColumns(c) });
}

/** The columns as the document names them. */
const docColumns = (c: Columns) => ({
  id: c.id,
  name: c.name,
  checkType: c.checkType,
  activated: c.activated,
  muted: c.muted,
  frequency: c.frequency,
  tags: c.tags,
  locations: c.locations,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/**
 * The check's document as the table stores it and the API shows it (without its subscriptions): the
 * stored document with the columns over it — the columns are what the check is.
 */
export function checkDoc(check: CheckDef): Record<string, unknown> {
  // written out, not docColumns(check) spread: a page of the checks list makes one object per check
  return {
    ...check.doc,
    id: check.id,
    name: check.name,
    checkType: check.checkType,
    activated: check.activated,
    muted: check.muted,
    frequency: check.frequency,
    tags: check.tags,
    locations: check.locations,
    created_at: check.createdAt,
    updated_at: check.updatedAt,
  };
}
