/**
 * The rows of every list pane after its `/` filter (memoised), and the cursor row's id — shared by the
 * panes (what is shown) and the key handler (how far the cursor may move, what Enter opens).
 */
import type { AlertChannel } from "../api/schemas/alert-channels.ts";
import type { HeartbeatEvent } from "../api/schemas/heartbeats.ts";
import type { Incident } from "../api/schemas/incidents.ts";
import type { PrivateLocation } from "../api/schemas/private-locations.ts";
import type { StatusPage } from "../api/schemas/status-pages.ts";
import { analyticsChecks, filterByText, paneCheck, visibleSessions } from "./pane-selectors.ts";
import { memo, visibleCheckRows } from "./selectors.ts";
import type { ConsoleState, Pane } from "./types.ts";

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

const incidentsSorted = memo((items: readonly Incident[]) => [...items].sort(OPEN_FIRST));
const incidentsFiltered = memo((items: readonly Incident[], f: string) =>
  filterByText(
    items,
    f,
    (i) => `${i.name} ${i.severity} ${i.lastUpdateStatus} ${i.services.map((s) => s.name).join(" ")}`,
  ),
);
export const incidentRows = (s: ConsoleState) =>
  incidentsFiltered(incidentsSorted(s.incidents.items), s.ui.filter.incidents ?? "");

const channelsFiltered = memo((items: readonly AlertChannel[], f: string) =>
  filterByText(items, f, (c) => `${c.id} ${c.type} ${JSON.stringify(c.config ?? {})}`),
);
export const alertChannelRows = (s: ConsoleState) =>
  channelsFiltered(s.alertChannels.items, s.ui.filter.alerts ?? "");

const pagesFiltered = memo((items: readonly StatusPage[], f: string) =>
  filterByText(items, f, (p) => `${p.name} ${p.url} ${p.customDomain ?? ""}`),
);
export const statusPageRows = (s: ConsoleState) =>
  pagesFiltered(s.statusPages.items, s.ui.filter.pages ?? "");

const locationsFiltered = memo((items: readonly PrivateLocation[], f: string) =>
  filterByText(items, f, (l) => `${l.name} ${l.slugName}`),
);
export const privateLocationRows = (s: ConsoleState) =>
  locationsFiltered(s.privateLocations.items, s.ui.filter.locations ?? "");

const eventsFiltered = memo((items: readonly HeartbeatEvent[], f: string) =>
  filterByText(items, f, (e) => `${e.state ?? ""} ${e.source ?? ""} ${e.userAgent ?? ""}`),
);
const NO_EVENTS: readonly HeartbeatEvent[] = [];
export function heartbeatEventRows(s: ConsoleState): readonly HeartbeatEvent[] {
  const row = paneCheck(s, "heartbeats");
  const events = row ? (s.heartbeats.byCheck.get(row.id)?.events ?? NO_EVENTS) : NO_EVENTS;
  return eventsFiltered(events, s.ui.filter.heartbeats ?? "");
}

/** Number of rows the cursor of `pane` moves over (0 while a detail is open). */
export function listLength(s: ConsoleState, pane: Pane): number {
  if (s.ui.detail[pane] !== undefined) return 0;
  switch (pane) {
    case "checks":
      return visibleCheckRows(s).length;
    case "sessions":
      return visibleSessions(s).length;
    case "analytics":
      return analyticsChecks(s).length;
    case "heartbeats":
      return heartbeatEventRows(s).length;
    case "incidents":
      return incidentRows(s).length;
    case "alerts":
      return alertChannelRows(s).length;
    case "pages":
      return statusPageRows(s).length;
    case "locations":
      return privateLocationRows(s).length;
  }
}

/** Id of the row under the cursor of `pane` (what Enter opens). */
export function cursorId(s: ConsoleState, pane: Pane): string | undefined {
  const i = s.ui.cursor[pane] ?? 0;
  switch (pane) {
    case "checks":
      return visibleCheckRows(s)[i]?.id;
    case "sessions":
      return visibleSessions(s)[i]?.session.checkSessionId;
    case "analytics":
      return analyticsChecks(s)[i]?.id;
    case "heartbeats":
      return heartbeatEventRows(s)[i]?.id;
    case "incidents":
      return incidentRows(s)[i]?.id;
    case "alerts": {
      const c = alertChannelRows(s)[i];
      return c ? String(c.id) : undefined;
    }
    case "pages":
      return statusPageRows(s)[i]?.id;
    case "locations":
      return privateLocationRows(s)[i]?.id;
  }
}
