/**
 * Slim copies of what the console keeps per check, status and result (bounded memory with 10,000 checks):
 * only the fields the lists, the sort, the filter and the status line use. The full check is read when its
 * detail opens (details.checks). Lists from a refresh are merged with structural sharing: an entry equal
 * to the one already held keeps the old object, and a list with no change keeps the old array and map, so
 * memoised selectors and memoised rows see the same identities and recompute / redraw nothing.
 */

import { type HeartbeatTiming, heartbeatGraceMs, heartbeatPeriodMs } from "../../shared/heartbeat-period.ts";
import { type ReasonInput, resultReason } from "../triage/reason.ts";

export type CheckSummary = {
  id: string;
  name: string;
  checkType: string;
  activated?: boolean | null | undefined;
  muted?: boolean | null | undefined;
  frequency?: number | null | undefined;
  locations?: string[] | null | undefined;
  privateLocations?: string[] | null | undefined;
  tags?: string[] | null | undefined;
  /** Response-time thresholds (ms): why a degraded run is degraded, said on the row. */
  degradedResponseTime?: number | null | undefined;
  maxResponseTime?: number | null | undefined;
  /**
   * A heartbeat check's period and grace in ms (when a ping was expected, how late it is), read from its
   * `heartbeat` configuration (numbers, so an unchanged check keeps its identity across refreshes).
   */
  heartbeatPeriodMs?: number | undefined;
  heartbeatGraceMs?: number | undefined;
};

export type StatusSummary = {
  checkId: string;
  hasFailures?: boolean | null | undefined;
  hasErrors?: boolean | null | undefined;
  isDegraded?: boolean | null | undefined;
  lastRunLocation?: string | null | undefined;
  updated_at?: string | null | undefined;
  /** The latest run could not be made where the service runs (e.g. no usable browser). */
  cannotRun?: boolean | null | undefined;
};

export type ResultSummary = {
  id: string;
  hasFailures?: boolean | null | undefined;
  hasErrors?: boolean | null | undefined;
  isDegraded?: boolean | null | undefined;
  responseTime?: number | null | undefined;
  runLocation?: string | null | undefined;
  startedAt?: string | null | undefined;
  stoppedAt?: string | null | undefined;
  created_at?: string | null | undefined;
  /** The run's error (a browser script's failing line: `line 4: …`), when it failed. */
  errorMessage?: string | null | undefined;
  /** The run could not be made where it was asked for (e.g. no usable browser). */
  isCancelled?: boolean | null | undefined;
  /** Where the service kept the screenshot of a failed browser run (`assets/…png`). */
  screenshot?: string | undefined;
  resultType?: string | null | undefined;
  attempts?: number | null | undefined;
  overMaxResponseTime?: boolean | null | undefined;
  /** Why the run failed or could not run, in one line (triage/reason.ts), read from the full result. */
  reason?: string | undefined;
};

const STATUS_KEYS = new Set([
  "checkId",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "lastRunLocation",
  "updated_at",
  "cannotRun",
]);
const RESULT_KEYS = new Set([
  "id",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "responseTime",
  "runLocation",
  "startedAt",
  "stoppedAt",
  "created_at",
  "errorMessage",
  "isCancelled",
  "resultType",
  "attempts",
  "overMaxResponseTime",
]);

/**
 * The listed keys of `src`; `src` itself when it has no other key (already slim: no copy, no garbage). Its
 * keys are walked with `for…in` (V8's cached keys of the object's shape), not `Object.keys` (a new array
 * each time: a full read of 10,000 statuses asked it ~20,000 times).
 */
function pick<T>(src: object, keys: ReadonlySet<string>): T {
  const from = src as Record<string, unknown>;
  let slim = true;
  for (const k in from) {
    if (Object.hasOwn(from, k) && !keys.has(k)) {
      slim = false;
      break;
    }
  }
  if (slim) return src as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(from)) if (keys.has(k) && from[k] !== undefined) out[k] = from[k];
  return out as T;
}

/**
 * The objects the console holds a check's and a status's summary in: a class whose constructor sets each
 * field present, so V8 lays the fields out inside the object (it sizes a class's instances by the fields
 * its constructor sets). The parser's objects, built a key at a time, keep every field past the fourth in a
 * second array: a check's summary was 144 B and a status's 96 B in a heap snapshot of 10,000 checks; these
 * are 88 and 72 (~6 MB at 100,000 checks). Plain data still: the same keys, none set to undefined.
 */
class CheckFields implements CheckSummary {
  declare id: string;
  declare name: string;
  declare checkType: string;
  declare activated?: boolean | null | undefined;
  declare muted?: boolean | null | undefined;
  declare frequency?: number | null | undefined;
  declare locations?: string[] | null | undefined;
  declare privateLocations?: string[] | null | undefined;
  declare tags?: string[] | null | undefined;
  declare degradedResponseTime?: number | null | undefined;
  declare maxResponseTime?: number | null | undefined;
  declare heartbeatPeriodMs?: number | undefined;
  declare heartbeatGraceMs?: number | undefined;

  constructor(c: CheckSummary, periodMs: number | undefined, graceMs: number | undefined) {
    this.id = c.id;
    this.name = c.name;
    this.checkType = typeof c.checkType === "string" ? c.checkType : String(c.checkType);
    if (c.activated !== undefined) this.activated = c.activated;
    if (c.muted !== undefined) this.muted = c.muted;
    if (c.frequency !== undefined) this.frequency = c.frequency;
    if (c.locations !== undefined) this.locations = c.locations;
    if (c.privateLocations !== undefined) this.privateLocations = c.privateLocations;
    if (c.tags !== undefined) this.tags = c.tags;
    if (c.degradedResponseTime !== undefined) this.degradedResponseTime = c.degradedResponseTime;
    if (c.maxResponseTime !== undefined) this.maxResponseTime = c.maxResponseTime;
    if (periodMs !== undefined) this.heartbeatPeriodMs = periodMs;
    if (graceMs !== undefined) this.heartbeatGraceMs = graceMs;
  }
}

class StatusFields implements StatusSummary {
  declare checkId: string;
  declare hasFailures?: boolean | null | undefined;
  declare hasErrors?: boolean | null | undefined;
  declare isDegraded?: boolean | null | undefined;
  declare lastRunLocation?: string | null | undefined;
  declare updated_at?: string | null | undefined;
  declare cannotRun?: boolean | null | undefined;

  constructor(s: StatusSummary) {
    this.checkId = s.checkId;
    if (s.hasFailures !== undefined) this.hasFailures = s.hasFailures;
    if (s.hasErrors !== undefined) this.hasErrors = s.hasErrors;
    if (s.isDegraded !== undefined) this.isDegraded = s.isDegraded;
    if (s.lastRunLocation !== undefined) this.lastRunLocation = s.lastRunLocation;
    if (s.updated_at !== undefined) this.updated_at = s.updated_at;
    if (s.cannotRun !== undefined) this.cannotRun = s.cannotRun;
  }
}

/** A check's summary (CheckFields): its listed fields, a heartbeat's period and grace in ms. */
export const toCheckSummary = (c: CheckSummary & { heartbeat?: HeartbeatTiming | null }): CheckSummary => {
  if (c instanceof CheckFields) return c;
  const hb = c.heartbeat;
  const period = hb ? heartbeatPeriodMs(hb) : undefined;
  const grace = hb ? heartbeatGraceMs(hb) : undefined;
  return new CheckFields(c, period ?? c.heartbeatPeriodMs, grace ?? c.heartbeatGraceMs);
};
/** A status's listed fields, the object itself when it has no other (to compare with a held one). */
export const toStatusSummary = (s: StatusSummary): StatusSummary => pick(s, STATUS_KEYS);
/** A status as the console holds it (StatusFields): its listed fields. */
export const heldStatus = (s: StatusSummary): StatusSummary =>
  s instanceof StatusFields ? s : new StatusFields(s);
/** The screenshot path of a browser-type result (`browserCheckResult.screenshot`, …), if any. */
function screenshotOf(r: object): string | undefined {
  const from = r as Record<string, { screenshot?: unknown } | undefined>;
  const shot = from.browserCheckResult?.screenshot ?? from.multiStepCheckResult?.screenshot;
  return typeof shot === "string" ? shot : undefined;
}

export const toResultSummary = (r: ResultSummary): ResultSummary => {
  const slim = pick<ResultSummary>(r, RESULT_KEYS);
  const screenshot = screenshotOf(r);
  // the reason is read from the full result (assertions, request error, script error), which is not kept
  const reason = resultReason(r as ReasonInput);
  return screenshot || reason
    ? { ...slim, ...(screenshot ? { screenshot } : {}), ...(reason ? { reason } : {}) }
    : slim;
};

/**
 * Equal plain values: primitives by identity, arrays element by element (one level), as many own keys.
 * Without a new array of keys per object (`for…in` walks V8's cached keys of its shape): a refresh compares
 * every check and status it reads with the held one, 20,000 objects at 10,000 checks.
 */
export function sameShallow(a: object, b: object): boolean {
  if (a === b) return true;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let na = 0;
  for (const k in ra) {
    if (!Object.hasOwn(ra, k)) continue;
    na++;
    const x = ra[k];
    const y = rb[k];
    if (Object.is(x, y)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  }
  let nb = 0;
  for (const k in rb) if (Object.hasOwn(rb, k)) nb++;
  return na === nb;
}

/**
 * A list's entries by key, read through where each one is in the list: the one map (key → position) is
 * both the list's `byId` and the answer to where an entry is (`positionsOf`). The checks list's `/` filter
 * index and the rows ask the latter; they held a second map of every check for it (~37 B a check, 3.7 MB at
 * 100,000). As a Map built by setting each entry in the list's order: a key listed twice is at its first
 * place in the iteration and has its last entry (and position).
 */
export class ListById<T> implements ReadonlyMap<string, T> {
  readonly #items: readonly T[];
  readonly #at: ReadonlyMap<string, number>;

  constructor(items: readonly T[], at: ReadonlyMap<string, number>) {
    this.#items = items;
    this.#at = at;
  }

  get size(): number {
    return this.#at.size;
  }

  get(key: string): T | undefined {
    const i = this.#at.get(key);
    return i === undefined ? undefined : this.#items[i];
  }

  has(key: string): boolean {
    return this.#at.has(key);
  }

  *entries(): MapIterator<[string, T]> {
    for (const [k, i] of this.#at) yield [k, this.#items[i] as T];
  }

  *keys(): MapIterator<string> {
    yield* this.#at.keys();
  }

  *values(): MapIterator<T> {
    for (const i of this.#at.values()) yield this.#items[i] as T;
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(fn: (value: T, key: string, map: ReadonlyMap<string, T>) => void, thisArg?: unknown): void {
    for (const [k, i] of this.#at) fn.call(thisArg, this.#items[i] as T, k, this);
  }
}

/** Where each entry of a list shareList made is, by key (the last place of a key listed twice). */
const positions = new WeakMap<readonly unknown[], ReadonlyMap<string, number>>();
/** The positions of a list shareList returned (its `byId`'s map), undefined for any other array. */
export const positionsOf = (items: readonly unknown[]): ReadonlyMap<string, number> | undefined =>
  positions.get(items);

/**
 * The held entry of `n`'s key when equal to it (sameShallow), else `n`: what a refresh keeps of each entry
 * as it is parsed (the checks list's and the statuses' reads, every 5 minutes), so the parsed copies of
 * unchanged entries die young instead of living to the read's end beside the held ones they equal.
 */
export function heldOr<T extends object>(n: T, held: ReadonlyMap<string, T>, key: (t: T) => string): T {
  const old = held.get(key(n));
  return old !== undefined && old !== n && sameShallow(old, n) ? old : n;
}

/**
 * Merge a fresh list into the one held: every entry equal to the held one (same key) keeps the held
 * object; when nothing changed at all (same keys in the same order, all equal) the held list and map are
 * returned as they are. The map is a ListById (one map of positions: `positionsOf` the items tells where
 * each entry is). `replaced`: the keys whose entry is new or not the held one (a status poll tells
 * the views which rows to move, view/check-rows.ts); `kept`: how many held entries were kept.
 */
export function shareList<T extends object>(
  prev: readonly T[],
  prevById: ReadonlyMap<string, T>,
  next: readonly T[],
  key: (t: T) => string,
): { items: readonly T[]; byId: ReadonlyMap<string, T>; changed: boolean; replaced: string[]; kept: number } {
  let changed = next.length !== prev.length;
  const items: T[] = new Array(next.length);
  const replaced: string[] = [];
  let kept = 0;
  for (let i = 0; i < next.length; i++) {
    const n = next[i] as T;
    const k = key(n);
    const old = prevById.get(k);
    const keep = old !== undefined && sameShallow(old, n) ? old : n;
    items[i] = keep;
    if (keep === old) kept++;
    else replaced.push(k);
    if (!changed && prev[i] !== keep) changed = true;
  }
  if (!changed) return { items: prev, byId: prevById, changed, replaced, kept };
  // one entry after another (not a [key, entry] pair each: 100,000 of them at the first read)
  const at = new Map<string, number>();
  for (let i = 0; i < items.length; i++) at.set(key(items[i] as T), i);
  positions.set(items, at);
  return { items, byId: new ListById(items, at), changed, replaced, kept };
}
