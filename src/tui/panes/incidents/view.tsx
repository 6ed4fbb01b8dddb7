import type { Incident } from "../../../contract/schemas/incidents.ts";
import { formatAgo, statusSymbol } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { incidentStartedAt } from "../../../store/data/incidents.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { ListPane } from "../../widgets/ListPane.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { IncidentDetail } from "./detail.tsx";
import { incidentRows } from "./rows.ts";

const COLUMNS: Column<Incident>[] = [
  { id: "severity", header: "SEVERITY", width: 8, priority: 90, get: (i) => sanitizeLine(i.severity) },
  // the mark is the status's, beside it (◌ investigating · ◉ monitoring · ✔ resolved): as on the overview
  // and in `vigil incidents list`, never read as the severity's
  {
    id: "status",
    header: "STATUS",
    width: 15,
    priority: 100,
    get: (i) => `${statusSymbol(i.lastUpdateStatus).symbol} ${sanitizeLine(i.lastUpdateStatus)}`,
    tone: (i) => statusSymbol(i.lastUpdateStatus).tone,
  },
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
  const { readOnly, keymap } = useInfo();
  const rows = useConsole(incidentRows);
  const meta = useConsole((s) => s.incidents);
  const detail = useConsole((s) => s.ui.detail.incidents);
  if (detail !== undefined) return <IncidentDetail id={detail} width={width} height={height} />;
  const open = rows.filter((i) => i.lastUpdateStatus !== "RESOLVED").length;
  const keys = readOnly
    ? "read-only"
    : [
        keyHint(keymap, "incidents", "update-incident", " update"),
        keyHint(keymap, "incidents", "new-incident", " new"),
        keyHint(keymap, "incidents", "edit-incident", " edit"),
        keyHint(keymap, "incidents", "open", " history"),
      ]
        .filter(Boolean)
        .join(" · ");
  return (
    <ListPane
      pane="incidents"
      rows={rows}
      meta={meta}
      noun={["incident", "incidents"]}
      summary={`${open} open · ${keys}`}
      unreadSummary={keys}
      columns={COLUMNS}
      rowKey={(i) => i.id}
      width={width}
      height={height}
    />
  );
}
