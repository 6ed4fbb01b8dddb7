/**
 * The panes as the store's actions see them (store/actions/targets.ts `PaneHooks`): what the shown pane
 * selects — its spec's `selects` — and where the actions show what they started. The console and
 * `vigil share` give it to their runtime (src/store/runtime.ts), so the store never names a pane.
 */
import type { PaneHooks } from "../../store/actions/targets.ts";
import type { RuntimePanes } from "../../store/runtime.ts";
import { apply } from "../../store/state.ts";
import { openDetail, setCursor, setPane } from "../../store/view/ui.ts";
import { resetDetailRow } from "../../store/view/work.ts";
import { incidents } from "./incidents/index.ts";
import { paneJobs, paneSpec } from "./lookup.ts";
import { sessions } from "./sessions/index.ts";
import { visibleSessions } from "./sessions/rows.ts";
import type { PaneSpec } from "./spec.ts";

const NOTHING = {};

export const PANE_HOOKS: PaneHooks = {
  selects: (s) => paneSpec(s.ui.pane).selects ?? NOTHING,
  showSessions(store) {
    apply(store, setPane(store.getState(), sessions.id));
    const newest = visibleSessions(store.getState())[0]?.session.checkSessionId;
    apply(store, setCursor(store.getState(), sessions.id, 0, newest));
  },
  showIncident(store, id) {
    apply(store, setPane(store.getState(), incidents.id));
    apply(store, openDetail(store.getState(), incidents.id, id));
    apply(store, resetDetailRow(store.getState(), incidents.id));
  },
};

/** The panes as the runtime needs them (src/store/runtime.ts): the registry's jobs, selections, `start`. */
export const runtimePanes = (start: PaneSpec): RuntimePanes => ({
  jobs: paneJobs,
  hooks: PANE_HOOKS,
  start: start.id,
});
