/**
 * Pane 8: private locations — name, slug, agents alive (⚠ 0 when the location has checks and no live
 * agent: they do not run here — only their runs in this location stop, a check may run elsewhere too), last seen, read every 10 s while the pane is open; the detail (last seen,
 * agent count and each alive agent) with the proxy URL's credentials and the keys masked, and the check and group
 * assignments. `n` creates one; its raw key is shown once, in a panel of its own (widgets/Form.tsx).
 */
import { Box, Text } from "ink";
import type { PrivateLocation } from "../../../contract/schemas/private-locations.ts";
import { maskPrivateLocation } from "../../../contract/secrets.ts";
import { formatAgo, formatTimestamp } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { ListPane } from "../../widgets/ListPane.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { privateLocationRows } from "./rows.ts";

const COLUMNS: Column<PrivateLocation>[] = [
  { id: "name", header: "NAME", width: "flex", minWidth: 16, priority: 99, get: (l) => sanitizeLine(l.name) },
  { id: "slug", header: "SLUG", width: 18, priority: 90, get: (l) => sanitizeLine(l.slugName) },
  {
    id: "agents",
    header: "AGENTS",
    width: 6,
    priority: 70,
    align: "right",
    // a location with checks and no live agent runs nothing: say so in the row
    get: (l) =>
      l.agentCount == null
        ? "—"
        : l.agentCount === 0 && (l.checkAssignments?.length ?? 0) > 0
          ? "⚠ 0"
          : String(l.agentCount),
  },
  {
    id: "seen",
    header: "LAST SEEN",
    width: 11,
    priority: 60,
    align: "right",
    get: (l) => formatAgo(l.lastSeen ?? undefined),
  },
  {
    id: "checks",
    header: "CHECKS",
    width: 6,
    priority: 40,
    align: "right",
    get: (l) => String(l.checkAssignments?.length ?? 0),
  },
];

/** The alive agents (hosted `runningAgents`): "id (version, seen 3 s ago)", comma-separated. */
function aliveAgents(l: PrivateLocation): string {
  return (l.runningAgents ?? [])
    .flatMap((v) =>
      (v.agents ?? []).map((a) => `${a.id} (${v.version || "?"}, seen ${formatAgo(a.lastSeenAt)})`),
    )
    .join(", ");
}

/** Detail lines as [label, value], secrets masked (values sanitised when rendered). */
export function locationFields(
  l: PrivateLocation,
  checkName: (id: string) => string | undefined,
): [string, string][] {
  const m = maskPrivateLocation(l);
  const keys = (m.keys ?? []).map((k) => k.maskedKey ?? "****");
  const checks = (m.checkAssignments ?? []).map((a) => checkName(a.checkId) ?? a.checkId);
  const groups = (m.groupAssignments ?? []).map((g) => `group ${g.groupId}`);
  return [
    ["slug", m.slugName],
    ["icon", m.icon ?? "—"],
    ["proxy URL", m.proxyUrl ?? "—"],
    ["keys", keys.join(", ") || "—"],
    ["agents", m.agentCount == null ? "— (single read pending)" : String(m.agentCount)],
    ["last seen", m.lastSeen ? `${formatAgo(m.lastSeen)} (${formatTimestamp(m.lastSeen)})` : "never"],
    ["alive agents", aliveAgents(m) || (checks.length > 0 ? "none: its checks do not run here" : "none")],
    ["created", formatTimestamp(m.created_at)],
    [`checks (${checks.length})`, checks.join(", ") || "none"],
    [`groups (${groups.length})`, groups.join(", ") || "none"],
  ];
}

function LocationDetail({ id, width, height }: { id: string; width: number; height: number }) {
  const { theme } = useInfo();
  const loc = useConsole(
    (s) => s.details.locations.get(id) ?? s.privateLocations.items.find((l) => l.id === id),
  );
  const checks = useConsole((s) => s.checks.byId);
  if (!loc) return <Text color={theme.dim}>loading the private location…</Text>;
  const fields = locationFields(loc, (cid) => checks.get(cid)?.name);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {sanitizeLine(loc.name)}
      </Text>
      {fields.slice(0, height - 1).map(([k, v]) => (
        <Text key={k} wrap="truncate">
          <Text color={theme.dim}>{`${k.padEnd(14)} `}</Text>
          {sanitizeLine(v)}
        </Text>
      ))}
    </Box>
  );
}

export function PrivateLocationsPane({ width, height }: { width: number; height: number }) {
  const { readOnly } = useInfo();
  const rows = useConsole(privateLocationRows);
  const meta = useConsole((s) => s.privateLocations);
  const detail = useConsole((s) => s.ui.detail.locations);
  if (detail !== undefined) return <LocationDetail id={detail} width={width} height={height} />;
  return (
    <ListPane
      pane="locations"
      rows={rows}
      meta={meta}
      noun={["private location", "private locations"]}
      summary={`Enter: detail (keys masked)${readOnly ? "" : " · n: new"}`}
      columns={COLUMNS}
      rowKey={(l) => l.id}
      width={width}
      height={height}
    />
  );
}
