/**
 * Pane 2: the sessions this console started, followed live (status, per-location progress, elapsed,
 * result), and the detail of one: each location's run with its response time and, for a failed run, the
 * error message (sanitised).
 */
import { Box, Text } from "ink";
import { useMemo } from "react";
import type { CheckSessionDetail, CheckSessionResult } from "../../../contract/schemas/check-sessions.ts";
import {
  checkMarks,
  displayWidth,
  formatDuration,
  formatMs,
  statusSymbol,
  toEpochMs,
  truncate,
  wrapWords,
} from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { CheckSummary } from "../../../store/data/summary.ts";
import type { TrackedSession } from "../../../store/data/types.ts";
import { cursorIn } from "../../../store/view/cursor.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { Table } from "../../widgets/Table.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { visibleSessions } from "./rows.ts";

/** The per-location results known so far (the trigger's answer has none yet). */
export function sessionResults(t: TrackedSession): CheckSessionResult[] {
  const r = (t.session as Partial<CheckSessionDetail>).results;
  return Array.isArray(r) ? r : [];
}

/**
 * The session's locations in the order shown, each with its result so far (the FINAL one when a retry
 * left an ATTEMPT too) — the rows the detail's cursor moves over (Enter opens that result).
 */
export function sessionLocations(
  t: TrackedSession,
): { location: string; result: CheckSessionResult | undefined }[] {
  const results = sessionResults(t);
  const byLocation = new Map<string, CheckSessionResult>();
  for (const r of results) {
    const held = byLocation.get(r.runLocation);
    if (!held || held.resultType === "ATTEMPT") byLocation.set(r.runLocation, r);
  }
  const locations = [...new Set([...t.session.runLocations, ...results.map((r) => r.runLocation)])];
  return locations.map((location) => ({ location, result: byLocation.get(location) }));
}

/**
 * Locations done / all: a location is done at its FINAL result. An ATTEMPT is a run that failed with a
 * retry to come (the check's retry strategy), so its location is still running.
 */
function progress(t: TrackedSession): string {
  const total = t.session.runLocations.length;
  const done = new Set(
    sessionResults(t)
      .filter((r) => r.resultType !== "ATTEMPT")
      .map((r) => r.runLocation),
  ).size;
  return total ? `${Math.min(done, total)}/${total}` : `${done}`;
}

/** The locations whose last word so far is a failed attempt: a retry of theirs is to come. */
function retrying(t: TrackedSession): string[] {
  return sessionLocations(t)
    .filter((l) => l.result?.resultType === "ATTEMPT")
    .map((l) => l.location);
}

function elapsed(t: TrackedSession, now: number): string {
  const start = toEpochMs(t.session.startedAt);
  const from = Number.isFinite(start) ? start : t.trackedAt;
  if (t.session.timeElapsed != null && t.done) return formatDuration(t.session.timeElapsed);
  const stop = toEpochMs(t.session.stoppedAt);
  return formatDuration((Number.isFinite(stop) ? stop : now) - from);
}

function result(t: TrackedSession): string {
  if (t.error) return `✖ ${t.error}`;
  const results = sessionResults(t);
  const firstError = [...t.resultErrors.values()][0];
  if (firstError) return firstError;
  if (!t.done) {
    const again = retrying(t);
    if (again.length === 0) return "running…";
    // an attempt failed there (the detail shows it): the retry is what runs now
    return again.length === 1 ? `retrying in ${again[0]}…` : `retrying in ${again.length} locations…`;
  }
  const times = results.map((r) => r.responseTime).filter((v): v is number => typeof v === "number");
  return times.length ? `${formatMs(Math.max(...times))} slowest` : "—";
}

const sessionId = (t: TrackedSession) => t.session.checkSessionId;

/** A session's check as the list names it: ⊘ / m when the check is deactivated / muted now. */
const sessionName = (t: TrackedSession, checks: ReadonlyMap<string, CheckSummary>) => {
  const c = checks.get(t.session.checkId);
  const marks = c ? checkMarks(c) : "";
  return `${marks ? `${marks} ` : ""}${sanitizeLine(t.session.name ?? t.session.checkId)}`;
};

/**
 * The widths of the name and STATUS columns: each as wide as what it lists (the name 16–32 cells, STATUS
 * its longest word, up to PROGRESS_DEGRADED), the name within what leaves RESULT — a failed run's error,
 * the flex column — 28 cells (24 from 100 columns) beside LOC and ELAPSED. At 80 columns the error gets
 * the cells a 17-cell STATUS saying FAILED and a name column wider than its names used to take.
 */
export function sessionWidths(
  width: number,
  names: readonly string[],
  statuses: readonly string[],
): { name: number; status: number } {
  const status = Math.max(6, Math.min(17, Math.max(0, ...statuses.map(displayWidth))));
  // the prefix, the symbol, LOC, ELAPSED, the gaps and RESULT's least width (28 under 100 columns)
  const room = width - 2 - 1 - 5 - 8 - 5 - (width < 100 ? 28 : 24) - status;
  const name = Math.max(16, Math.min(32, room, Math.max(0, ...names.map(displayWidth))));
  return { name, status };
}

/** The columns: RESULT takes the rest of the line (sessionWidths). */
export function sessionColumns(
  now: number,
  checks: ReadonlyMap<string, CheckSummary>,
  nameW: number,
  statusW: number,
): Column<TrackedSession>[] {
  const sym = (t: TrackedSession) => statusSymbol(t.error ? "error" : t.session.status);
  return [
    { id: "sym", header: "", width: 1, priority: 100, get: (t) => sym(t).symbol, tone: (t) => sym(t).tone },
    { id: "name", header: "CHECK", width: nameW, priority: 99, get: (t) => sessionName(t, checks) },
    {
      id: "status",
      header: "STATUS",
      width: statusW,
      priority: 90,
      get: (t) => sanitizeLine(t.session.status),
    },
    { id: "progress", header: "LOC", width: 5, priority: 80, align: "right", get: progress },
    { id: "elapsed", header: "ELAPSED", width: 8, priority: 70, align: "right", get: (t) => elapsed(t, now) },
    {
      id: "result",
      header: "RESULT",
      width: "flex",
      minWidth: 24,
      priority: 60,
      get: (t) => sanitizeLine(result(t)),
    },
  ];
}

export function SessionsPane({ width, height }: { width: number; height: number }) {
  const { theme } = useInfo();
  const detail = useConsole((s) => s.ui.detail.sessions);
  const rows = useConsole(visibleSessions);
  const cursor = useConsole((s) => cursorIn(s, "sessions", visibleSessions(s), sessionId));
  const running = rows.some((t) => !t.done);
  // Tick only while something runs (elapsed time); idle frames stay unchanged.
  const now = useClock(running ? 1000 : 60_000);
  const checks = useConsole((s) => s.checks.byId);
  const w = sessionWidths(
    width,
    rows.map((t) => sessionName(t, checks)),
    rows.map((t) => sanitizeLine(t.session.status)),
  );
  const columns = useMemo(
    () => sessionColumns(now, checks, w.name, w.status),
    [now, checks, w.name, w.status],
  );
  if (detail !== undefined) return <SessionDetail id={detail} width={width} height={height} now={now} />;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.dim} wrap="truncate">
        {`${rows.length} session${rows.length === 1 ? "" : "s"} · ${rows.filter((t) => !t.done).length} running · t on the checks pane starts more`}
      </Text>
      <Table
        rows={rows}
        columns={columns}
        cursor={cursor}
        height={height - 1}
        width={width}
        rowKey={sessionId}
        theme={theme}
        empty="no sessions yet — select a check on pane 1 and press t"
      />
    </Box>
  );
}

/**
 * A location's error in the session's detail: one line beside the location where it fits (`used` cells
 * already taken), else whole on up to `max` lines of its own under it, indented 4 — the last ending with
 * "…" only when even that is not enough.
 */
export function errorLines(err: string, width: number, used: number, max = 3): string[] {
  if (displayWidth(err) <= width - used) return [err];
  const all = wrapWords(err, Math.max(10, width - 4));
  if (all.length <= max) return all;
  return [...all.slice(0, max - 1), truncate(all.slice(max - 1).join(" "), Math.max(10, width - 4))];
}

function SessionDetail({
  id,
  width,
  height,
  now,
}: {
  id: string;
  width: number;
  height: number;
  now: number;
}) {
  const { theme, keymap } = useInfo();
  const t = useConsole((s) => s.sessions.byId.get(id));
  const chosen = useConsole((s) => s.work.detailRow.sessions ?? 0);
  if (!t) return <Text color={theme.dim}>session no longer kept</Text>;
  const s = t.session;
  const sym = statusSymbol(t.error ? "error" : s.status);
  const rows = sessionLocations(t);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text color={theme.tone[sym.tone]}>{`${sym.symbol} ${sanitizeLine(s.status)}`}</Text>
        <Text bold>{`  ${sanitizeLine(s.name ?? s.checkId)}`}</Text>
        <Text color={theme.dim}>{`  ${elapsed(t, now)} · session ${sanitizeLine(s.checkSessionId)}`}</Text>
      </Text>
      {t.error ? <Text color={theme.error} wrap="truncate">{`✖ ${sanitizeLine(t.error)}`}</Text> : null}
      <Text wrap="truncate">
        <Text bold>{`Locations (${progress(t)})`}</Text>
        <Text color={theme.dim}>
          {`  ${[keyHint(keymap, "sessions", "down up", " choose"), keyHint(keymap, "sessions", "open-result", ": its result")].filter(Boolean).join(" · ")}`}
        </Text>
      </Text>
      {rows
        .flatMap(({ location: loc, result: r }, i) => {
          // a failed ATTEMPT while the session runs: its retry is to come (the attempt is still opened by Enter)
          const again = r?.resultType === "ATTEMPT" && !t.done;
          const state = !r
            ? "pending"
            : again
              ? "retrying"
              : r.hasFailures || r.hasErrors
                ? "failed"
                : r.isDegraded
                  ? "degraded"
                  : "passed";
          const ls = statusSymbol(r && !again ? state : t.done ? "unknown" : "running");
          const err = r ? t.resultErrors.get(r.checkResultId) : undefined;
          const head = `${sanitizeLine(loc).padEnd(16)} ${state.padEnd(9)} ${formatMs(r?.responseTime).padStart(8)}`;
          // the error beside it where it fits, else whole on the lines under it (up to 3)
          const why = err ? errorLines(sanitizeLine(err), width, 4 + displayWidth(head) + 2) : [];
          return [
            <Text key={loc} wrap="truncate">
              <Text color={theme.tone[ls.tone]}>{`${i === chosen ? "›" : " "} ${ls.symbol} `}</Text>
              {head}
              {why.length === 1 ? <Text color={theme.error}>{`  ${why[0]}`}</Text> : null}
            </Text>,
            ...(why.length > 1
              ? why.map((l, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the error's lines, in order
                  <Text key={`${loc}:${k}`} color={theme.error} wrap="truncate">{`    ${l}`}</Text>
                ))
              : []),
          ];
        })
        .slice(0, Math.max(0, height - 3))}
    </Box>
  );
}
