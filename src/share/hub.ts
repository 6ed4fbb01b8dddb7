/**
 * The shared data of `vigil share`: the console's runtime (src/store/runtime.ts) — ONE store of
 * resources, one poller, one set of loaders and one activity meter for every viewer — with a view per
 * viewer for what is that viewer's (pane, cursor, filter, marks, overlay, forms). A viewer lands where the
 * console does: the first pane (the overview). Twenty viewers on the checks pane cost the requests of one,
 * and nothing is polled while nobody watches.
 */
import type { Client } from "../api/client.ts";
import { createRuntime, type Runtime, type SharedData } from "../store/runtime.ts";
import { startPaneSpec } from "../tui/panes/lookup.ts";
import { runtimePanes } from "../tui/panes/selects.ts";

export type Hub = Runtime;

/** `data` is the shared store and the activity meter the read-only client reports to. */
export function createHub(client: Client, data: SharedData): Hub {
  const start = startPaneSpec(undefined);
  if (!start) throw new Error("the pane registry is empty");
  return createRuntime({ client, data, panes: runtimePanes(start) });
}
