/**
 * Conditional GETs (RFC 9110 §8.8.3, §13.1.2): a list whose answer the service can version cheaply gives
 * that version as its `ETag`, and a request whose `If-None-Match` names it is answered `304 Not Modified`
 * with no body — the client keeps what it holds. The tag is never a hash of a body built anyway: building
 * it is the cost saved. Only the alert channels list does so (its version: migration 010).
 */
import type { Context } from "hono";

/** Whether an If-None-Match header names `etag` (weak comparison, as the RFC asks for this header; `*` matches). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  const want = bare(etag);
  return header.split(",").some((t) => t.trim() === "*" || bare(t) === want);
}

/** The 304 for a request whose If-None-Match names `etag`, or undefined: the route answers in full. */
export function notModified(c: Context, etag: string): Response | undefined {
  if (!etagMatches(c.req.header("if-none-match"), etag)) return undefined;
  c.header("ETag", etag);
  c.header("Access-Control-Expose-Headers", "Content-Range, ETag");
  return c.body(null, 304);
}
