/**
 * Pagination helpers for the two styles of the API (api-notes.md §1.4):
 * - page/limit: the body is a bare array. When the server sends `Content-Range: <first>-<last>/<total>`
 *   (the embedded service does; src/service/app/paging.ts) the total is known and the list ends at it;
 *   otherwise a short or empty page ends the list;
 * - cursor: `{length, entries, nextId}`; a null/absent `nextId` ends the list.
 */

export type Cursor<T> = { length?: number | undefined; entries: T[]; nextId?: string | null | undefined };

/** One page of a page/limit list, with the list's total when the server says it. */
export type Page<T> = { items: T[]; total: number | undefined };

/** The total of `Content-Range: 0-9/57` (or of a star range); undefined when absent or unreadable. */
export function totalOf(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  const m = v ? /^\s*(?:items\s+)?(?:\d+-\d+|\*)\/(\d+)\s*$/.exec(v) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * Fetch every page of a page/limit list. Stops at the server's total when it gives one, else at a short
 * page. `maxItems` bounds memory for huge accounts; `onPage` reports progress (loaded so far, total).
 */
export async function collectPages<T>(
  fetchPage: (page: number, limit: number) => Promise<T[] | Page<T>>,
  opts: {
    limit?: number;
    maxItems?: number;
    onPage?: (loaded: number, total: number | undefined) => void;
  } = {},
): Promise<T[]> {
  const limit = opts.limit ?? 100;
  const max = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const out: T[] = [];
  for (let page = 1; out.length < max; page++) {
    const got = await fetchPage(page, limit);
    const { items, total } = Array.isArray(got) ? { items: got, total: undefined } : got;
    out.push(...items);
    opts.onPage?.(Math.min(out.length, max), total);
    if (items.length < limit) break;
    if (total !== undefined && page * limit >= total) break;
  }
  return out.slice(0, max);
}

/** Fetch every page of a cursor list. Stops on a null/empty nextId or a repeated cursor. */
export async function collectCursor<T>(
  fetchPage: (nextId: string | undefined) => Promise<Cursor<T>>,
  opts: { maxItems?: number } = {},
): Promise<T[]> {
  const max = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const out: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  while (out.length < max) {
    const page = await fetchPage(cursor);
    out.push(...page.entries);
    const next = page.nextId ?? undefined;
    if (!next || seen.has(next) || page.entries.length === 0) break;
    seen.add(next);
    cursor = next;
  }
  return out.slice(0, max);
}
