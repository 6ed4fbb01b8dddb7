/** Pane 2: the sessions the console triggered, followed live to completion (each by its own long-poll). */
import { visibleSessions } from "../../../store/pane-selectors.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { SessionsPane } from "./view.tsx";

export const sessions: PaneSpec = {
  id: "sessions",
  title: "Sessions",
  palette: "sessions",
  rows: listRows(visibleSessions, (t) => t.session.checkSessionId),
  detail: "session detail: per-location results",
  // nothing polled: every session is followed by its own long-poll (store/actions.ts)
  jobs: () => [],
  loadedAt: () => undefined,
  crumbs: (s) => {
    const id = s.ui.detail.sessions;
    return id ? [s.sessions.byId.get(id)?.session.name ?? id] : [];
  },
  bindings: [],
  view: SessionsPane,
};
