/**
 * Alert channels, 100 per request up to 1,000, with the server's total (the alerts pane, who was told).
 *
 * Read again every 30 s, mostly unchanged: each page is asked conditionally (api/alert-channels.ts
 * `listPage`), and a page the server says is unchanged is the same array as before. When every page of a
 * read is the very array that built the list held, and the total is the same, the read gives back the
 * held list itself: the slice's `loadedAt` advances (confirmed current now) while its items stay the
 * same array, so no selector over them computes again. Which pages built which list is kept beside it
 * (`builtFrom`, by the list's identity): a read that failed half-way, or a page that changed, builds anew.
 *
 * A page read again in full (after any change) keeps each subscription equal to the one held at its place
 * (the same index of the channel at the same place of the list) as that held object, as it is parsed: after
 * one subscription of 30,000 changed, the parsed copies die young instead of surviving V8's scavenges
 * beside the held ones they equal — each of those scavenges copied them, on the console's thread.
 */

import type { KeepSubscription } from "../../../api/alert-channels.ts";
import { collectPages } from "../../../api/pagination.ts";
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import { sameShallow } from "../summary.ts";
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

/** The held subscription at a subscription's place when equal to it (`from`: the page's first in `held`). */
function keepHeld(held: readonly AlertChannel[], from: number): KeepSubscription {
  return (sub, channelAt, index) => {
    const old = held[from + channelAt]?.subscriptions?.[index];
    return old != null && sameShallow(old, sub) ? old : sub;
  };
}

export const alertChannels = defineList<AlertChannel>({
  async read(client, held) {
    let total: number | undefined;
    const pages: (readonly AlertChannel[])[] = [];
    const items = await collectPages(
      async (page, limit) => {
        const keep = held.items.length > 0 ? keepHeld(held.items, (page - 1) * limit) : undefined;
        const p = await client.alertChannels.listPage({ page, limit }, { keep });
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
