/**
 * Pagination helpers for the two styles of the API (api-notes.md §1.4):
 * - page/limit: the body is a bare array. When the server sends `Content-Range: <first>-<last>/<total>`
 *   (the embedded service does; src/service/app/paging.ts) the total is known and the list ends at it;
 *   otherwise a short or empty page ends the list;
 * - cursor: `{length, entries, nextId}`; a null/absent `nextId` ends the list.
 */

export type Cursor<T> = { length?: number | undefined; entries: T[]; nextId?: string | null | undefined };

/**
 * One page of a page/limit list, with the list's total when the server says it, and the largest page it
 * offers when that is more than the hosted 100 (vigil's wide pages of the checks list, CHECKS_PAGE_MAX_HEADER).
 */
export type Page<T> = { items: T[]; total: number | undefined; pageMax?: number | undefined };

/** A page to ask for: its number, its size, and how many of its first items are already held. */
export type PagePlan = { page: number; limit: number; skip: number };

/**
 * The pages after the first of a list whose total is known: the first page of `limit` brought `got` items;
 * every item up to `min(total, max)` is asked for once. With `pageMax` (the service offered wider pages)
 * the rest comes in pages of that size — numbered in that size, so the first wide page starts at item 0
 * again and the items held already are skipped (`skip`).
 */
export function planPages(o: {
  limit: number;
  got: number;
  total: number;
  max: number;
  pageMax?: number | undefined;
}): PagePlan[] {
  const want = Math.min(o.total, o.max);
  if (o.got >= want) return [];
  const size = Math.max(o.limit, Math.floor(o.pageMax ?? o.limit));
  const plans: PagePlan[] = [];
  for (let page = Math.floor(o.got / size) + 1; (page - 1) * size < want; page++)
    plans.push({ page, limit: size, skip: Math.max(0, o.got - (page - 1) * size) });
  return plans;
}

/** The total of `Content-Range: 0-9/57` (or of a star range); undefined when absent or unreadable. */
export function totalOf(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  const m = v ? /^\s*(?:items\s+)?(?:\d+-\d+|\*)\/(\d+)\s*$/.exec(v) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * Fetch every page of a page/limit list. Stops at the server's total when it gives one, else at a short
 * page. `maxItems` bounds memory for huge accounts; `onPage` reports progress (loaded so far, total) and
 * offers the items read so far in their order (`prefix()`: the pages up to the first one still out; built
 * only when called, so a caller that shows a partial list decides how often it pays for one).
 */
export async function collectPages<T>(
  fetchPage: (page: number, limit: number) => Promise<T[] | Page<T>>,
  opts: {
    limit?: number;
    maxItems?: number;
    onPage?: (loaded: number, total: number | undefined, prefix: () => T[]) => void;
    /**
     * Pages asked for at once once the first page told the total (Content-Range); 1 = one after another.
     * The pages are kept in their order whatever order they come back in. Without a total, one at a time.
     * Only with a total are the service's wider pages used (`Page.pageMax`, planPages) — one at a time
     * too when `concurrency` is 1.
     */
    concurrency?: number;
  } = {},
): Promise<T[]> {
  const limit = opts.limit ?? 100;
  const max = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const split = (got: T[] | Page<T>): Page<T> =>
    Array.isArray(got) ? { items: got, total: undefined } : got;
  const first = split(await fetchPage(1, limit));
  const out: T[] = [...first.items];
  opts.onPage?.(Math.min(out.length, max), first.total, () => out.slice(0, max));
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  if (first.items.length < limit || out.length >= max) return out.slice(0, max);
  if (first.total !== undefined && limit >= first.total) return out.slice(0, max);
  if (first.total !== undefined && (concurrency > 1 || first.pageMax !== undefined)) {
    const plan = planPages({ limit, got: out.length, total: first.total, max, pageMax: first.pageMax });
    const pages: T[][] = [];
    let next = 0;
    let loaded = out.length;
    const prefix = () => {
      const got = [...out];
      for (const items of pages) {
        if (items === undefined) break;
        got.push(...items);
      }
      return got.slice(0, max);
    };
    const worker = async () => {
      while (next < plan.length) {
        const i = next++;
        const p = plan[i];
        if (!p) break;
        const { items } = split(await fetchPage(p.page, p.limit));
        const kept = p.skip > 0 ? items.slice(p.skip) : items;
        pages[i] = kept;
        loaded += kept.length;
        opts.onPage?.(Math.min(loaded, max), first.total, prefix);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, plan.length) }, worker));
    for (const items of pages) out.push(...(items ?? []));
    return out.slice(0, max);
  }
  for (let page = 2; out.length < max; page++) {
    const { items, total } = split(await fetchPage(page, limit));
    out.push(...items);
    opts.onPage?.(Math.min(out.length, max), total, () => out.slice(0, max));
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
