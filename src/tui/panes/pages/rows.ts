/** The status pages pane's rows after its `/` filter (memoised per view), and the page it selects. */
import type { StatusPage } from "../../../contract/schemas/status-pages.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { cursorRowId } from "../../../store/view/cursor.ts";
import { viewMemo } from "../../../store/view/memo.ts";
import { filterByText } from "../../../store/view/text-filter.ts";

const pagesFiltered = viewMemo((items: readonly StatusPage[], f: string) =>
  filterByText(items, f, (p) => `${p.name} ${p.url} ${p.customDomain ?? ""}`),
);
export const statusPageRows = (s: ConsoleState) =>
  pagesFiltered(s, s.statusPages.items, s.ui.filter.pages ?? "");

/** The page `e` edits: the open detail, else the row under the cursor. */
export const selectedPage = (s: ConsoleState): string | undefined =>
  s.ui.detail.pages ?? cursorRowId(s, "pages", statusPageRows(s));
