/** The private locations pane's rows after its `/` filter (memoised per view). */
import type { PrivateLocation } from "../../../contract/schemas/private-locations.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { viewMemo } from "../../../store/view/memo.ts";
import { filterByText } from "../../../store/view/text-filter.ts";

const locationsFiltered = viewMemo((items: readonly PrivateLocation[], f: string) =>
  filterByText(items, f, (l) => `${l.name} ${l.slugName}`),
);
export const privateLocationRows = (s: ConsoleState) =>
  locationsFiltered(s, s.privateLocations.items, s.ui.filter.locations ?? "");
