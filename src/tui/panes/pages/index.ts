/** Pane 7: status pages, read page by page along the cursor; the detail shows cards → services → checks. */

import type { Job } from "../../../store/sync/poller.ts";
import { detailReadAt } from "../../../store/view/work.ts";
import { detailMoves } from "../detail-keys.ts";
import { cursorRow, listRows, type PaneSpec } from "../spec.ts";
import { selectedPage, statusPageRows } from "./rows.ts";
import { StatusPagesPane } from "./view.tsx";

export const pages: PaneSpec<"pages"> = {
  id: "pages",
  title: "Status pages",
  palette: "pages",
  rows: listRows(statusPageRows, (p) => p.id),
  selects: { page: selectedPage },
  detail: "status page detail: theme colours, cards → services → checks",
  jobs(s, k) {
    const jobs: Job[] = [k.list("statusPages")];
    const id = s.ui.detail.pages;
    // the cursor on the last row and more behind the cursor: read the next page
    const next = s.statusPages.nextId;
    if (!id && next && cursorRow(s, pages) >= statusPageRows(s).length - 1)
      jobs.push({
        key: `pages-more:${next}`,
        intervalMs: Number.POSITIVE_INFINITY,
        run: () => k.loaders.moreStatusPages(),
      });
    if (id)
      jobs.push(
        k.one(`page:${id}`, () => k.loaders.statusPage(id)),
        k.checks,
        k.statuses,
      );
    return jobs;
  },
  // a detail shown is as old as its own read (a post re-reads it), the list as the list
  loadedAt: (s) => {
    const id = s.ui.detail.pages;
    return (id === undefined ? undefined : detailReadAt(s, "pages", id)) ?? s.statusPages.loadedAt;
  },
  crumbs: (s) => {
    const id = s.ui.detail.pages;
    return id ? [s.statusPages.items.find((p) => p.id === id)?.name ?? id] : [];
  },
  bindings: [
    detailMoves("pages", "in the detail: scroll"),
    {
      action: "edit-page",
      keys: ["e"],
      help: "edit name, URL, domain, theme; move services between cards (one PUT)",
      mutating: true,
      what: "editing status pages",
      run: ({ actions }) => actions.openPageEdit(),
    },
  ],
  view: StatusPagesPane,
};
