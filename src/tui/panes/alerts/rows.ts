/** The alert channels pane's rows after its `/` filter (memoised per view). */
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { viewMemo } from "../../../store/view/memo.ts";
import { filterByText } from "../../../store/view/text-filter.ts";

const channelsFiltered = viewMemo((items: readonly AlertChannel[], f: string) =>
  filterByText(items, f, (c) => `${c.id} ${c.type} ${JSON.stringify(c.config ?? {})}`),
);
export const alertChannelRows = (s: ConsoleState) =>
  channelsFiltered(s, s.alertChannels.items, s.ui.filter.alerts ?? "");
