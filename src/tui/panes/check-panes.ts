/** The panes that show one check at a time (analytics, heartbeats): which check each shows. */
import type { ConsoleState } from "../../store/state.ts";
import type { CheckRow } from "../../store/view/selectors.ts";
import { analyticsCheck } from "./analytics/rows.ts";
import { heartbeatCheck } from "./heartbeats/rows.ts";

/** The check a per-check pane (analytics, heartbeats) shows: the selected one if it fits, else the first. */
export function paneCheck(s: ConsoleState, pane: "analytics" | "heartbeats"): CheckRow | undefined {
  return pane === "analytics" ? analyticsCheck(s) : heartbeatCheck(s);
}
