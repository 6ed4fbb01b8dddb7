/** Pane 1: every check in the windowed table (failing and degraded first), or the detail of one. */
import { Box, Text } from "ink";
import { memo, useCallback, useMemo } from "react";
import { specOf } from "../../../contract/check-types.ts";
import { formatInterval, frequencyMs } from "../../../shared/check-interval.ts";
import {
  checkSymbol,
  clampToNow,
  formatAgoCoarse,
  formatMs,
  listCount,
  MUTED_MARK,
  thousands,
} from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import type { CheckSummary } from "../../../store/data/summary.ts";
import { apply } from "../../../store/state.ts";
import { formatAgeWords } from "../../../store/triage/timeline.ts";
import { countsOf } from "../../../store/view/check-counts.ts";
import { isPartialRows } from "../../../store/view/filtered-rows.ts";
import { unreadWord } from "../../../store/view/read-state.ts";
import {
  type CheckRow,
  checkSortPending,
  decorateRow,
  type ShownCheckRow,
} from "../../../store/view/selectors.ts";
import { setChecksWindow } from "../../../store/view/ui.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { Table, type TableProps } from "../../widgets/Table.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { CheckDetail } from "./detail.tsx";
import { anyReasonShown, checksCursor, visibleCheckRows } from "./rows.ts";

const SORT_LABEL = {
  status: "status",
  name: "name",
  type: "type",
  frequency: "frequency",
  lastRun: "last run",
  responseTime: "response time",
} as const;

/** A passive check (a heartbeat: pinged, not run) has no frequency or response time of its own. */
const isPassive = (c: CheckSummary) => specOf(String(c.checkType))?.runs === "passive";

/**
 * The table's columns. The first cell is the state's symbol (⊘ for a deactivated check, whose row is also
 * dim); with `muted` (some check in the list is muted) it is two cells wide, the second `m` on a muted row.
 */
/**
 * The table's columns. REASON is there only while some row has a reason to show (a failing or degraded
 * check whose results are held), so a healthy list keeps its room for locations and tags.
 */
export function checkColumns(now: number, muted = false, reasons = false): Column<ShownCheckRow>[] {
  const columns: Column<ShownCheckRow>[] = [
    {
      id: "status",
      header: "",
      width: muted ? 2 : 1,
      priority: 100,
      get: (r) =>
        `${checkSymbol(r.health, r.check).symbol}${muted ? (r.check.muted ? MUTED_MARK : " ") : ""}`,
      tone: (r) => checkSymbol(r.health, r.check).tone,
    },
    {
      id: "name",
      header: "NAME",
      width: "flex",
      // while REASON is there, the name keeps room to be read: TAGS and LOCATIONS (and on a narrow
      // terminal REASON itself) give way first
      minWidth: reasons ? 24 : 16,
      maxWidth: 44,
      priority: 99,
      get: (r) => sanitizeLine(r.check.name),
    },
    {
      id: "type",
      header: "TYPE",
      // "MULTI_STEP" whole (it read "MULTI_ST…")
      width: 10,
      priority: 60,
      get: (r) => sanitizeLine(String(r.check.checkType)),
    },
    {
      id: "freq",
      header: "FREQ",
      width: 4,
      priority: 50,
      align: "right",
      // a heartbeat's is its period (FREQ 10m would be a frequency it never runs at)
      get: (r) =>
        formatInterval(
          isPassive(r.check) ? r.check.heartbeatPeriodMs : frequencyMs(r.check.frequency),
          "short",
        ) ?? "—",
    },
    {
      id: "locations",
      header: "LOCATIONS",
      width: 14,
      priority: 20,
      get: (r) =>
        sanitizeLine([...(r.check.locations ?? []), ...(r.check.privateLocations ?? [])].join(",")) || "—",
    },
    {
      id: "tags",
      header: "TAGS",
      width: 16,
      priority: 30,
      get: (r) => sanitizeLine((r.check.tags ?? []).join(",")) || "—",
    },
    {
      id: "last",
      header: "LAST RUN",
      width: 10,
      priority: 70,
      align: "right",
      // a service clock ahead of ours must not show a run in the future (the status line tells)
      get: (r) => formatAgoCoarse(clampToNow(r.lastRunAt, now), now),
    },
    {
      id: "resp",
      header: "RESP",
      width: 7,
      priority: 65,
      align: "right",
      // a ping has no response time (the service records 0 ms): none shown
      get: (r) => (isPassive(r.check) ? "—" : formatMs(r.lastResponseMs)),
    },
    {
      // how long the check has been in its state; ">2 h" when that began before the results held
      id: "since",
      header: "SINCE",
      width: 8,
      priority: 62,
      align: "right",
      get: (r) =>
        r.since
          ? `${r.since.exact ? "" : ">"}${formatAgeWords(now - Math.min(r.since.at, now)).replace(/ \d+ (min|h)$/, "")}`
          : "—",
    },
    {
      // why it fails (the first failing assertion, the request error, the script line) — wide terminals
      id: "reason",
      header: "REASON",
      width: 38,
      priority: 35,
      get: (r) => (r.reason ? sanitizeLine(r.reason) : ""),
      tone: (r) => (r.reason ? (r.health === "failing" ? "bad" : "warn") : undefined),
    },
  ];
  return reasons ? columns : columns.filter((c) => c.id !== "reason");
}

const rowId = (r: CheckRow) => r.id;

type ChecksTableProps = Omit<TableProps<CheckRow, ShownCheckRow>, "cursor" | "rowKey">;

/**
 * The table with the cursor: the one part of the pane a move changes, so a move renders it (and the two rows
 * whose selection changed) and not the pane around it — its summary, counts and columns.
 */
const ChecksTable = memo(function ChecksTable(props: ChecksTableProps) {
  const cursor = useConsole(checksCursor);
  return <Table {...props} cursor={Math.min(cursor, Math.max(0, props.rows.length - 1))} rowKey={rowId} />;
});

export function ChecksPane({ width, height }: { width: number; height: number }) {
  const { store, theme } = useInfo();
  const detail = useConsole((s) => s.ui.detail.checks);
  const rows = useConsole(visibleCheckRows);
  const marked = useConsole((s) => s.ui.marked);
  const sort = useConsole((s) => s.ui.sort);
  const filter = useConsole((s) => s.ui.filter.checks ?? "");
  const held = useConsole((s) => s.checks.items.length);
  const total = useConsole((s) => s.checks.total);
  const loading = useConsole((s) => s.checks.loading);
  const results = useConsole((s) => s.results.byCheck);
  const loaded = useConsole((s) => s.checks.loadedAt !== undefined);
  const error = useConsole((s) => s.checks.error);
  const statesRead = useConsole((s) => s.statuses.loadedAt !== undefined);
  const statesError = useConsole((s) => s.statuses.error);
  const connection = useConsole((s) => s.activity.connection);
  const now = useClock(15_000);
  const onWindow = useCallback(
    (first: number, count: number) => apply(store, setChecksWindow(store.getState(), first, count)),
    [store],
  );
  const isMarked = useCallback((r: CheckRow) => marked.has(r.id), [marked]);
  const isDeactivated = useCallback((r: CheckRow) => r.check.activated === false, []);
  const decorate = useCallback((r: CheckRow) => decorateRow(r, results.get(r.id)), [results]);
  // kept with the rows (check-counts.ts), and asked of the results held: no pass over every row per frame
  const { failing, degraded, deactivated, muted } = countsOf(rows);
  const anyMuted = muted > 0;
  const anyReason = useConsole(anyReasonShown);
  // a long list's new sort is found in slices; the rows keep their order until it is there
  const sorting = useConsole(checkSortPending);
  const columns = useMemo(() => checkColumns(now, anyMuted, anyReason), [now, anyMuted, anyReason]);
  if (detail !== undefined) return <CheckDetail id={detail} width={width} height={height} />;
  // a long list's filter shows the top of its answer first; the count follows (filtered-rows.ts)
  const counting = isPartialRows(rows);
  // nothing read (or no state read): the counts are not known — never a 0 that reads as "none failing"
  // (read-state.ts: "not read" once a read failed or while the service does not answer)
  const unread = !loaded
    ? `checks: ${unreadWord({ loadedAt: undefined, error }, connection)}`
    : !statesRead
      ? `${listCount(rows.length, held, total, filter !== "")} checks · states: ${unreadWord({ loadedAt: undefined, error: statesError }, connection)}`
      : undefined;
  const summary =
    (unread !== undefined
      ? unread
      : counting
        ? `… of ${thousands(held)}${total !== undefined && total > held ? ` (${thousands(total)} in all)` : ""} checks · ✖ … failing · ▲ … degraded · counting…`
        : `${listCount(rows.length, held, total, filter !== "")} checks · ✖ ${failing} failing · ▲ ${degraded} degraded` +
          `${deactivated ? ` · ⊘ ${deactivated} deactivated` : ""}${muted ? ` · ${MUTED_MARK} ${muted} muted` : ""}`) +
    ` · sort: ${SORT_LABEL[sort.column]}${sort.desc ? " ↓" : ""}${sorting ? " (sorting…)" : ""}${marked.size ? ` · ● ${marked.size} marked` : ""}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate" color={theme.dim}>
        {summary}
      </Text>
      <ChecksTable
        rows={rows}
        decorate={decorate}
        columns={columns}
        height={height - 1}
        width={width}
        isMarked={isMarked}
        isDim={isDeactivated}
        theme={theme}
        empty={
          !loaded
            ? error
              ? `✖ ${sanitizeLine(error)}`
              : loading
                ? `loading checks… ${listCount(loading.loaded, loading.loaded, loading.total, false)}`
                : "loading checks…"
            : counting
              ? "searching…"
              : filter
                ? "no check matches the filter"
                : "no checks"
        }
        onWindow={onWindow}
      />
    </Box>
  );
}
