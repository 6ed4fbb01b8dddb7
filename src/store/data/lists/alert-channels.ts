/**
 * Alert channels, 100 per request up to 1,000, with the server's total (the alerts pane, who was told).
 *
 * Read again every 30 s, mostly unchanged: each page is asked conditionally (api/alert-channels.ts
 * `listPage`), and a page the server says is unchanged is the same array as before. When every page of a
 * read is the very array that built the list held, and the total is the same, the read gives back the
 * held list itself: the slice's `loadedAt` advances (confirmed current now) while its items stay the
 * same array, so no selector over them computes again. Which pages built which list is kept beside it
 * (`builtFrom`, by the list's identity): a read that failed half-way, or a page that changed, builds anew.
 */

import { collectPages } from "../../../api/pagination.ts";
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import { defineList } from "./spec.ts";

type Built = { pages: readonly (readonly AlertChannel[])[]; total: number | undefined };

/** The pages (and total) each list this read gave was built from. */
const builtFrom = new WeakMap<readonly AlertChannel[], Built>();

/** Whether two reads' pages are the same arrays, in the same order, with the same total. */
function samePages(a: Built, b: Built): boolean {
  return (
    a.total === b.total && a.pages.length === b.pages.length && a.pages.every((p, i) => p === b.pages[i])
  );
}

export const alertChannels = defineList<AlertChannel>({
  async read(client, held) {
    let total: number | undefined;
    const pages: (readonly AlertChannel[])[] = [];
    const items = await collectPages(
      async (page, limit) => {
        const p = await client.alertChannels.listPage({ page, limit });
        total = p.total;
        pages[page - 1] = p.items;
        return p;
      },
      { limit: 100, maxItems: 1000 },
    );
    const built: Built = { pages, total };
    const before = builtFrom.get(held.items);
    if (before && samePages(before, built)) return { items: held.items, total };
    builtFrom.set(items, built);
    return { items, total };
  },
});
