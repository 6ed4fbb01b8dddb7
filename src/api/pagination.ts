/**
 * Pagination helpers for the two styles of the API (api-notes.md §1.4):
 * - page/limit: the body is a bare array; a short or empty page ends the list;
 * - cursor: `{length, entries, nextId}`; a null/absent `nextId` ends the list.
 */

export type Cursor<T> = { length?: number | undefined; entries: T[]; nextId?: string | null | undefined };

/** Fetch every page of a page/limit list (bare arrays). `maxItems` bounds memory for huge accounts. */
export async function collectPages<T>(
  fetchPage: (page: number, limit: number) => Promise<T[]>,
  opts: { limit?: number; maxItems?: number } = {},
): Promise<T[]> {
  const limit = opts.limit ?? 100;
  const max = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const out: T[] = [];
  for (let page = 1; out.length < max; page++) {
    const items = await fetchPage(page, limit);
    out.push(...items);
    if (items.length < limit) break;
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
