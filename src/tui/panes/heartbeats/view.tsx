/**
 * Pane 4: one heartbeat check — a timeline strip of its events over the last 24 h (received / early /
 * late / failing as distinct symbols), success ratios for the last 24 h and 7 d against the previous period
 * with an up/down arrow, the events list, and the detail of the selected event (state, time, source,
 * user agent).
 */
import { Box, Text } from "ink";
import type { HeartbeatAvailability, HeartbeatEvent } from "../../../api/schemas/heartbeats.ts";
import { checkMarkWords, formatAgo, formatPercent, formatTimestamp } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { cursorIn } from "../../../store/cursor.ts";
import { heartbeatEventRows } from "../../../store/lists.ts";
import { heartbeatChecks, paneCheck } from "../../../store/pane-selectors.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { Table } from "../../widgets/Table.tsx";
import { heartbeatSymbol, TIMELINE_LEGEND, Timeline } from "../../widgets/Timeline.tsx";
import type { Column } from "../../widgets/table-layout.ts";

/** "99.5% ↑ (prev 98.0%)": the arrow compares with the previous period (→ when equal or unknown). */
export function ratioLine(a: HeartbeatAvailability | null | undefined): string {
  const cur = a?.successRatio?.currentPeriod;
  const prev = a?.successRatio?.previousPeriod;
  if (cur === null || cur === undefined) return "—";
  const arrow = prev === null || prev === undefined || cur === prev ? "→" : cur > prev ? "↑" : "↓";
  return `${formatPercent(cur, true)} ${arrow} (previous ${formatPercent(prev, true)})`;
}

const eventId = (e: HeartbeatEvent) => e.id;

const EVENT_COLUMNS: Column<HeartbeatEvent>[] = [
  {
    id: "sym",
    header: "",
    width: 1,
    priority: 100,
    get: (e) => heartbeatSymbol(e.state).symbol,
    tone: (e) => heartbeatSymbol(e.state).tone,
  },
  { id: "state", header: "STATE", width: 9, priority: 90, get: (e) => sanitizeLine(e.state ?? "—") },
  { id: "time", header: "TIME", width: 21, priority: 80, get: (e) => formatTimestamp(e.timestamp) },
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

export function HeartbeatsPane({ width, height }: { width: number; height: number }) {
  const { theme } = useInfo();
  const row = useConsole((s) => paneCheck(s, "heartbeats"));
  const count = useConsole((s) => heartbeatChecks(s).length);
  const entry = useConsole((s) => (row ? s.heartbeats.byCheck.get(row.id) : undefined));
  const events = useConsole(heartbeatEventRows);
  const cursor = useConsole((s) => cursorIn(s, "heartbeats", heartbeatEventRows(s), eventId));
  const detail = useConsole((s) => s.ui.detail.heartbeats);
  const loaded = useConsole((s) => s.checks.loadedAt !== undefined);
  if (!row) return <Text color={theme.dim}>{loaded ? "no heartbeat checks" : "loading checks…"}</Text>;
  const stats = entry?.stats;
  // the newest real ping, whatever the filter: a FAILING event is the service noting that none came
  const lastPing = entry?.events.find((e) => e.state !== "FAILING");
  const marks = checkMarkWords(row.check);
  const selected = events.find((e) => e.id === detail) ?? events[Math.min(cursor, events.length - 1)];
  const header = (
    <>
      <Text wrap="truncate">
        <Text bold>{sanitizeLine(row.check.name)}</Text>
        {marks ? <Text color={theme.dim}>{`  ${marks}`}</Text> : null}
        <Text
          color={theme.dim}
        >{`  heartbeat · ${count} heartbeat checks ([ ] to switch) · last ping ${formatAgo(lastPing?.timestamp)}`}</Text>
      </Text>
      <Text wrap="truncate">{`last 24 h: ${ratioLine(stats?.last24Hours)}   7 d: ${ratioLine(stats?.last7Days)}`}</Text>
      {entry && entry.to > 0 ? (
        <Timeline events={entry.events} from={entry.from} to={entry.to} width={width} />
      ) : (
        <Text color={theme.dim}>{entry?.error ? `✖ ${sanitizeLine(entry.error)}` : "loading events…"}</Text>
      )}
      <Text color={theme.dim} wrap="truncate">{`24 h ago ${TIMELINE_LEGEND} now`}</Text>
    </>
  );
  if (detail !== undefined && selected) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        {header}
        <Text bold>Event</Text>
        {[
          ["state", `${heartbeatSymbol(selected.state).symbol} ${selected.state ?? "—"}`],
          ["time", `${formatTimestamp(selected.timestamp)} (${formatAgo(selected.timestamp)})`],
          ["source", selected.source || "—"],
          ["user agent", selected.userAgent || "—"],
          ["id", selected.id],
        ].map(([k, v]) => (
          <Text key={k} wrap="truncate">
            <Text color={theme.dim}>{`  ${k!.padEnd(11)}`}</Text>
            {sanitizeLine(v!)}
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
        columns={EVENT_COLUMNS}
        cursor={cursor}
        height={Math.max(2, height - 4)}
        width={width}
        rowKey={eventId}
        theme={theme}
        empty={entry?.loadedAt ? "no events in the last 24 h" : "loading…"}
      />
    </Box>
  );
}
