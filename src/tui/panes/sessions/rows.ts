/** The sessions pane's rows: the sessions followed, newest first, after its `/` filter (check name or status). */
import type { TrackedSession } from "../../../store/data/types.ts";
import type { ConsoleState } from "../../../store/state.ts";
import { memo, viewMemo } from "../../../store/view/memo.ts";

export const sessionList = memo(
  (order: readonly string[], byId: ReadonlyMap<string, TrackedSession>): TrackedSession[] =>
    order.map((id) => byId.get(id)).filter((t): t is TrackedSession => t !== undefined),
);

const filteredSessions = viewMemo((list: TrackedSession[], filter: string) => {
  const f = filter.toLowerCase();
  if (!f) return list;
  return list.filter(
    (t) => (t.session.name ?? "").toLowerCase().includes(f) || t.session.status.toLowerCase().includes(f),
  );
});
export function visibleSessions(s: ConsoleState): TrackedSession[] {
  return filteredSessions(s, sessionList(s.sessions.order, s.sessions.byId), s.ui.filter.sessions ?? "");
}
