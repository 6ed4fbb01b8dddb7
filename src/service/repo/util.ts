/**
 * Shared helpers for the data-access modules: id generation, date formatting per the seed's conventions,
 * JSON column parsing, and the cursor used by `{length, entries, nextId}` lists.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { errorMessage } from "../../shared/errors.ts";

/** UUID v4 (checks, private locations, keys). */
export const uuid = (): string => randomUUID();

/** Opaque string id (status pages, cards, services, incidents, incident updates). */
export const opaqueId = (): string => randomBytes(12).toString("base64url");

/** Stored timestamps are full ISO strings with ms; this is what `now` becomes in a row. */
export const isoMs = (ms: number): string => new Date(ms).toISOString();

/** `YYYY-MM-DD` (status pages, cards, services, incidents, updates, private locations). */
export function dateOnly(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return iso.slice(0, 10);
}

/** ISO 8601 with second precision and Z (alert channels). */
export function isoSeconds(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** ISO 8601 with milliseconds, UTC (publicIncidentUpdateDate). */
export function isoMillis(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString();
}

/**
 * A stored JSON column that does not parse: the database was damaged or written by something else. Never
 * read as empty (that would show, and then save, a check or channel without its configuration): the
 * request answers 500 naming the database (app.ts), the engine skips the row and logs it.
 */
export class CorruptRowError extends Error {
  override name = "CorruptRowError";
}

/** A JSON column; `fallback` only for a NULL or empty column. */
export function parseJson(text: string | null | undefined, fallback: unknown): unknown {
  if (text === null || text === undefined || text === "") return fallback;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CorruptRowError(`a stored JSON value is not readable (${errorMessage(e)})`);
  }
}

export const bool = (v: unknown): boolean => v === 1 || v === 1n || v === true;

/** A row from node:sqlite: column name → value. */
export type Row = Record<string, unknown>;

export const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Cursor paging over an ordered list of rows: `nextId` is the id of the first entry of the next page, so a
 * row inserted or deleted between calls never makes the reader skip or repeat an entry it has not seen.
 */
export function cursorSlice<T extends { id: string }>(
  all: T[],
  limit: number,
  nextId: string | undefined,
): { entries: T[]; nextId: string | null } | null {
  let start = 0;
  if (nextId) {
    start = all.findIndex((e) => e.id === nextId);
    if (start < 0) return null;
  }
  const entries = all.slice(start, start + limit);
  const next = all[start + limit];
  return { entries, nextId: next ? next.id : null };
}
