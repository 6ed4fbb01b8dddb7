/**
 * Request validation for the embedded service's routes. Bodies and queries are checked with zod schemas
 * (the contract's request schemas from src/contract/schemas/ where they exist) and a failure becomes the hosted
 * 400 body: a validator-style sentence naming the field in quotes plus `validation: {source, keys}`.
 *
 * Query convention: `parseQuery` hands the schema a plain object where a key given once is a string and a
 * key given several times is a string[]; a trailing `[]` on a key is dropped (`metrics[]=a` → `metrics`).
 * Query schemas therefore convert (see `q` below), strictly: only plain decimal numbers are numbers.
 */
import type { Context } from "hono";
import { z } from "zod";
import { queryInt } from "../../contract/schemas/query-params.ts";
import { issueMessage } from "../../contract/schemas/rules.ts";
import { ServiceError, type ValidationInfo } from "../errors.ts";

type Issue = z.core.$ZodIssue;

/**
 * One zod issue as a validator sentence (`"name" length must be less than or equal to 255 characters long`):
 * the one wording of src/contract/schemas/rules.ts, which the client and the console's forms use too.
 */
export { issueMessage };

function issueKeys(issue: Issue): string[] {
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((k) => [...issue.path, k].map(String).join("."));
  return [issue.path.map(String).join(".")];
}

/** A zod failure as the hosted 400 ServiceError. */
export function zodToServiceError(
  error: z.ZodError,
  data: unknown,
  source: ValidationInfo["source"],
): ServiceError {
  const issue = error.issues[0];
  if (!issue) return new ServiceError(400, "Invalid request", { validation: { source, keys: [] } });
  return new ServiceError(400, issueMessage(issue, data), { validation: { source, keys: issueKeys(issue) } });
}

export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  source: ValidationInfo["source"],
): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw zodToServiceError(r.error, data, source);
  return r.data;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads the JSON body and validates it. A non-empty body must say it is JSON (`Content-Type:
 * application/json` or `…+json`; 415 otherwise), be valid UTF-8 (400: nothing is stored lossily) and
 * parse (400). An empty body is validated as null.
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let data: unknown = null;
  if (bytes.length > 0) {
    if (!JSON_TYPE.test(c.req.header("content-type") ?? ""))
      throw new ServiceError(
        415,
        "Unsupported Media Type: the body must be JSON (Content-Type: application/json)",
      );
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new ServiceError(400, "Invalid request payload: not valid UTF-8");
    }
    if (text.trim() !== "") {
      try {
        data = JSON.parse(text);
      } catch {
        throw new ServiceError(400, "Invalid request payload JSON format");
      }
    }
  }
  return validate(schema, data, "payload");
}

/** The query string as `{key: string | string[]}` (see the module comment). */
export function rawQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const url = new URL(c.req.url);
  for (const [k0, v] of url.searchParams) {
    const k = k0.endsWith("[]") ? k0.slice(0, -2) : k0;
    const prev = out[k];
    if (prev === undefined) out[k] = v;
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, rawQuery(c), "query");
}

/** Coercing building blocks for query schemas (query values arrive as strings). */
export const q = {
  int: (min: number, max?: number) => queryInt(min, max),
  bool: () =>
    z
      .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
      .transform((v) => v === true || v === "true" || v === "1"),
  /** A single value; when repeated, the last one wins. */
  one: <T extends z.ZodType>(item: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), item),
};
