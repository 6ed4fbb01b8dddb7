/**
 * A heartbeat check's events in a window, newest first. The API returns at most 10 per request, so this
 * pages back in time by moving `endTime` to the oldest event seen, up to `pages` requests. Used by the
 * console's loader and by `vigil status` (the last real ping of an overdue heartbeat). `from` says how far
 * back the events read are complete: the window's start, or — when the pages ran out first — the oldest
 * event read (the timeline draws nothing known before it).
 */
import type { Client } from "../../api/client.ts";
import type { HeartbeatEvent, HeartbeatStats } from "../../contract/schemas/heartbeats.ts";
import { toEpochMs } from "../../shared/format.ts";

const DAY_MS = 86_400_000;

/**
 * Requests enough to cover a day of a check pinged every `periodMs` (about one event a period, plus its
 * misses), between 5 and 15 (10 events each); 5 when the period is unknown.
 */
export function heartbeatPagesFor(periodMs: number | undefined): number {
  if (periodMs === undefined || !(periodMs > 0)) return 5;
  return Math.max(5, Math.min(15, Math.ceil(DAY_MS / periodMs / 10) + 1));
}

export async function readHeartbeatEvents(
  client: Pick<Client, "heartbeats">,
  checkId: string,
  w: { from: number; to: number; pages: number },
): Promise<{ events: HeartbeatEvent[]; stats: HeartbeatStats | undefined; from: number }> {
  const events: HeartbeatEvent[] = [];
  let stats: HeartbeatStats | undefined;
  let end = w.to;
  let from = w.from;
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
    // a full last page: there may be older events in the window, not read
    if (page === w.pages - 1) from = oldest;
  }
  return { events, stats, from };
}

/**
 * The heartbeat events held for a check are behind its status: the status names a run (a ping or a miss)
 * newer than the newest event held (pings folded into an event make no run, so they never count). The poller reads them again early (its `stale`, within its budget of
 * early runs, and not more than once in 5 s), so a recovery ping shows with the next status poll.
 */
export function heartbeatsBehind(
  s: {
    heartbeats: {
      byCheck: ReadonlyMap<
        string,
        { events: readonly HeartbeatEvent[]; loadedAt: number | undefined; error: string | undefined }
      >;
    };
    statuses: { byId: ReadonlyMap<string, { updated_at?: string | null | undefined }> };
  },
  checkId: string,
  now: number = Date.now(),
): boolean {
  const entry = s.heartbeats.byCheck.get(checkId);
  if (!entry || entry.loadedAt === undefined || entry.error !== undefined) return false;
  if (now - entry.loadedAt < 5000) return false;
  const at = toEpochMs(s.statuses.byId.get(checkId)?.updated_at);
  if (!Number.isFinite(at)) return false;
  let newest = Number.NEGATIVE_INFINITY;
  for (const e of entry.events) newest = Math.max(newest, toEpochMs(e.timestamp));
  return at > newest;
}
