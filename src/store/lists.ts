/**
 * The rows of the list panes after their `/` filter (memoised) — shared by the panes' views (what is
 * shown) and their specs (how far the cursor may move, what Enter opens; src/tui/panes/).
 */
import type { AlertChannel } from "../contract/schemas/alert-channels.ts";
import type { HeartbeatEvent } from "../contract/schemas/heartbeats.ts";
import type { Incident } from "../contract/schemas/incidents.ts";
import type { PrivateLocation } from "../contract/schemas/private-locations.ts";
import type { StatusPage } from "../contract/schemas/status-pages.ts";
import { cursorIn } from "./cursor.ts";
import { filterByText, paneCheck } from "./pane-selectors.ts";
import { memo } from "./selectors.ts";
import type { ConsoleState } from "./types.ts";

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

/** The id of the row under `pane`'s cursor in `rows` (the cursor follows its row's id: cursor.ts). */
export const cursorRowId = (s: ConsoleState, pane: string, rows: readonly { id: string }[]) =>
  rows[cursorIn(s, pane, rows, rowId)]?.id;
const rowId = (r: { id: string }) => r.id;
