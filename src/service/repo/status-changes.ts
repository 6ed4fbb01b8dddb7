/**
 * The statuses' change cursor, for `GET /v1/check-statuses?changedSince=<cursor>` (a vigil extension; the
 * hosted API has none and its clients never ask): the statuses changed since a cursor instead of all of
 * them — 20 statuses instead of 37 MB every 10 s at 100,000 checks.
 *
 * A cursor is `<era>.<rowid>`: the highest check_results rowid when the answer was made. Every result is
 * stored as a new row (nothing updates one in place), so the statuses that may have changed since a
 * cursor are those of the checks with a row after its rowid — a sequence SQLite hands out in the order
 * results are stored. A time would not do: a result's times are its runner's (an agent's clock, a run
 * that started before another and ended after it, a clock stepped back, two runs stored in one
 * millisecond), so a run stored after a time-cursor was handed out can carry a time before it and be
 * missed for good; a stored row's rowid cannot be smaller than one handed out before it.
 *
 * The era says the rowids still mean what they meant when the cursor was made: it changes when the
 * service restarts (a new database handle: rows may have been written meanwhile), when results are deleted (retention: a rowid can
 * be handed out again, a status can vanish), when a check is written (a status carries the check's name;
 * a deleted check's status goes) and when another connection committed anything (`PRAGMA data_version`:
 * unknown writes). A cursor of another era is unknown: the caller answers with the full list, and the
 * client starts again from that answer's cursor. What a delta does not carry: a status's longestRun and
 * shortestRun (over the 24 h before the answer) of a check that did not run since — they are as of the
 * answer that last carried it (the client reads the full list now and then).
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { checksWritten } from "./checks.ts";
import { num, numOrNull, text } from "./rows.ts";
import { prunesOf } from "./run-queries.ts";
import { cached } from "./statements.ts";

/** Each database handle's part of every era: a restarted service never takes an older one's cursor. */
const boots = new WeakMap<DatabaseSync, string>();
function bootOf(db: DatabaseSync): string {
  let boot = boots.get(db);
  if (boot === undefined) {
    boot = randomUUID().slice(0, 8);
    boots.set(db, boot);
  }
  return boot;
}

/** More changed checks than this are answered with the full list (one read of each is dearer by then). */
export const MAX_DELTA = 5000;

function era(db: DatabaseSync): string {
  const row = cached(db, "PRAGMA data_version").get();
  const version = row ? num(row, "data_version") : 0;
  return `${bootOf(db)}-${prunesOf(db)}-${checksWritten(db)}-${version}`;
}

function topRowid(db: DatabaseSync): number {
  const row = cached(db, "SELECT MAX(rowid) AS n FROM check_results").get();
  return (row ? numOrNull(row, "n") : null) ?? 0;
}

export type StatusChanges = {
  /** The cursor of this answer: the next request asks for what changed since it. */
  cursor: string;
  /** The checks whose status may have changed since the cursor asked with; undefined: answer them all. */
  ids: string[] | undefined;
};

/** The statuses changed since `since` (a cursor this service handed out), and the cursor from now on. */
export function statusChanges(db: DatabaseSync, since: string | undefined): StatusChanges {
  const now = era(db);
  const top = topRowid(db);
  const cursor = `${now}.${top}`;
  const dot = since?.lastIndexOf(".") ?? -1;
  if (since === undefined || dot < 0 || since.slice(0, dot) !== now) return { cursor, ids: undefined };
  // digits only: the cursor asked with is echoed in a header when it is answered
  const digits = since.slice(dot + 1);
  const from = /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(from <= top)) return { cursor, ids: undefined };
  const rows = cached(
    db,
    `SELECT DISTINCT check_id FROM check_results WHERE rowid > ? AND rowid <= ? LIMIT ${MAX_DELTA + 1}`,
  ).all(from, top);
  if (rows.length > MAX_DELTA) return { cursor, ids: undefined };
  return { cursor, ids: rows.map((r) => text(r, "check_id")) };
}
