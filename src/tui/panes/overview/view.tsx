/**
 * Pane 0: the overview. The counts bar; then each section with something in it — checks failing or
 * degraded (symbol, name, type, "failing for 12 min (since 09:41)", locations failing, the reason),
 * overdue heartbeats (expected at, late by, last real ping), open incidents (severity, status, services,
 * last update), alert delivery trouble (channel, what went wrong, when, the error), private locations
 * without a live agent — sharing the lines as layout.ts places them; the calm line when no check needs a
 * look, and one line naming the sections that are clear. Only the rows on screen are computed and drawn.
 * A click on a line selects it (src/tui/mouse/: the pane tells which item a line shows).
 */
import { Box, type DOMElement, Text } from "ink";
import { useEffect, useMemo, useRef } from "react";
import { listCount, partLines, thousands } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { Connection } from "../../../store/data/types.ts";
import { apply, type ConsoleState } from "../../../store/state.ts";
import {
  attentionOf,
  checkTriageOf,
  deadLocationsOf,
  deliveryTroubleOf,
  heartbeatTriageOf,
  type OverviewSection,
  openIncidentsOf,
  overdueOf,
  overviewCountsOf,
  overviewItemKey,
  overviewItems,
  sectionStarts,
} from "../../../store/triage/overview-state.ts";
import {
  calmLine,
  channelText,
  countsParts,
  deliveryCheckText,
  deliveryText,
  locationsText,
  reasonText,
} from "../../../store/triage/overview-text.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import { unreadWord } from "../../../store/view/read-state.ts";
import type { CheckRow } from "../../../store/view/selectors.ts";
import { setChecksWindow } from "../../../store/view/ui.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { useMouseRows } from "../../mouse/context.tsx";
import { CellsLine } from "../../widgets/Table.tsx";
import { type Laid, layoutColumns } from "../../widgets/table-layout.ts";
import {
  checkColumns,
  deliveryColumns,
  expectedCell,
  fitTo,
  forCell,
  heartbeatColumns,
  incidentColumns,
  lateCell,
  locationColumns,
  nameWidth,
  reasonMin,
  shortForCell,
} from "./columns.ts";
import { checkRowForm, placeSections } from "./layout.ts";

const cursorOf = (s: ConsoleState) => cursorIn(s, "overview", overviewItems(s), overviewItemKey);

/** A section's title with its count; `soFar` while the checks list is still being read (its count grows). */
const TITLES: Record<OverviewSection, (n: number, soFar: boolean) => string> = {
  checks: (n, soFar) => `Checks that need a look (${thousands(n)}${soFar ? " so far" : ""})`,
  heartbeats: (n, soFar) => `Overdue heartbeats (${thousands(n)}${soFar ? " so far" : ""})`,
  incidents: (n) => `Open incidents (${thousands(n)})`,
  deliveries: (n) => `Alert delivery trouble (${thousands(n)} channel${n === 1 ? "" : "s"})`,
  locations: (n) => `Private locations without a live agent (${thousands(n)})`,
};

/**
 * "incidents: reading…" / "incidents: ✖ <error>" / "incidents: not read" (offline: nothing is read) for a
 * list not read yet (read-state.ts); undefined once it is.
 */
function notRead(
  what: string,
  slice: { loadedAt: number | undefined; error: string | undefined },
  connection: Connection,
) {
  const word = unreadWord(slice, connection);
  if (word === undefined) return undefined;
  return slice.error ? `${what}: ✖ ${sanitizeLine(slice.error)}` : `${what}: ${word}`;
}

export function OverviewPane({ width, height }: { width: number; height: number }) {
  const { theme, store, keymap } = useInfo();
  const clock = useClock(15_000);
  const counts = useConsole(overviewCountsOf);
  const attention = useConsole(attentionOf);
  const overdue = useConsole(overdueOf);
  const incidents = useConsole(openIncidentsOf);
  const deliveries = useConsole(deliveryTroubleOf);
  const locations = useConsole(deadLocationsOf);
  const items = useConsole(overviewItems);
  const cursor = useConsole(cursorOf);
  const results = useConsole((s) => s.results.byCheck);
  const heartbeats = useConsole((s) => s.heartbeats.byCheck);
  const lastPasses = useConsole((s) => s.lastPasses);
  const checksSlice = useConsole((s) => s.checks);
  const statusesSlice = useConsole((s) => s.statuses);
  const incidentsSlice = useConsole((s) => s.incidents);
  const notificationsSlice = useConsole((s) => s.alertNotifications);
  const locationsSlice = useConsole((s) => s.privateLocations);
  const connection = useConsole((s) => s.activity.connection);
  // a frame drawn for fresh statuses tells ages from when they came, not from the last clock tick
  const now = Math.max(clock, statusesSlice.loadedAt ?? 0);
  const firsts = useRef<Partial<Record<OverviewSection, number>>>({});

  const loaded = checksSlice.loadedAt !== undefined && statusesSlice.loadedAt !== undefined;
  // the first read of the list shows the checks read so far (store/data/loaders.ts): counts and sections say so
  const partial = checksSlice.loadedAt === undefined && checksSlice.items.length > 0;
  const countsKnown = statusesSlice.loadedAt !== undefined && checksSlice.items.length > 0;
  const focusItem = items[cursor];
  const lists: Record<OverviewSection, number> = {
    checks: attention.length,
    heartbeats: overdue.length,
    incidents: incidentsSlice.loadedAt === undefined ? 0 : incidents.length,
    deliveries: notificationsSlice.loadedAt === undefined ? 0 : deliveries.length,
    locations: locationsSlice.loadedAt === undefined ? 0 : locations.length,
  };

  // the lines that are not sections: the calm (or loading) line and the "clear" line
  const calm = loaded ? calmLine(counts, overdue.length, now) : undefined;
  const topLine = !loaded
    ? checksSlice.error && checksSlice.loadedAt === undefined
      ? `✖ ${sanitizeLine(checksSlice.error)}`
      : unreadWord(checksSlice, connection) === "not read"
        ? "checks: not read"
        : checksSlice.loading
          ? `loading checks… ${thousands(checksSlice.loading.loaded)}${checksSlice.loading.total ? ` of ${thousands(checksSlice.loading.total)}` : ""}`
          : "loading checks…"
    : calm;
  const pending = [
    notRead("incidents", incidentsSlice, connection),
    notRead("alert deliveries", notificationsSlice, connection),
    notRead("private locations", locationsSlice, connection),
  ].filter((x): x is string => x !== undefined);
  const clearParts = [
    loaded && overdue.length === 0 && counts.checks > 0 ? "no overdue heartbeats" : undefined,
    incidentsSlice.loadedAt !== undefined && incidents.length === 0 ? "no open incidents" : undefined,
    notificationsSlice.loadedAt !== undefined && deliveries.length === 0 ? "alerts going out" : undefined,
    locationsSlice.loadedAt !== undefined && locations.length === 0 && locationsSlice.items.length > 0
      ? "every private location has an agent"
      : undefined,
  ].filter((x): x is string => x !== undefined);
  const clear = [...(clearParts.length ? [`✔ ${clearParts.join(" · ")}`] : []), ...pending];

  // the counts bar: every count whole — at a narrow width it goes on as many lines as it needs, broken
  // between its parts (never "0 overdue heartbe…" with the open incidents gone)
  const soFar = partial
    ? `so far, ${listCount(checksSlice.items.length, checksSlice.items.length, checksSlice.total, false)} read: `
    : "";
  const counted = countsParts(
    counts,
    overdue.length,
    incidentsSlice.loadedAt === undefined ? undefined : incidents.length,
  );
  const countsLines = countsKnown
    ? partLines(
        counted.map((p, i) => (i === 0 ? soFar + p.text : p.text)),
        width,
      )
    : [[]];
  const fixed = countsLines.length + (topLine ? 1 : 0) + (clear.length ? 1 : 0);
  const places = placeSections(
    (Object.keys(lists) as OverviewSection[]).map((id) => ({ id, count: lists[id] })),
    Math.max(0, height - fixed),
    focusItem ? { id: focusItem.section, row: focusItem.index } : undefined,
    focusItem ? (firsts.current[focusItem.section] ?? 0) : 0,
  );
  for (const p of places) firsts.current[p.id] = p.first;
  const placeOf = (id: OverviewSection) => places.find((p) => p.id === id);
  const selectedIn = (id: OverviewSection) => (focusItem?.section === id ? focusItem.index : -1);
  // which item a line shows, for a click: the lines as drawn below (counts, top line, each section's
  // title, rows and "… more" line)
  const box = useRef<DOMElement>(null);
  useMouseRows(box, (line) => {
    const starts = sectionStarts(items);
    let at = countsLines.length + (topLine ? 1 : 0);
    for (const p of places) {
      at += 1;
      if (line >= at && line < at + p.shown) return starts[p.id] + p.first + (line - at);
      at += p.shown + (p.more > 0 && focusItem?.section !== p.id ? 1 : 0);
    }
    return undefined;
  });

  // only the rows on screen get their triage computed, and their results read (the pane's jobs follow
  // the window this reports, as the checks table does)
  const checkPlace = placeOf("checks");
  const windowFirst = checkPlace?.first ?? 0;
  const windowCount = checkPlace?.shown ?? 0;
  useEffect(() => {
    apply(store, setChecksWindow(store.getState(), windowFirst, windowCount));
  }, [store, windowFirst, windowCount]);
  const shownChecks = checkPlace
    ? attention
        .slice(checkPlace.first, checkPlace.first + checkPlace.shown)
        .map((r: CheckRow) => checkTriageOf(r, results.get(r.id), lastPasses))
    : [];
  const hbPlace = placeOf("heartbeats");
  const shownHeartbeats = hbPlace
    ? overdue
        .slice(hbPlace.first, hbPlace.first + hbPlace.shown)
        .map((r) => heartbeatTriageOf(r, results.get(r.id), heartbeats.get(r.id)))
    : [];
  const nameW = nameWidth(
    width,
    [...shownChecks, ...shownHeartbeats].map((t) => t.name),
  );
  const form = checkRowForm(
    width,
    nameW,
    {
      long: shownChecks.map((t) => forCell(t, now)),
      short: shownChecks.map((t) => shortForCell(t, now)),
      where: shownChecks.map((t) => locationsText(t) ?? ""),
      reason: shownChecks.map((t) => sanitizeLine(reasonText(t))),
    },
    reasonMin(width),
  );
  const { type: formType, where: formWhere, whereW: formWhereW, short: formShort, forW } = form;
  const laidChecks = useMemo(
    () =>
      layoutColumns(
        checkColumns(now, nameW, {
          type: formType,
          where: formWhere,
          whereW: formWhereW,
          short: formShort,
          forW,
        }),
        width,
      ),
    [now, width, nameW, formType, formWhere, formWhereW, formShort, forW],
  );
  const expectedW = fitTo(
    shownHeartbeats.map((h) => expectedCell(h, now)),
    10,
    24,
  );
  const lateW = fitTo(
    shownHeartbeats.map((h) => lateCell(h, now)),
    8,
    44,
  );
  const laidHeartbeats = useMemo(
    () => layoutColumns(heartbeatColumns(now, nameW, { expected: expectedW, late: lateW }), width),
    [now, width, nameW, expectedW, lateW],
  );
  const laidIncidents = useMemo(() => layoutColumns(incidentColumns(now), width), [now, width]);
  const delPlace = placeOf("deliveries");
  const shownDeliveries = delPlace ? deliveries.slice(delPlace.first, delPlace.first + delPlace.shown) : [];
  const channelW = fitTo(
    shownDeliveries.map((d) => sanitizeLine(channelText(d))),
    4,
    34,
  );
  const problemW = fitTo(
    shownDeliveries.map((d) => deliveryText(d, now)),
    6,
    28,
  );
  const checkW = fitTo(
    shownDeliveries.map((d) => sanitizeLine(deliveryCheckText(d))),
    6,
    30,
  );
  const laidDeliveries = useMemo(
    () => layoutColumns(deliveryColumns(now, { channel: channelW, problem: problemW, check: checkW }), width),
    [now, width, channelW, problemW, checkW],
  );
  const laidLocations = useMemo(() => layoutColumns(locationColumns(now), width), [now, width]);

  const section = <T,>(id: OverviewSection, rows: readonly T[], laid: Laid<T>[], key: (r: T) => string) => {
    const p = placeOf(id);
    if (!p) return null;
    const sel = selectedIn(id);
    return (
      <Box key={id} flexDirection="column" width={width}>
        <Text bold wrap="truncate">
          {TITLES[id](lists[id], partial && (id === "checks" || id === "heartbeats"))}
        </Text>
        {rows.slice(0, p.shown).map((r, i) => (
          <CellsLine
            key={key(r)}
            row={r}
            laid={laid}
            prefix={p.first + i === sel ? "› " : "  "}
            selected={p.first + i === sel}
            theme={theme}
          />
        ))}
        {p.more > 0 && focusItem?.section !== id ? (
          <Text
            color={theme.dim}
            wrap="truncate"
          >{`  … ${thousands(p.more)} more${keyHint(keymap, "overview", "previous-section next-section", " to go there", " ").replace(/^(.+)$/, " ($1)")}`}</Text>
        ) : null}
      </Box>
    );
  };

  return (
    <Box ref={box} flexDirection="column" width={width} height={height}>
      {countsKnown ? (
        countsLines.map((ids, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the bar's lines, in order
          <Text key={n} wrap="truncate">
            {n === 0 && soFar ? <Text color={theme.dim}>{soFar}</Text> : null}
            {ids.map((i, k) => {
              const p = counted[i] as (typeof counted)[number];
              return (
                <Text key={p.text} color={p.tone ? theme.tone[p.tone] : undefined}>
                  {`${k > 0 ? " · " : ""}${p.text}`}
                </Text>
              );
            })}
          </Text>
        ))
      ) : (
        <Text wrap="truncate" color={theme.dim}>
          {statusesSlice.error && statusesSlice.loadedAt === undefined
            ? `counts: ✖ ${sanitizeLine(statusesSlice.error)}`
            : `counts: ${unreadWord(statusesSlice, connection) ?? "reading…"}`}
        </Text>
      )}
      {topLine ? (
        <Text wrap="truncate" color={calm ? theme.tone.ok : theme.dim}>
          {topLine}
        </Text>
      ) : null}
      {section("checks", shownChecks, laidChecks, (t) => t.id)}
      {section("heartbeats", shownHeartbeats, laidHeartbeats, (h) => h.id)}
      {section("incidents", incidents.slice(placeOf("incidents")?.first ?? 0), laidIncidents, (i) => i.id)}
      {section("deliveries", deliveries.slice(placeOf("deliveries")?.first ?? 0), laidDeliveries, (d) =>
        String(d.channelId),
      )}
      {section("locations", locations.slice(placeOf("locations")?.first ?? 0), laidLocations, (l) => l.id)}
      {clear.length ? (
        <Text wrap="truncate" color={theme.dim}>
          {clear.join(" · ")}
        </Text>
      ) : null}
    </Box>
  );
}
