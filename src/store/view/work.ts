/** Reducers of the work slice (forms, one-time secrets, reveal, preview type, detail rows) and single reads. */

import type { Check } from "../../contract/schemas/checks.ts";
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../contract/schemas/private-locations.ts";
import type { StatusPage } from "../../contract/schemas/status-pages.ts";
import { putCapped } from "../data/slices.ts";
import type { DetailsSlice } from "../data/types.ts";
import type { FormState } from "../forms/types.ts";
import type { ConsoleState } from "../state.ts";
import type { Pane, WorkSlice } from "./types.ts";

type Patch = Partial<ConsoleState>;

/** Single reads kept per kind (least recently read dropped first). */
export const DETAILS_CAP = 50;

export function initialWork(): WorkSlice {
  return {
    form: undefined,
    once: undefined,
    revealed: undefined,
    alertType: "ALERT_FAILURE",
    detailRow: {},
    pendingDrafts: 0,
  };
}

const work = (s: ConsoleState, p: Partial<WorkSlice>): Patch => ({ work: { ...s.work, ...p } });

export function setForm(s: ConsoleState, form: FormState | undefined): Patch {
  return s.work.form === form ? {} : work(s, { form });
}

export function setOnce(s: ConsoleState, once: WorkSlice["once"]): Patch {
  return work(s, { once });
}

export function setRevealed(s: ConsoleState, id: string | undefined): Patch {
  return s.work.revealed === id ? {} : work(s, { revealed: id });
}

export function setAlertType(s: ConsoleState, alertType: string): Patch {
  return work(s, { alertType });
}

export function setPendingDrafts(s: ConsoleState, n: number): Patch {
  return s.work.pendingDrafts === n ? {} : work(s, { pendingDrafts: n });
}

/** Move the row inside the open detail of `pane`, clamped to `[0, length - 1]`. */
export function moveDetailRow(
  s: ConsoleState,
  pane: Pane,
  length: number,
  delta: number | "first" | "last",
): Patch {
  const cur = s.work.detailRow[pane] ?? 0;
  const want = delta === "first" ? 0 : delta === "last" ? length - 1 : cur + delta;
  const next = Math.max(0, Math.min(Math.max(0, length - 1), want));
  return next === cur ? {} : work(s, { detailRow: { ...s.work.detailRow, [pane]: next } });
}

/** Forget the row of `pane`'s detail (a newly opened detail starts at its default row). */
export function clearDetailRow(s: ConsoleState, pane: Pane): Patch {
  if (s.work.detailRow[pane] === undefined) return {};
  const detailRow = { ...s.work.detailRow };
  delete detailRow[pane];
  return work(s, { detailRow });
}

export function resetDetailRow(s: ConsoleState, pane: Pane, row = 0): Patch {
  return (s.work.detailRow[pane] ?? 0) === row
    ? {}
    : work(s, { detailRow: { ...s.work.detailRow, [pane]: row } });
}

type DetailKind = Exclude<keyof DetailsSlice, "readAt">;

function detail<K extends DetailKind>(
  s: ConsoleState,
  key: K,
  id: string,
  value: unknown,
  at: number,
): Patch {
  const map = putCapped(s.details[key] as ReadonlyMap<string, unknown>, id, value, DETAILS_CAP);
  // one entry per detail held (4 kinds, each capped): the oldest read goes first
  const readAt = putCapped(s.details.readAt, `${key}:${id}`, at, DETAILS_CAP * 4);
  return { details: { ...s.details, [key]: map, readAt } };
}

/** When the detail `kind:id` was last read (epoch ms), if it was. */
export const detailReadAt = (s: ConsoleState, kind: DetailKind, id: string): number | undefined =>
  s.details.readAt.get(`${kind}:${id}`);

export const incidentRead = (s: ConsoleState, inc: Incident, at = Date.now()): Patch => {
  // the list entry follows the fresher single read (status, name, services)
  const items = s.incidents.items.some((i) => i.id === inc.id)
    ? s.incidents.items.map((i) => (i.id === inc.id ? inc : i))
    : [inc, ...s.incidents.items];
  return { ...detail(s, "incidents", inc.id, inc, at), incidents: { ...s.incidents, items } };
};
/**
 * The incident `id` as held: the fresher of its own read (an open detail's, a form's) and the list's entry
 * — the detail's read is kept after the detail closes, and preferring it always made a list re-read
 * (a teammate's severity, a resolution) invisible to what `u`, `s` and the overview act on. The list's
 * entry when it was read after the single read and carries the updates (a list may omit them).
 */
export function heldIncident(s: ConsoleState, id: string): Incident | undefined {
  const one = s.details.incidents.get(id);
  const listed = s.incidents.items.find((i) => i.id === id);
  if (one === undefined || listed === undefined) return one ?? listed;
  const oneAt = detailReadAt(s, "incidents", id) ?? 0;
  const listAt = s.incidents.loadedAt ?? 0;
  return listAt > oneAt && Array.isArray(listed.incidentUpdates) ? listed : one;
}
export const pageRead = (s: ConsoleState, p: StatusPage, at = Date.now()): Patch =>
  detail(s, "pages", p.id, p, at);
export const locationRead = (s: ConsoleState, l: PrivateLocation, at = Date.now()): Patch =>
  detail(s, "locations", l.id, l, at);
/** The full check of an open detail (kept apart from the slim list; capped like the other single reads). */
export const checkRead = (s: ConsoleState, c: Check, at = Date.now()): Patch =>
  s.details.checks.get(c.id) === c ? {} : detail(s, "checks", c.id, c, at);
