/**
 * Pane 4: one heartbeat check as a timeline of expectations (the model: src/store/triage/heartbeat-timeline.ts).
 *
 *   Nightly backup  ⊘  · heartbeat 2 of 3 ([ ] to switch)
 *   every 1 h · grace 10 min · ping URL https://…/ping/<token>  (y copies it)
 *   ● last ping 14:02:11 (3 min ago) · next expected at 15:02 (in 57 min), grace until 15:12
 *   last 24 h: 99.5% ↑ (previous 98.0%)   7 d: …
 *   ─────░●────░●──░▒━━━✖━━▲─…           each column a bucket of the time grid, worst first
 *   Nov 24 15:00          Nov 25 03:00          15:00
 *   24 h · 30 min buckets  ● received ○ early △ grace ▲ late ✖ failing ━ overdue ░ due ▒ grace ─ not due · unknown
 *
 * then the events (newest first: state as the model reads it against the previous real ping, time, how far
 * from the expected time, pings folded into the event, source, user agent) and, on Enter, one event.
 */
import { Box, Text } from "ink";
import { useMemo } from "react";
import type { HeartbeatAvailability, HeartbeatEvent } from "../../../contract/schemas/heartbeats.ts";
import {
  checkHealth,
  checkMarkWords,
  checkSymbol,
  displayWidth,
  formatPercent,
  formatTimestamp,
  type Tone,
  truncate,
  wrapParts,
} from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import {
  autoBucketMinutes,
  axisLine,
  DAY,
  gridLabel,
  MINUTE,
  recentWindow,
  timeGrid,
  zoneName,
} from "../../../shared/time-grid.ts";
import {
  type ClassifiedEvent,
  classifyEvents,
  clockAt,
  HEARTBEAT_LEGEND_PARTS,
  type HeartbeatTiming,
  heartbeatCells,
  heartbeatNow,
  heartbeatStateLine,
  offsetText,
  periodText,
  pingUrlOf,
} from "../../../store/triage/heartbeat-timeline.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { Table } from "../../widgets/Table.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { paneCheck } from "../check-panes.ts";
import { heartbeatChecks, heartbeatEventRows } from "./rows.ts";

/** "99.5% ↑ (prev 98.0%)": the arrow compares with the previous period (→ when equal or unknown). */
export function ratioLine(a: HeartbeatAvailability | null | undefined): string {
  const cur = a?.successRatio?.currentPeriod;
  const prev = a?.successRatio?.previousPeriod;
  if (cur === null || cur === undefined) return "—";
  // a window without an event has no ratio (the service counts it as 100 %: nothing failed)
  if (a?.totalEntitiesCurrentPeriod === 0) return "— (no pings)";
  const arrow = prev === null || prev === undefined || cur === prev ? "→" : cur > prev ? "↑" : "↓";
  return `${formatPercent(cur, true)} ${arrow} (previous ${formatPercent(prev, true)})`;
}

/** The state words of a classified event, in the API's vocabulary (a recovery is a LATE ping). */
const STATE_WORD: Record<ClassifiedEvent["kind"], string> = {
  early: "EARLY",
  "on time": "RECEIVED",
  grace: "GRACE",
  late: "LATE",
  recovery: "LATE",
  missed: "FAILING",
};
const EVENT_MARK: Record<ClassifiedEvent["kind"], { symbol: string; tone: Tone }> = {
  early: { symbol: "○", tone: "warn" },
  "on time": { symbol: "●", tone: "ok" },
  grace: { symbol: "△", tone: "warn" },
  late: { symbol: "▲", tone: "bad" },
  recovery: { symbol: "▲", tone: "bad" },
  missed: { symbol: "✖", tone: "bad" },
};

/** "1 h 5 min late · recovered", "3 min early", "" when unknown. */
export function eventNote(c: ClassifiedEvent | undefined): string {
  if (!c) return "";
  if (c.kind === "missed") return "grace ended, no ping";
  const off = offsetText(c);
  return c.kind === "recovery" ? `${off ? `${off} · ` : ""}recovered` : off;
}

const eventId = (e: HeartbeatEvent) => e.id;

function eventColumns(byId: ReadonlyMap<string, ClassifiedEvent>): Column<HeartbeatEvent>[] {
  const mark = (e: HeartbeatEvent) => {
    const c = byId.get(e.id);
    return c ? EVENT_MARK[c.kind] : { symbol: "?", tone: "muted" as Tone };
  };
  return [
    { id: "sym", header: "", width: 1, priority: 100, get: (e) => mark(e).symbol, tone: (e) => mark(e).tone },
    {
      id: "state",
      header: "STATE",
      width: 9,
      priority: 90,
      get: (e) => {
        const c = byId.get(e.id);
        return c ? STATE_WORD[c.kind] : sanitizeLine(e.state ?? "not recorded");
      },
    },
    { id: "time", header: "TIME", width: 21, priority: 80, get: (e) => formatTimestamp(e.timestamp) },
    { id: "vs", header: "VS EXPECTED", width: 24, priority: 70, get: (e) => eventNote(byId.get(e.id)) },
    {
      id: "pings",
      header: "PINGS",
      width: 5,
      priority: 35,
      align: "right",
      get: (e) => {
        const c = byId.get(e.id);
        return !c || c.kind === "missed" ? "" : `×${c.pings}`;
      },
    },
    { id: "source", header: "SOURCE", width: 20, priority: 40, get: (e) => sanitizeLine(e.source || "—") },
    {
      id: "ua",
      header: "USER AGENT",
      width: "flex",
      minWidth: 12,
      priority: 30,
      get: (e) => sanitizeLine(e.userAgent || "—"),
    },
  ];
}

/** The strip's time grid: one cell per bucket of the last 24 h, as many as the width holds. */
function stripGrid(width: number, now: number) {
  const chart = Math.max(10, width);
  const bucketMs = autoBucketMinutes(DAY, chart) * MINUTE;
  const grid = timeGrid({ ...recentWindow(DAY, bucketMs, now), bucketMs });
  return { chart, grid, first: Math.max(0, grid.columns - chart) };
}

/** "24 h · 30 min buckets · UTC+01:00", and where the events read begin when that is within the day. */
function stripLabel(width: number, now: number, readFrom: number | undefined, utc: boolean | undefined) {
  const { grid, first } = stripGrid(width, now);
  // a short period's day is more events than are read: say where the known part of the strip starts
  const partial =
    readFrom !== undefined && readFrom > grid.from + grid.bucketMs
      ? ` · events read back to ${clockAt(readFrom, now, { utc })} (· before)`
      : "";
  return `${gridLabel(grid, grid.columns - first)} · ${zoneName(now, { utc })}${partial}`;
}

/** The strip: one cell per bucket of the last 24 h, runs of one look joined into one Text. */
function Strip(props: {
  events: readonly HeartbeatEvent[];
  timing: HeartbeatTiming;
  now: number;
  width: number;
  /** How far back the events read are complete (the pages may run out before the day). */
  readFrom: number | undefined;
}) {
  const { theme, utc } = useInfo();
  const { events, timing, now, width, readFrom } = props;
  const { chart, grid, first } = stripGrid(width, now);
  const cells = heartbeatCells({ events, timing, grid, now, first, count: grid.columns - first });
  const runs: { symbol: string; tone: Tone | "dim"; n: number }[] = [];
  for (const c of cells) {
    const last = runs[runs.length - 1];
    if (last && last.symbol === c.symbol && last.tone === c.tone) last.n++;
    else runs.push({ symbol: c.symbol, tone: c.tone, n: 1 });
  }
  const axis = axisLine(grid, chart, { first, count: cells.length, utc });
  return (
    <>
      <Text wrap="truncate">
        {runs.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional and rebuilt every render
          <Text key={i} color={r.tone === "dim" ? theme.dim : theme.tone[r.tone]}>
            {r.symbol.repeat(r.n)}
          </Text>
        ))}
      </Text>
      <Text color={theme.dim} wrap="truncate">
        {axis}
      </Text>
      {legendLines(stripLabel(width, now, readFrom, utc), width).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the legend's lines, in order
        <Text key={i} color={theme.dim} wrap="truncate">
          {l}
        </Text>
      ))}
    </>
  );
}

/** The strip's label and legend: on one line where it fits, else wrapped between entries, none cut. */
export const legendLines = (label: string, width: number) =>
  wrapParts([label, ...HEARTBEAT_LEGEND_PARTS], width, "  ");

/**
 * The period and the ping URL: one line where it fits; else the URL on a line of its own (a URL cut in the
 * middle is no use to read off), the key that copies it on the first.
 */
export function pingLines(period: string, url: string, hint: string, width: number): string[] {
  const whole = `${period} · ping URL ${url}${hint ? `  (${hint})` : ""}`;
  if (displayWidth(whole) <= width) return [whole];
  return [truncate(`${period} · ping URL${hint ? ` (${hint}):` : ":"}`, width), truncate(`  ${url}`, width)];
}

export function HeartbeatsPane({ width, height }: { width: number; height: number }) {
  const { theme, utc, keymap } = useInfo();
  const row = useConsole((s) => paneCheck(s, "heartbeats"));
  const checks = useConsole((s) => heartbeatChecks(s));
  const entry = useConsole((s) => (row ? s.heartbeats.byCheck.get(row.id) : undefined));
  const full = useConsole((s) => (row ? s.details.checks.get(row.id) : undefined));
  // the local service's address now and its usual one: a ping URL from before a move is not shown
  const serviceUrl = useConsole((s) => s.activity.serviceUrl);
  const serviceUsualUrl = useConsole((s) => s.activity.serviceUsualUrl);
  const status = useConsole((s) => (row ? s.statuses.byId.get(row.id) : undefined));
  const events = useConsole(heartbeatEventRows);
  const cursor = useConsole((s) => cursorIn(s, "heartbeats", heartbeatEventRows(s), eventId));
  const detail = useConsole((s) => s.ui.detail.heartbeats);
  const loaded = useConsole((s) => s.checks.loadedAt !== undefined);
  // "in 12 s" / "OVERDUE by 3 s" of a short period move every second; an hourly one's every 15 s
  const now = useClock(Math.max(1000, Math.min(15_000, (row?.check.heartbeatPeriodMs ?? 0) / 30)));
  const periodMs = row?.check.heartbeatPeriodMs;
  const graceMs = row?.check.heartbeatGraceMs;
  const timing = useMemo(() => ({ periodMs, graceMs }), [periodMs, graceMs]);
  const all = entry?.events;
  const classified = useMemo(
    () => new Map(classifyEvents(all ?? [], timing).map((c) => [c.id, c])),
    [all, timing],
  );
  const columns = useMemo(() => eventColumns(classified), [classified]);
  if (!row) return <Text color={theme.dim}>{loaded ? "no heartbeat checks" : "loading checks…"}</Text>;
  const stats = entry?.stats;
  const marks = checkMarkWords(row.check);
  const sym = checkSymbol(checkHealth(status), row.check);
  const position = checks.findIndex((c) => c.id === row.id) + 1;
  const ping = pingUrlOf(full, { serviceUrl, serviceUsualUrl });
  const held = entry && entry.loadedAt !== undefined;
  // the last real ping (never the FAILING event), when the next is due, overdue and by how long
  const state = held ? heartbeatNow(entry.events, timing, now) : undefined;
  const line = state
    ? heartbeatStateLine(state, timing, now, entry && entry.from > 0 ? entry.from : undefined, { utc })
    : { text: entry?.error ? `✖ ${entry.error}` : "reading the events…", tone: undefined };
  const selected = events.find((e) => e.id === detail) ?? events[Math.min(cursor, events.length - 1)];
  // at a narrow width the state and the ping URL wrap rather than cut a time or the URL
  const stateText = wrapParts(
    ("parts" in line ? line.parts : [line.text]).map((p) => sanitizeLine(p)),
    width,
    " ",
    "  ",
  );
  const pingText = pingLines(
    periodText(timing),
    ping.text,
    ping.url ? keyHint(keymap, "heartbeats", "copy", " copies it") : "",
    width,
  );
  const stripLines =
    entry && entry.to > 0
      ? 2 + legendLines(stripLabel(width, now, entry.from > 0 ? entry.from : undefined, utc), width).length
      : 1;
  const header = (
    <>
      <Text wrap="truncate">
        <Text color={theme.tone[sym.tone]}>{`${sym.symbol} `}</Text>
        <Text bold>{sanitizeLine(row.check.name)}</Text>
        {marks ? <Text color={theme.dim}>{`  ${marks}`}</Text> : null}
        <Text color={theme.dim}>
          {`  · heartbeat ${position} of ${checks.length}${keyHint(keymap, "heartbeats", "previous-check next-check", " to switch", " ").replace(/^(.+)$/, " ($1)")}`}
        </Text>
      </Text>
      {pingText.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the line or two of the ping URL, in order
        <Text key={i} wrap="truncate" color={ping.url ? undefined : theme.dim}>
          {l}
        </Text>
      ))}
      {ping.note ? (
        <Text wrap="truncate" color={theme.warn}>
          {ping.note}
        </Text>
      ) : null}
      {stateText.map((l, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: the state's lines, in order
          key={i}
          wrap="truncate"
          color={line.tone ? theme.tone[line.tone] : theme.dim}
          bold={state?.state === "overdue"}
        >
          {l}
        </Text>
      ))}
      <Text wrap="truncate">{`last 24 h: ${ratioLine(stats?.last24Hours)}   7 d: ${ratioLine(stats?.last7Days)}`}</Text>
      {entry && entry.to > 0 ? (
        <Strip
          events={entry.events}
          timing={timing}
          now={now}
          width={width}
          readFrom={entry.from > 0 ? entry.from : undefined}
        />
      ) : (
        <Text color={theme.dim}>{entry?.error ? `✖ ${sanitizeLine(entry.error)}` : "loading events…"}</Text>
      )}
    </>
  );
  const headerLines = 2 + pingText.length + stateText.length + stripLines + (ping.note ? 1 : 0);
  if (detail !== undefined && selected) {
    const c = classified.get(selected.id);
    const rows: [string, string][] = [
      [
        "state",
        c ? `${EVENT_MARK[c.kind].symbol} ${STATE_WORD[c.kind]}` : (selected.state ?? "not recorded"),
      ],
      ["service said", selected.state ?? "not recorded"],
      [
        "time",
        `${formatTimestamp(selected.timestamp)}${c ? ` (${clockAt(c.at, now, { utc, seconds: true })}${utc ? " UTC" : " local"})` : ""}`,
      ],
      [
        "expected",
        c?.expectedAt !== undefined
          ? `${clockAt(c.expectedAt, now, { utc, seconds: true })} · ${eventNote(c)}`
          : "not known (no earlier ping held)",
      ],
      [
        "pings",
        c ? (c.kind === "missed" ? "none (the service noted the miss)" : String(c.pings)) : "not recorded",
      ],
      ["source", selected.source || "—"],
      ["user agent", selected.userAgent || "—"],
      ["id", selected.id],
    ];
    return (
      <Box flexDirection="column" width={width} height={height}>
        {header}
        <Text bold>Event</Text>
        {rows.map(([k, v]) => (
          <Text key={k} wrap="truncate">
            <Text color={theme.dim}>{`  ${k.padEnd(13)}`}</Text>
            {sanitizeLine(v)}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {header}
      <Table
        rows={events}
        columns={columns}
        cursor={cursor}
        height={Math.max(2, height - headerLines)}
        width={width}
        rowKey={eventId}
        theme={theme}
        empty={entry?.loadedAt ? "no events in the last 24 h" : "loading…"}
      />
    </Box>
  );
}
