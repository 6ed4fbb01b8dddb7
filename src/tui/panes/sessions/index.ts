/** Pane 2: the sessions the console triggered, followed live to completion (each by its own long-poll). */
import { apply, type ConsoleState } from "../../../store/state.ts";
import { setNotice } from "../../../store/view/ui.ts";
import { detailMoves } from "../detail-keys.ts";
import { openResults } from "../results/drill.ts";
import { listRows, type PaneSpec } from "../spec.ts";
import { visibleSessions } from "./rows.ts";
import { SessionsPane, sessionLocations } from "./view.tsx";

const openSession = (s: ConsoleState) => {
  const id = s.ui.detail.sessions;
  return id === undefined ? undefined : s.sessions.byId.get(id);
};

export const sessions: PaneSpec<"sessions"> = {
  id: "sessions",
  title: "Sessions",
  palette: "sessions",
  rows: listRows(visibleSessions, (t) => t.session.checkSessionId),
  detail: "session detail: per-location results",
  // nothing polled: every session is followed by its own long-poll (store/actions/actions.ts)
  jobs: () => [],
  loadedAt: () => undefined,
  crumbs: (s) => {
    const id = s.ui.detail.sessions;
    return id ? [s.sessions.byId.get(id)?.session.name ?? id] : [];
  },
  bindings: [
    detailMoves("sessions", "in the detail: choose a location", (s) => {
      const t = openSession(s);
      return t ? sessionLocations(t).length : 0;
    }),
    {
      action: "open-result",
      keys: ["enter"],
      help: "in the detail: the chosen location's result (its check's results behind it)",
      scope: "detail",
      run: ({ store }) => {
        const s = store.getState();
        const t = openSession(s);
        if (!t) return;
        const row = sessionLocations(t)[s.work.detailRow.sessions ?? 0];
        const resultId = row?.result?.checkResultId;
        if (resultId) apply(store, openResults(s, t.session.checkId, "sessions", resultId, Date.now()));
        else apply(store, setNotice(s, `no result yet from ${row?.location ?? "this location"}`));
      },
    },
  ],
  view: SessionsPane,
};
