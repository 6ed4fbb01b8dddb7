/**
 * Pane 5: incidents — open ones first (severity, last status, name, services, age), the detail with the
 * full update history; `n` new incident, `u` post an update, `e` edit an update, `s` severity / name /
 * services (the keys are in keys-work.ts, the forms in store/form-rules.ts).
 */
import { Box, Text } from "ink";
import type { Incident } from "../../api/schemas/incidents.ts";
import { incidentRows, incidentStartedAt } from "../../store/lists.ts";
import { useConsole, useInfo } from "../context.tsx";
import { formatAgo, statusSymbol } from "../format.ts";
import { sanitizeLine } from "../sanitize.ts";
import { Table } from "../widgets/Table.tsx";
import type { Column } from "../widgets/table-layout.ts";
import { IncidentDetail } from "./incident-detail.tsx";

const COLUMNS: Column<Incident>[] = [
  {
    id: "sym",
    header: "",
    width: 1,
    priority: 100,
    get: (i) => statusSymbol(i.lastUpdateStatus).symbol,
    tone: (i) => statusSymbol(i.lastUpdateStatus).tone,
  },
  { id: "severity", header: "SEVERITY", width: 8, priority: 90, get: (i) => sanitizeLine(i.severity) },
  { id: "status", header: "STATUS", width: 13, priority: 80, get: (i) => sanitizeLine(i.lastUpdateStatus) },
  { id: "name", header: "NAME", width: "flex", minWidth: 16, priority: 99, get: (i) => sanitizeLine(i.name) },
  {
    id: "services",
    header: "SERVICES",
    width: 18,
    priority: 40,
    get: (i) => sanitizeLine(i.services.map((s) => s.name).join(", ")),
  },
  {
    id: "age",
    header: "AGE",
    width: 10,
    priority: 60,
    align: "right",
    get: (i) => formatAgo(incidentStartedAt(i)),
  },
];

export function IncidentsPane({ width, height }: { width: number; height: number }) {
  const { theme, readOnly } = useInfo();
  const rows = useConsole(incidentRows);
  const meta = useConsole((s) => s.incidents);
  const cursor = useConsole((s) => s.ui.cursor.incidents ?? 0);
  const detail = useConsole((s) => s.ui.detail.incidents);
  const filter = useConsole((s) => s.ui.filter.incidents ?? "");
  if (detail !== undefined) return <IncidentDetail id={detail} width={width} height={height} />;
  const open = rows.filter((i) => i.lastUpdateStatus !== "RESOLVED").length;
  const keys = readOnly ? "read-only" : "u update · n new · s edit · Enter history";
  const empty =
    meta.loadedAt === undefined
      ? meta.error
        ? `✖ ${sanitizeLine(meta.error)}`
        : "loading…"
      : filter
        ? "no incident matches the filter"
        : "no incidents";
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.dim} wrap="truncate">
        {`${rows.length}${filter ? ` of ${meta.items.length}` : ""} incidents · ${open} open · ${keys}`}
      </Text>
      <Table
        rows={rows}
        columns={COLUMNS}
        cursor={Math.min(cursor, Math.max(0, rows.length - 1))}
        height={height - 1}
        width={width}
        rowKey={(i) => i.id}
        theme={theme}
        empty={empty}
      />
    </Box>
  );
}
