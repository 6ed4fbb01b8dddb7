/**
 * Client-side validation of caller input: parse with the same zod schema the embedded service uses and
 * turn a failure into a UsageError (exit code 2) before anything is sent.
 */
import type { z } from "zod";
import { issueMessage } from "../contract/schemas/rules.ts";
import { UsageError } from "./errors.ts";

/**
 * One line: every issue as the service's validator sentence (`"name" is not allowed to be empty`, the one
 * wording of schemas/rules.ts), joined with "; ". `data` is the value parsed (for "is required").
 */
export function describeIssues(error: z.ZodError, data?: unknown): string {
  return error.issues.map((i) => issueMessage(i, data)).join("; ");
}

/** Parse `value` with `schema` or throw UsageError(`<what>: <issues>`). */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`${what}: ${describeIssues(r.error, value)}`);
  return r.data;
}

/** A path segment: non-empty, URL-encoded. */
export function pathId(id: string | number, what: string): string {
  const s = String(id);
  if (s.trim() === "") throw new UsageError(`${what}: must not be empty`);
  return encodeURIComponent(s);
}
