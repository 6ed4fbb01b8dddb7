/**
 * The list half of a resource pane (incidents, alert channels, status pages, private locations): a one-line
 * summary — count (of the unfiltered total when a filter is kept), then the pane's own text — over the
 * windowed table, with the loading / error / empty / no-match line in place of rows.
 */
import { Box, Text } from "ink";
import { listCount } from "../../shared/format.ts";
import { sanitizeLine } from "../../shared/sanitize.ts";
import type { Loadable } from "../../store/data/types.ts";
import { cursorIn } from "../../store/view/cursor.ts";
import { unreadWord } from "../../store/view/read-state.ts";
import type { Pane } from "../../store/view/types.ts";
import { useConsole, useInfo } from "../context.tsx";
import { Table } from "./Table.tsx";
import type { Column } from "./table-layout.ts";

export type ListPaneProps<T> = {
  pane: Pane;
  rows: readonly T[];
  meta: Loadable & { items: readonly unknown[] };
  /** Singular and plural of what is listed ("incident", "incidents"). */
  noun: readonly [one: string, many: string];
  /** After the count: "+" when more pages exist. */
  countSuffix?: string;
  /** The rest of the summary line (what Enter shows, the pane's keys, ...). */
  summary: string;
  /** The summary while nothing is read, when `summary` counts what is held ("0 open" would say none). */
  unreadSummary?: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  width: number;
  height: number;
};

export function ListPane<T>(props: ListPaneProps<T>) {
  const { theme } = useInfo();
  const { pane, rows, meta, noun, width, height } = props;
  // the cursor follows its row's id (the pane's spec moves it over the same rows: listRows)
  const cursor = useConsole((s) => cursorIn(s, pane, rows, props.rowKey));
  const filter = useConsole((s) => s.ui.filter[pane] ?? "");
  const empty =
    meta.loadedAt === undefined
      ? meta.error
        ? `✖ ${sanitizeLine(meta.error)}`
        : "loading…"
      : filter
        ? `no ${noun[0]} matches the filter`
        : `no ${noun[1]}`;
  const connection = useConsole((s) => s.activity.connection);
  const unread = rows.length === 0 ? unreadWord(meta, connection) : undefined;
  const count = `${listCount(rows.length, meta.items.length, meta.total, filter !== "")}${props.countSuffix ?? ""}`;
  // the noun agrees with the count's last number: "1 status page", "1 of 3 status pages", "1+ results"
  const whole = meta.total !== undefined && meta.total > meta.items.length ? meta.total : meta.items.length;
  const counted = whole === 1 && !props.countSuffix ? noun[0] : noun[1];
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.dim} wrap="truncate">
        {/* not read yet: no count ("0 results" while they load would say there are none), nor the
            summary's ("0 open"): `unreadSummary`; "not read" when nothing is being read (read-state.ts) */}
        {unread !== undefined
          ? `${noun[1]}: ${unread} · ${props.unreadSummary ?? props.summary}`
          : `${count} ${counted} · ${props.summary}`}
      </Text>
      <Table
        rows={rows}
        columns={props.columns}
        cursor={cursor}
        height={height - 1}
        width={width}
        rowKey={props.rowKey}
        theme={theme}
        empty={empty}
      />
    </Box>
  );
}
