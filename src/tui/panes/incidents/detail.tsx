/** The detail of one incident: severity, status, services, age, and every update (j/k selects one for `e`). */
import { Box, Text } from "ink";
import { formatTimestamp, statusSymbol, truncate, wrapWords } from "../../../shared/format.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { incidentStartedAt, sortedUpdates } from "../../../store/data/incidents.ts";
import { formatAgeWords } from "../../../store/triage/timeline.ts";
import { heldIncident } from "../../../store/view/work.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";

/** The lines the selected update's text takes at most (the rest is marked "…"). */
const UPDATE_LINES = 6;

export function IncidentDetail({ id, width, height }: { id: string; width: number; height: number }) {
  const { theme, readOnly, keymap } = useInfo();
  const keys = [
    keyHint(keymap, "incidents", "down up", " select"),
    keyHint(keymap, "incidents", "edit-update", " edit"),
    keyHint(keymap, "incidents", "update-incident", " new update"),
    keyHint(keymap, "incidents", "edit-incident", " edit incident"),
  ]
    .filter(Boolean)
    .map((k) => ` · ${k}`)
    .join("");
  const inc = useConsole((s) => heldIncident(s, id));
  const row = useConsole((s) => s.work.detailRow.incidents);
  if (!inc) return <Text color={theme.dim}>loading the incident…</Text>;
  const updates = sortedUpdates(inc);
  const sel = Math.min(row ?? updates.length - 1, updates.length - 1);
  const sym = statusSymbol(inc.lastUpdateStatus);
  const opened = incidentStartedAt(inc);
  // how long it lasted before when it opened: the line is cut at the terminal's width, the duration must stay
  const head = [
    `severity ${sanitizeLine(inc.severity)}`,
    inc.lastUpdateStatus === "RESOLVED" && inc.duration != null && Number.isFinite(Number(inc.duration))
      ? `resolved after ${formatAgeWords(Number(inc.duration) * 1000)}`
      : "",
    // when, to the second as the updates below say it, and how long ago in the words the checks use
    Number.isFinite(opened)
      ? `opened ${formatTimestamp(opened)} (${formatAgeWords(Math.max(0, Date.now() - opened))} ago)`
      : "opened: not recorded",
  ]
    .filter(Boolean)
    .join(" · ");
  const services = inc.services.map((s) => sanitizeLine(s.name)).join(", ") || "—";
  const room = Math.max(1, height - 5);
  const lines: { key: string; text: string; selected: boolean; dim?: boolean }[] = [];
  updates.forEach((u, i) => {
    const when = formatTimestamp(String(u.publicIncidentUpdateDate ?? u.created_at ?? ""));
    const prefix = `${i === sel ? "›" : " "} ${when}  ${sanitizeLine(u.status ?? "").padEnd(13)} ${u.notifySubscribers ? "✉" : " "} `;
    const desc = sanitizeLine(u.description ?? "");
    if (i !== sel) {
      lines.push({ key: `${i}`, text: truncate(`${prefix}${desc}`, width), selected: false });
      return;
    }
    // the selected update in full, wrapped at words under its prefix (up to UPDATE_LINES lines)
    const parts = wrapWords(desc, Math.max(10, width - prefix.length));
    const shown = parts.slice(0, UPDATE_LINES);
    if (parts.length > UPDATE_LINES) shown[UPDATE_LINES - 1] = `${shown[UPDATE_LINES - 1]} …`;
    shown.forEach((part, n) => {
      lines.push({
        key: `${i}-${n}`,
        text: `${n === 0 ? prefix : " ".repeat(prefix.length)}${part}`,
        selected: true,
      });
    });
  });
  const firstSel = lines.findIndex((l) => l.selected);
  const start = Math.max(0, Math.min(firstSel - Math.floor(room / 2), lines.length - room));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text color={theme.tone[sym.tone]}>{`${sym.symbol} ${sanitizeLine(inc.lastUpdateStatus)}`}</Text>
        <Text bold>{`  ${sanitizeLine(inc.name)}`}</Text>
      </Text>
      <Text wrap="truncate" color={theme.dim}>
        {head}
      </Text>
      <Text wrap="truncate">{`services: ${services}`}</Text>
      <Text bold wrap="truncate">
        {`Updates (${updates.length}, oldest first${readOnly ? "" : keys})`}
      </Text>
      {updates.length === 0 ? <Text color={theme.dim}> no updates</Text> : null}
      {lines.slice(start, start + room).map((l) => (
        <Text
          key={l.key}
          wrap="truncate"
          inverse={l.selected && theme.selection === undefined}
          backgroundColor={l.selected ? theme.selection : undefined}
        >
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
