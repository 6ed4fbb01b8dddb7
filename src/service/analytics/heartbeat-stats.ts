/**
 * Heartbeat statistics (seed §2.6): success ratio of a window and of the window just before it, with
 * the number of events in the window. The ratio is the percentage (0–100, 2 decimals) of events that are
 * not FAILING; a window without events counts as 100 (nothing failed). Choice documented: hosted does not
 * say whether the ratio is a fraction or a percentage; analytics `availability` is a percentage, so is this.
 */
import type { Repo } from "../repo/store.ts";

export type Availability = {
  successRatio: { previousPeriod: number; currentPeriod: number };
  totalEntitiesCurrentPeriod: number;
};

const DAY = 86_400_000;

function ratio(repo: Repo, checkId: string, from: number, to: number): { ratio: number; total: number } {
  const r = repo.eventCounts(checkId, from, to);
  return { ratio: r.total === 0 ? 100 : Math.round((r.ok / r.total) * 10000) / 100, total: r.total };
}

export function availability(repo: Repo, checkId: string, from: number, to: number): Availability {
  const cur = ratio(repo, checkId, from, to);
  const prev = ratio(repo, checkId, from - (to - from), from);
  return {
    successRatio: { previousPeriod: prev.ratio, currentPeriod: cur.ratio },
    totalEntitiesCurrentPeriod: cur.total,
  };
}

export function heartbeatStats(
  repo: Repo,
  checkId: string,
  now: number,
): { last24Hours: Availability; last7Days: Availability } {
  return {
    last24Hours: availability(repo, checkId, now - DAY, now + 1),
    last7Days: availability(repo, checkId, now - 7 * DAY, now + 1),
  };
}
