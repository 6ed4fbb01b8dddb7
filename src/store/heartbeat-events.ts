/**
 * A heartbeat check's events in a window, newest first. The API returns at most 10 per request, so this
 * pages back in time by moving `endTime` to the oldest event seen, up to `pages` requests. Used by the
 * console's loader and by `vigil status` (the last real ping of an overdue heartbeat).
 */
import type { Client } from "../api/client.ts";
import type { HeartbeatEvent, HeartbeatStats } from "../api/schemas/heartbeats.ts";

export async function readHeartbeatEvents(
  client: Pick<Client, "heartbeats">,
  checkId: string,
  w: { from: number; to: number; pages: number },
): Promise<{ events: HeartbeatEvent[]; stats: HeartbeatStats | undefined }> {
  const events: HeartbeatEvent[] = [];
  let stats: HeartbeatStats | undefined;
  let end = w.to;
  for (let page = 0; page < w.pages; page++) {
    const res = await client.heartbeats.events(checkId, {
      startTime: new Date(w.from),
      endTime: new Date(end),
      limit: 10,
    });
    const batch = res.flatMap((r) => r.events ?? []);
    stats ??= res.find((r) => r.stats)?.stats ?? undefined;
    events.push(...batch);
    if (batch.length < 10) break;
    const oldest = Math.min(...batch.map((e) => Date.parse(e.timestamp ?? "")).filter(Number.isFinite));
    if (!Number.isFinite(oldest) || oldest >= end) break;
    end = oldest;
  }
  return { events, stats };
}
