/**
 * Building blocks shared by the resource schemas.
 *
 * Tolerance rules (design.md §1): objects keep unknown fields (`z.looseObject`), enums accept unknown
 * values as plain strings (`openEnum`) so a newer hosted service never crashes the console, while the
 * limits the seed fixes (name ≤ 255, services ≥ 1, limit 1–100, ...) are enforced strictly on inputs.
 */
import { z } from "zod";

/** An enum that also accepts (and passes through) values it does not know. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {})>;
}

/** A date as the seed types it (YYYY-MM-DD) or a full date-time, as the hosted service may send. */
export const dateOrDateTime = z.string();

/** Nullable and optional: hosted payloads omit or null fields freely. */
export const maybe = <T extends z.ZodType>(t: T) => t.nullish();

/*
 * Request side. Real clients (the hosted service's CLI and SDKs) read a resource and send it back, with
 * every member they know, `null` for the unset ones, read-only members (ids, dates, computed fields) and
 * members newer than this code. So request bodies are plain `z.object`s, which drop unknown members at
 * every level instead of refusing them, and an optional member given as `null` means "not given". The
 * limits the seed fixes stay strict.
 */

/** An optional request member: `null` or absent → `undefined`. */
export const opt = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => v ?? undefined);

/** An optional request member with a default: `null` or absent → `fallback`. */
export const optOr = <T extends z.ZodType>(t: T, fallback: z.output<T>) =>
  t.nullish().transform((v): z.output<T> => v ?? fallback);

/** Error body of every failed call (api-notes.md §1.2). */
export const errorBodySchema = z.looseObject({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  validation: z.object({ source: z.string(), keys: z.array(z.string()) }).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Cursor page `{length, entries, nextId}`. */
export function cursorPage<T extends z.ZodType>(entry: T) {
  return z.looseObject({
    length: z.number().int().optional(),
    entries: z.array(entry),
    nextId: z.string().nullish(),
  });
}

/** limit 1–100 as the seed fixes it. */
export const limitParam = z.number().int().min(1).max(100);
