/**
 * Status pages along the `nextId` cursor, `pageSize` per request: the first page, and on a refresh as many
 * pages as were already shown (so paging down is not undone). The next page on demand is
 * `loaders.moreStatusPages` (the cursor reached the last row).
 */
import type { StatusPage } from "../../../contract/schemas/status-pages.ts";
import { defineList } from "./spec.ts";

export const statusPages = defineList<StatusPage>({
  async read(client, held, opts) {
    const size = opts.pageSize ?? 50;
    const want = Math.max(size, held.items.length);
    const items: StatusPage[] = [];
    let next: string | undefined;
    do {
      const page = await client.statusPages.list({ limit: size, nextId: next });
      items.push(...page.entries);
      next = page.nextId ?? undefined;
    } while (next && items.length < want);
    return { items, nextId: next };
  },
});
