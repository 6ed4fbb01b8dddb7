/**
 * A list the console reads whole at the lists' pace (a planner job each, `kit.list(key)`): one file per list
 * in this folder, one line in its registry (index.ts). From the registry come the list's slice in the shared
 * data (`DataState[key]`, a ListSlice of its items), its empty slice, its loader (`loaders[key]()`) and the key
 * the planner accepts — so a pane over a new resource adds its list here and its folder under src/tui/panes/.
 */
import type { Client } from "../../../api/client.ts";
import type { ListSlice } from "../types.ts";

/** What a list's read gives: the items, the server's total when it says, the cursor of the next page. */
export type ListRead<T> = { items: readonly T[]; total?: number | undefined; nextId?: string | undefined };

export type ListReadOptions = {
  /** Items per request along a cursor (status pages: 1–100, default 50). */
  pageSize?: number | undefined;
};

export type ListSpec<T> = {
  /** One read of the list: the held slice says how far a cursor list was already paged. */
  read(client: Client, held: ListSlice<T>, opts: ListReadOptions): Promise<ListRead<T>>;
};

/** Declares a list (the item type comes from the read). */
export const defineList = <T>(spec: ListSpec<T>): ListSpec<T> => spec;
