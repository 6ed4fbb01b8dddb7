/**
 * Reading parsed JSON (a stored document, a run's detail, a setting) without casting it: an object is a
 * plain `{…}` (not a list, not null), and a member is taken only when it is what the caller asks for.
 */
import type { z } from "zod";
import { errorMessage } from "./errors.ts";

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The object member `key` of `o`, when it is an object. */
export const objectIn = (o: Record<string, unknown>, key: string): Record<string, unknown> | undefined => {
  const v = o[key];
  return isObject(v) ? v : undefined;
};

/** The member `key` of `o`, when it is a string. */
export const stringIn = (o: Record<string, unknown>, key: string): string | undefined => {
  const v = o[key];
  return typeof v === "string" ? v : undefined;
};

/** A JSON text that is not JSON, or not the shape asked for: its message is one line naming the field. */
export class JsonShapeError extends Error {
  override name = "JsonShapeError";
}

/**
 * A JSON text read as `schema` says (a file or a line another process wrote): a text that is not JSON, or
 * a value of another shape, is a JsonShapeError `<what>: <field> <problem>`, never a value cast.
 */
export function parseJsonAs<S extends z.ZodType>(text: string, schema: S, what: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new JsonShapeError(`${what} is not JSON (${errorMessage(e)})`);
  }
  return parseAs(json, schema, what);
}

/** A parsed JSON value read as `schema` says; another shape is a JsonShapeError `<what>: <field> <problem>`. */
export function parseAs<S extends z.ZodType>(json: unknown, schema: S, what: string): z.output<S> {
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = (issue?.path ?? []).map(String).join(".");
  throw new JsonShapeError(
    `${what}: ${field ? `"${field}" ` : ""}${issue?.message ?? "is not what was expected"}`,
  );
}
