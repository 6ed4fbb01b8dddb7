/**
 * The overview (overview.ts) from the console's state, memoised part by part so that 10,000 checks of
 * which 1,000 fail cost nothing per keystroke: the sections are recomputed only when their own inputs
 * change (the checks or statuses — and then only the checks a poll changed, overview-rows.ts — the
 * incidents, the deliveries, the locations), and a row's triage
 * (since, reason, locations) only when its row or its results change — and only for the rows on screen.
 *
 * The overview pane's cursor moves over one flat list of items (`overviewItems`), the sections in order:
 * checks that need a look, overdue heartbeats, open incidents, delivery trouble, private locations.
 */

import { lastPassKey } from "../data/last-pass.ts";
import type { HeartbeatEntry, ResultsEntry } from "../data/types.ts";
import type { ConsoleState } from "../state.ts";
import { memo } from "../view/memo.ts";
import { type CheckRow, makeCheckRow } from "../view/selectors.ts";
import {
  type CheckTriage,
  checkTriage,
  type DeadLocation,
  type DeliveryTrouble,
  deadLocations,
  deliveryTrouble,
  type HeartbeatTriage,
  heartbeatTriage,
  type OpenIncident,
  openIncidents,
} from "./overview.ts";
import { OverviewRows } from "./overview-rows.ts";

export type OverviewSection = "checks" | "heartbeats" | "incidents" | "deliveries" | "locations";
export const OVERVIEW_SECTIONS: readonly OverviewSection[] = [
  "checks",
  "heartbeats",
  "incidents",
  "deliveries",
  "locations",
];

/** One line the cursor can be on: its section, its index there, and what it names. */
export type OverviewItem = {
  /** `check:<id>`, `heartbeat:<id>`, `incident:<id>`, `channel:<id>`, `location:<id>`. */
  key: string;
  section: OverviewSection;
  index: number;
  /** The id of the thing it names (a check, an incident, a channel, a location). */
  id: string;
};

/**
 * The checks' part of the overview, kept across reads (overview-rows.ts): a status poll moves the checks
 * it changed, not every check. One for the process (the data is shared by every view).
 */
const overviewRows = new OverviewRows<CheckRow>(makeCheckRow);
const rowsOf = (s: ConsoleState) => overviewRows.read(s.checks.items, s.statuses.byId, s.statuses.changed);

const incidentsMemo = memo(openIncidents);
const deliveriesMemo = memo(deliveryTrouble);
const locationsMemo = memo(deadLocations);

export const overviewCountsOf = (s: ConsoleState) => rowsOf(s).counts;
/** Active checks (not heartbeats) failing, degraded or unable to run, worst first. */
export const attentionOf = (s: ConsoleState): CheckRow[] => rowsOf(s).attention as CheckRow[];
export const overdueOf = (s: ConsoleState): CheckRow[] => rowsOf(s).overdue as CheckRow[];
export const openIncidentsOf = (s: ConsoleState): OpenIncident[] => incidentsMemo(s.incidents.items);
export const deliveryTroubleOf = (s: ConsoleState): DeliveryTrouble[] =>
  deliveriesMemo(s.alertNotifications.items, s.alertChannels.items);
export const deadLocationsOf = (s: ConsoleState): DeadLocation[] => locationsMemo(s.privateLocations.items);

const itemsMemo = memo(
  (
    checks: readonly CheckRow[],
    heartbeats: readonly CheckRow[],
    incidents: readonly OpenIncident[],
    deliveries: readonly DeliveryTrouble[],
    locations: readonly DeadLocation[],
  ): OverviewItem[] => {
    const out: OverviewItem[] = [];
    const add = (section: OverviewSection, prefix: string, ids: readonly string[]) =>
      ids.forEach((id, index) => {
        out.push({ key: `${prefix}:${id}`, section, index, id });
      });
    add(
      "checks",
      "check",
      checks.map((r) => r.id),
    );
    add(
      "heartbeats",
      "heartbeat",
      heartbeats.map((r) => r.id),
    );
    add(
      "incidents",
      "incident",
      incidents.map((i) => i.id),
    );
    add(
      "deliveries",
      "channel",
      deliveries.map((d) => String(d.channelId)),
    );
    add(
      "locations",
      "location",
      locations.map((l) => l.id),
    );
    return out;
  },
);

/** An item's id for the cursor (store/view/cursor.ts follows it across refreshes). */
export const overviewItemKey = (it: OverviewItem): string => it.key;

/** Every line the cursor can be on, section by section. */
export function overviewItems(s: ConsoleState): OverviewItem[] {
  return itemsMemo(
    attentionOf(s),
    overdueOf(s),
    openIncidentsOf(s),
    deliveryTroubleOf(s),
    deadLocationsOf(s),
  );
}

/** Where each section starts in `overviewItems` (the first item's index), for `[` `]` and the layout. */
export const sectionStarts = memo((items: readonly OverviewItem[]): Record<OverviewSection, number> => {
  const starts = { checks: -1, heartbeats: -1, incidents: -1, deliveries: -1, locations: -1 };
  items.forEach((it, i) => {
    if (starts[it.section] < 0) starts[it.section] = i;
  });
  return starts;
});

const NO_RESULTS = undefined;
const checkCache = new WeakMap<
  CheckRow,
  { items: ResultsEntry["items"] | undefined; passes: ConsoleState["lastPasses"] | undefined; t: CheckTriage }
>();
/**
 * A check row's triage from its held results and the last passes found before its failing streaks; the
 * same row, results and passes give the same object.
 */
export function checkTriageOf(
  row: CheckRow,
  entry: ResultsEntry | undefined,
  passes?: ConsoleState["lastPasses"],
): CheckTriage {
  // an entry that never loaded (a failed first read) holds no results to read
  const items = entry?.loadedAt === undefined ? NO_RESULTS : entry.items;
  const hit = checkCache.get(row);
  if (hit && hit.items === items && hit.passes === passes) return hit.t;
  const t = checkTriage(row, items, passes && ((loc) => passes.get(lastPassKey(row.id, loc))));
  checkCache.set(row, { items, passes, t });
  return t;
}

const hbCache = new WeakMap<
  CheckRow,
  { items: ResultsEntry["items"] | undefined; events: HeartbeatEntry | undefined; t: HeartbeatTriage }
>();
/** An overdue heartbeat's triage from its held results and events (cached like checkTriageOf). */
export function heartbeatTriageOf(
  row: CheckRow,
  entry: ResultsEntry | undefined,
  events: HeartbeatEntry | undefined,
): HeartbeatTriage {
  const items = entry?.loadedAt === undefined ? NO_RESULTS : entry.items;
  const ev = events?.loadedAt === undefined ? undefined : events;
  const hit = hbCache.get(row);
  if (hit && hit.items === items && hit.events === ev) return hit.t;
  const t = heartbeatTriage(row, items, ev);
  hbCache.set(row, { items, events: ev, t });
  return t;
}
