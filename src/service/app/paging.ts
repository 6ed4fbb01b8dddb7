/**
 * Totals on the lists paged by `limit`/`page` (checks, alert channels, v1 check results, check alerts,
 * alert notifications): the body stays the hosted bare array, and a `Content-Range: <first>-<last>/<total>`
 * header (0-based item indexes; a page past the end has `*` in place of `first-last`) tells a client how
 * many there are, so it can say "page 2 of 5" and stop without a trailing empty request. The hosted
 * description names no header for this; `Content-Range` is the standard one (RFC 9110 §14.4).
 */
import type { Context } from "hono";

export function contentRange(offset: number, count: number, total: number): string {
  return count === 0 ? `*/${total}` : `${offset}-${offset + count - 1}/${total}`;
}

/** The page as JSON with its `Content-Range` (and any other headers a browser's script may read). */
export function pagedJson<T>(
  c: Context,
  items: T[],
  offset: number,
  total: number,
  headers: Record<string, string> = {},
): Response {
  c.header("Content-Range", contentRange(offset, items.length, total));
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header("Access-Control-Expose-Headers", ["Content-Range", ...Object.keys(headers)].join(", "));
  return c.json(items);
}
