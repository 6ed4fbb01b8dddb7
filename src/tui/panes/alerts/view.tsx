/**
 * Pane 6: alert channels — type, target (secrets masked), F/R/D/S flags, SSL threshold; the detail shows
 * its newest deliveries (what it was asked to send and how that went), the config (masked; `v` reveals
 * it, never in read-only mode), subscriptions with check names and, for
 * a type with a preview (a WEBHOOK's rendered request), what a delivery of the alert type chosen with `a`
 * would send.
 */
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { channelTarget, hasPreview } from "../../../contract/channel-types.ts";
import type { AlertChannel } from "../../../contract/schemas/alert-channels.ts";
import { sanitizeLine } from "../../../shared/sanitize.ts";
import { errorLine } from "../../../store/data/loaders.ts";
import { useClock } from "../../clock.ts";
import { useConsole, useInfo } from "../../context.tsx";
import { keyHint } from "../../key-label.ts";
import { ListPane } from "../../widgets/ListPane.tsx";
import type { Column } from "../../widgets/table-layout.ts";
import { alertChannelLines } from "./lines.ts";
import { alertChannelRows } from "./rows.ts";
import { type RendererState, webhookRenderers } from "./webhook-preview.ts";

const flag = (b: boolean | null | undefined, letter: string) => (b ? letter : "·");
/** F = failure, R = recovery, D = degraded, S = SSL expiry. */
const flags = (c: AlertChannel) =>
  `${flag(c.sendFailure, "F")}${flag(c.sendRecovery, "R")}${flag(c.sendDegraded, "D")}${flag(c.sslExpiry, "S")}`;

const COLUMNS: Column<AlertChannel>[] = [
  { id: "id", header: "ID", width: 6, priority: 70, align: "right", get: (c) => String(c.id) },
  { id: "type", header: "TYPE", width: 9, priority: 90, get: (c) => sanitizeLine(String(c.type)) },
  {
    id: "target",
    header: "TARGET",
    width: "flex",
    minWidth: 16,
    priority: 99,
    get: (c) => sanitizeLine(channelTarget(c)) || "—",
  },
  { id: "flags", header: "FRDS", width: 4, priority: 80, get: flags },
  {
    id: "ssl",
    header: "SSL DAYS",
    width: 8,
    priority: 40,
    align: "right",
    get: (c) => (c.sslExpiryThreshold == null ? "—" : String(c.sslExpiryThreshold)),
  },
  {
    id: "subs",
    header: "SUBS",
    width: 5,
    priority: 50,
    align: "right",
    get: (c) => String(c.subscriptions?.length ?? 0),
  },
];

function ChannelDetail({ id, width, height }: { id: string; width: number; height: number }) {
  const { theme, readOnly, keymap, webhookRenderer: loader = webhookRenderers } = useInfo();
  const k = (action: string, text: string) => keyHint(keymap, "alerts", action, text);
  const channel = useConsole((s) => s.alertChannels.items.find((c) => String(c.id) === id));
  const revealed = useConsole((s) => s.work.revealed === id && !readOnly);
  const alertType = useConsole((s) => s.work.alertType);
  const variables = useConsole((s) => s.variables);
  const checks = useConsole((s) => s.checks.byId);
  const scroll = useConsole((s) => s.work.detailRow.alerts ?? 0);
  const deliveries = useConsole((s) => s.alertNotifications);
  const now = useClock(60_000);
  const [renderer, setRenderer] = useState<RendererState>(loader.current);
  const previewed = hasPreview(channel?.type);
  useEffect(() => {
    if (!previewed || renderer) return;
    let live = true;
    loader.load().then(
      (r) => live && setRenderer(r),
      (e: unknown) => live && setRenderer({ loadError: errorLine(e) }),
    );
    return () => {
      live = false;
    };
  }, [previewed, renderer, loader]);
  if (!channel) return <Text color={theme.dim}>alert channel not found</Text>;
  const lines = alertChannelLines(channel, {
    revealed,
    alertType,
    checks,
    now,
    variables,
    renderer,
    deliveries: { items: deliveries.items, loadedAt: deliveries.loadedAt, error: deliveries.error },
  });
  const room = Math.max(1, height - 2);
  const start = Math.min(scroll, Math.max(0, lines.length - room));
  const color = (t: string | undefined) =>
    t === "dim" ? theme.dim : t === "error" ? theme.error : t === "head" ? theme.accent : undefined;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text
        bold
        wrap="truncate"
      >{`#${channel.id} ${sanitizeLine(String(channel.type))}  ${sanitizeLine(channelTarget(channel))}`}</Text>
      <Text color={theme.dim} wrap="truncate">
        {[
          readOnly
            ? "read-only: secrets stay masked"
            : k("reveal-secrets", revealed ? ": mask secrets" : ": reveal secrets"),
          previewed ? k("alert-type", ": alert type of the preview") : "",
          k("down up", " scroll"),
          k("back", " back"),
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      {lines.slice(start, start + room).map((l, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one detail
          key={i}
          wrap="truncate"
          color={color(l.tone)}
          bold={l.tone === "head"}
        >
          {l.text}
        </Text>
      ))}
    </Box>
  );
}

export function AlertChannelsPane({ width, height }: { width: number; height: number }) {
  const rows = useConsole(alertChannelRows);
  const { keymap } = useInfo();
  const meta = useConsole((s) => s.alertChannels);
  const detail = useConsole((s) => s.ui.detail.alerts);
  if (detail !== undefined) return <ChannelDetail id={detail} width={width} height={height} />;
  return (
    <ListPane
      pane="alerts"
      rows={rows}
      meta={meta}
      noun={["alert channel", "alert channels"]}
      summary={[
        "FRDS = sends failure, recovery, degraded, SSL",
        keyHint(keymap, "alerts", "open", ": config, subscriptions, preview"),
      ]
        .filter(Boolean)
        .join(" · ")}
      columns={COLUMNS}
      rowKey={(c) => String(c.id)}
      width={width}
      height={height}
    />
  );
}
