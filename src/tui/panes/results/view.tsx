/**
 * The results drill-down: the list of one check's results (newest first: outcome, time, location,
 * response time, tries, FINAL/ATTEMPT, reason) or one result as the lines of its view
 * (store/triage/result-view.ts), scrolled; every line sanitised here.
 */
import { Box, Text } from "ink";
import { useMemo } from "react";
import { shownResponseTime } from "../../../contract/check-types.ts";
import { formatAgo, formatAgoCoarse, formatMs, type Tone } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { ResultSummary } from "../../../store/data/summary.ts";
import { runReason } from "../../../store/triage/reason.ts";
import {
  type FlatLine,
  type ResultInput,
  resultKind,
  runOutcome,
} from "../../../store/triage/result-view.ts";
import { clockTime, runAt } from "../../../store/triage/timeline.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import type { Theme } from "../../theme.ts";
import { ListPane } from "../../widgets/ListPane.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { RESULTS_PANE } from "./drill.ts";
import { drillCheck, drillPages, openResult, openResultLines, resultRows } from "./rows.ts";

const TONE: Record<string, Tone> = { ok: "ok", bad: "bad", warn: "warn" };
const asInput = (r: ResultSummary) => r as unknown as ResultInput;

/** When a run started: HH:MM:SS today, else "Nov 24 09:41:07" (local). */
function startedText(r: ResultSummary, now: number): string {
  const at = runAt(r);
  return Number.isFinite(at) ? clockTime(at, now, true) : "not recorded";
}

function resultColumns(
  now: number,
  check:
    | {
        checkType?: string | null;
        degradedResponseTime?: number | null;
        maxResponseTime?: number | null;
      }
    | undefined,
  rows: readonly ResultSummary[],
): Column<ResultSummary>[] {
  const outcome = (r: ResultSummary) => runOutcome(asInput(r));
  // as wide as the times shown: 8 cells while every run is of today
  const timeWidth = Math.max(8, ...rows.slice(0, 200).map((r) => startedText(r, now).length));
  return [
    {
      id: "sym",
      header: "",
      width: 1,
      priority: 100,
      get: (r) => outcome(r).text.slice(0, 1),
      tone: (r) => TONE[outcome(r).tone ?? ""] ?? "muted",
    },
    {
      id: "time",
      header: "STARTED",
      width: timeWidth,
      priority: 95,
      get: (r) => startedText(r, now),
    },
    {
      id: "ago",
      header: "AGO",
      width: 10,
      priority: 40,
      align: "right",
      get: (r) => formatAgoCoarse(runAt(r), now),
    },
    {
      id: "loc",
      header: "LOCATION",
      width: 14,
      priority: 80,
      get: (r) => sanitizeLine(r.runLocation ?? "not recorded"),
    },
    {
      id: "resp",
      header: "RESP",
      width: 8,
      priority: 85,
      align: "right",
      // a heartbeat's results are pings: no response time (the service records 0 ms)
      get: (r) => formatMs(shownResponseTime(check?.checkType, r.responseTime)),
    },
    {
      id: "tries",
      header: "TRIES",
      width: 5,
      priority: 60,
      align: "right",
      get: (r) => (typeof r.attempts === "number" ? String(r.attempts) : "—"),
    },
    { id: "kind", header: "KIND", width: 7, priority: 70, get: (r) => resultKind(asInput(r)) },
    {
      id: "reason",
      header: "REASON",
      width: "flex",
      minWidth: 12,
      priority: 90,
      get: (r) => sanitizeLine(runReason(r, check ?? undefined) ?? "—"),
    },
  ];
}

function ViewLine({ line, theme }: { line: FlatLine; theme: Theme }) {
  const color =
    line.tone === "dim" ? theme.dim : line.tone ? theme.tone[TONE[line.tone] ?? "muted"] : undefined;
  // a Box of one row: an empty line (between sections, inside a message) keeps its row
  return (
    <Box height={1} flexShrink={0}>
      <Text wrap="truncate" bold={line.title === true} color={line.title ? theme.accent : color}>
        {sanitizeLine(line.text)}
      </Text>
    </Box>
  );
}

function ResultDetail({ width, height, now }: { width: number; height: number; now: number }) {
  const { theme, keymap } = useInfo();
  const id = useConsole((s) => s.ui.detail[RESULTS_PANE]);
  const entry = useConsole(openResult);
  const summary = useConsole((s) => drillPages(s)?.items.find((r) => r.id === id));
  const barWidth = Math.max(10, Math.min(40, width - 40));
  const lines = useConsole((s) => openResultLines(s, barWidth));
  const scroll = useConsole((s) => s.work.detailRow[RESULTS_PANE] ?? 0);
  const expanded = useConsole((s) => s.drill.expanded);
  const room = Math.max(1, height - 1);
  const start = Math.min(scroll, Math.max(0, lines.length - room));
  const at = summary ? runAt(summary) : Number.NaN;
  const head = entry?.result
    ? `lines ${lines.length ? start + 1 : 0}–${Math.min(lines.length, start + room)} of ${lines.length}` +
      `${Number.isFinite(at) ? ` · ran ${formatAgo(at, now)}` : ""}` +
      [
        keyHint(keymap, RESULTS_PANE, "down up", " scroll"),
        keyHint(keymap, RESULTS_PANE, "expand", ` ${expanded ? "cuts" : "expands"} the body`),
        keyHint(keymap, RESULTS_PANE, "back", " back"),
      ]
        .filter(Boolean)
        .map((k) => ` · ${k}`)
        .join("")
    : "";
  if (!entry?.result)
    return (
      <Text color={entry?.error ? theme.error : theme.dim} wrap="truncate">
        {entry?.error ? `✖ ${sanitizeLine(entry.error)}` : "loading the result…"}
      </Text>
    );
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.dim} wrap="truncate">
        {head}
      </Text>
      {lines.slice(start, start + room).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one result
        <ViewLine key={start + i} line={l} theme={theme} />
      ))}
    </Box>
  );
}

export function ResultsPane({ width, height }: { width: number; height: number }) {
  const { theme } = useInfo();
  const checkId = useConsole((s) => s.drill.checkId);
  const detail = useConsole((s) => s.ui.detail[RESULTS_PANE]);
  const rows = useConsole(resultRows);
  const pages = useConsole(drillPages);
  const check = useConsole(drillCheck);
  const now = useClock(15_000);
  const columns = useMemo(() => resultColumns(now, check, rows), [now, check, rows]);
  if (checkId === undefined)
    return (
      <Text color={theme.dim} wrap="truncate">
        no check chosen: open a check's results with r on its detail (pane 1)
      </Text>
    );
  if (detail !== undefined) return <ResultDetail width={width} height={height} now={now} />;
  const meta = pages ?? { items: [], loadedAt: undefined, error: undefined, nextId: undefined };
  const name = sanitizeLine(check?.name ?? checkId);
  return (
    <ListPane
      pane={RESULTS_PANE}
      rows={rows}
      meta={meta}
      noun={["result", "results"]}
      countSuffix={meta.nextId ? "+" : ""}
      summary={`${name} · newest first${meta.nextId ? " · more: PgDn to the last row" : ""} · Enter: the result · Esc back`}
      columns={columns}
      rowKey={(r) => r.id}
      width={width}
      height={height}
    />
  );
}
