/**
 * A timeline strip of heartbeat events across a window: one cell per slice of time, showing the worst
 * state seen in it — ✖ failing, ▲ late (or grace), ○ early, ● received, · nothing — so it reads without colour.
 */
import { Text } from "ink";
import type { HeartbeatEvent } from "../../api/schemas/heartbeats.ts";
import type { Tone } from "../../shared/format.ts";
import { useInfo } from "../context.tsx";

const CELLS: Record<string, { symbol: string; tone: Tone; rank: number }> = {
  FAILING: { symbol: "✖", tone: "bad", rank: 4 },
  LATE: { symbol: "▲", tone: "warn", rank: 3 },
  GRACE: { symbol: "▲", tone: "warn", rank: 3 },
  EARLY: { symbol: "○", tone: "muted", rank: 2 },
  RECEIVED: { symbol: "●", tone: "ok", rank: 1 },
};
const EMPTY = { symbol: "·", tone: "muted" as Tone, rank: 0 };
const UNKNOWN = { symbol: "?", tone: "muted" as Tone, rank: 1 };

/** The symbol and tone of one heartbeat state (the same in the strip and the events list). */
export function heartbeatSymbol(state: string | null | undefined): { symbol: string; tone: Tone } {
  return CELLS[String(state ?? "").toUpperCase()] ?? UNKNOWN;
}

export const TIMELINE_LEGEND = "● received  ○ early  ▲ late/grace  ✖ failing  · none";

/** The cells of the strip, oldest left. */
export function timelineCells(events: readonly HeartbeatEvent[], from: number, to: number, width: number) {
  const cells = Array.from({ length: Math.max(1, width) }, () => EMPTY);
  const span = Math.max(1, to - from);
  for (const e of events) {
    const t = Date.parse(e.timestamp ?? "");
    if (!Number.isFinite(t) || t < from || t > to) continue;
    const i = Math.min(cells.length - 1, Math.floor(((t - from) / span) * cells.length));
    const c = CELLS[String(e.state ?? "").toUpperCase()] ?? UNKNOWN;
    if (c.rank > cells[i]!.rank) cells[i] = c;
  }
  return cells;
}

export function Timeline(props: {
  events: readonly HeartbeatEvent[];
  from: number;
  to: number;
  width: number;
}) {
  const { theme } = useInfo();
  const cells = timelineCells(props.events, props.from, props.to, props.width);
  // Group runs of the same cell into one Text to keep the frame small.
  const runs: { symbol: string; tone: Tone; n: number }[] = [];
  for (const c of cells) {
    const last = runs[runs.length - 1];
    if (last && last.symbol === c.symbol) last.n++;
    else runs.push({ symbol: c.symbol, tone: c.tone, n: 1 });
  }
  return (
    <Text wrap="truncate">
      {runs.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional and rebuilt every render
        <Text key={i} color={theme.tone[r.tone]}>
          {r.symbol.repeat(r.n)}
        </Text>
      ))}
    </Text>
  );
}
