/**
 * The incidents as data: open ones first and newest first, the latest open one (what `u` updates when the
 * shown pane selects none), an incident's updates in display order. Which incident a pane selects is the
 * pane's (src/tui/panes/incidents/rows.ts, the overview's lines).
 */
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { Draft } from "../forms/drafts.ts";
import { memo } from "../view/memo.ts";

const isOpen = (i: Incident) => i.lastUpdateStatus !== "RESOLVED";

/**
 * When an incident started (epoch ms): its first update's public date — `created_at` is a bare date in
 * the seed — else `created_at`; NaN when neither parses.
 */
export function incidentStartedAt(i: Incident): number {
  const dates = (i.incidentUpdates ?? [])
    .map((u) => Date.parse(String(u.publicIncidentUpdateDate ?? u.created_at ?? "")))
    .filter(Number.isFinite);
  return dates.length ? Math.min(...dates) : Date.parse(String(i.created_at ?? ""));
}

const OPEN_FIRST = (a: Incident, b: Incident) =>
  Number(a.lastUpdateStatus === "RESOLVED") - Number(b.lastUpdateStatus === "RESOLVED") ||
  (incidentStartedAt(b) || 0) - (incidentStartedAt(a) || 0);

/** The incidents held, open ones first, each part newest first. */
export const incidentsOpenFirst = memo((items: readonly Incident[]) => [...items].sort(OPEN_FIRST));

/** The incidents not resolved, newest first (whatever a pane's filter). */
export function openIncidentsNewestFirst(s: { incidents: { items: readonly Incident[] } }): Incident[] {
  return incidentsOpenFirst(s.incidents.items).filter(isOpen);
}

export function latestOpenIncident(s: { incidents: { items: readonly Incident[] } }): Incident | undefined {
  return openIncidentsNewestFirst(s)[0];
}

export function sortedUpdates(inc: Incident) {
  const t = (u: { publicIncidentUpdateDate?: unknown; created_at?: unknown }) =>
    Date.parse(String(u.publicIncidentUpdateDate ?? u.created_at ?? "")) || 0;
  return [...(inc.incidentUpdates ?? [])].sort((a, b) => t(a) - t(b));
}

/** A stand-in for an incident not loaded (a draft restored before the list arrived). */
export const stub = (d: Draft): Incident =>
  ({
    id: d.target.incidentId ?? "",
    name: d.target.label ?? "incident",
    severity: "MAJOR",
    services: [],
    incidentUpdates: [],
    lastUpdateStatus: "INVESTIGATING",
    created_at: "",
  }) as Incident;
