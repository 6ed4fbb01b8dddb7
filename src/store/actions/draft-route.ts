/**
 * Where an update typed with no incident goes. `u` pressed while no incident was open (or before the
 * incidents were read) opens the update form without a target; what is typed is kept as a draft like any
 * other. When it is sent (Enter, or reopened later from `:drafts`) it is routed — pure:
 *
 * - it already names its incident → as it is;
 * - one incident is open now → to that one (the confirmation that follows names it);
 * - several are open → the engineer picks one (newest first);
 * - none is open → nothing is sent, the draft stays (the form says how to open one).
 *
 * The target is written into the draft before anything leaves, so the never-send-twice record (`sent`,
 * src/store/forms/send.ts) always belongs to the incident the update went to: a draft that carries `sent` is
 * never routed again.
 */

import type { Incident } from "../../contract/schemas/incidents.ts";
import type { FormState } from "../forms/types.ts";

export type UpdateRoute =
  | { kind: "as-is" }
  | { kind: "to"; incident: Incident }
  | { kind: "ask"; incidents: readonly Incident[] }
  | { kind: "none"; message: string };

export const NO_OPEN_INCIDENT =
  "no open incident yet — the draft is kept: open one (n, or i on a failing check), then Enter here sends it there";

/** Whether an update form still needs its incident. */
export const needsIncident = (f: Pick<FormState, "kind" | "target">): boolean =>
  f.kind === "update" && !f.target.incidentId;

/** Where the update form `f` goes, given the incidents open now (newest first). */
export function routeUpdate(f: Pick<FormState, "kind" | "target">, open: readonly Incident[]): UpdateRoute {
  if (!needsIncident(f)) return { kind: "as-is" };
  if (open.length === 0) return { kind: "none", message: NO_OPEN_INCIDENT };
  if (open.length === 1) return { kind: "to", incident: open[0]! };
  return { kind: "ask", incidents: open };
}

/** The form sent to `inc`: its target and title (the values typed stay as they are). */
export function routedTo(f: FormState, inc: Pick<Incident, "id" | "name">): FormState {
  return {
    ...f,
    target: { ...f.target, incidentId: inc.id, label: inc.name },
    title: `Update: ${inc.name}`,
    note: undefined,
  };
}
