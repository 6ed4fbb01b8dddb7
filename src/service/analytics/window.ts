/**
 * The reporting window of an analytics query: `from`/`to` (UNIX seconds) override `quickRange`, whose
 * default is last24Hours (api-notes §2.1). Calendar ranges are in UTC with weeks starting on Monday. A lone
 * `from` runs to now; a lone `to` starts 24 h before it.
 */
import type { QuickRange } from "../../contract/schemas/analytics.ts";

const DAY = 86_400_000;

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

function startOfUtcWeek(ms: number): number {
  const day = startOfUtcDay(ms);
  const dow = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  return day - dow * DAY;
}

function startOfUtcMonth(ms: number, offsetMonths = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offsetMonths, 1);
}

export function quickRangeWindow(range: QuickRange, now: number): { from: number; to: number } {
  switch (range) {
    case "last7Days":
      return { from: now - 7 * DAY, to: now };
    case "last30Days":
      return { from: now - 30 * DAY, to: now };
    case "thisWeek":
      return { from: startOfUtcWeek(now), to: now };
    case "lastWeek": {
      const thisWeek = startOfUtcWeek(now);
      return { from: thisWeek - 7 * DAY, to: thisWeek };
    }
    case "thisMonth":
      return { from: startOfUtcMonth(now), to: now };
    case "lastMonth":
      return { from: startOfUtcMonth(now, -1), to: startOfUtcMonth(now) };
    default:
      return { from: now - DAY, to: now };
  }
}

/** Window in milliseconds. */
export function reportWindow(
  q: { from?: number | undefined; to?: number | undefined; quickRange?: QuickRange | undefined },
  now: number,
): { from: number; to: number } {
  if (q.from !== undefined || q.to !== undefined) {
    const to = q.to !== undefined ? q.to * 1000 : now;
    const from = q.from !== undefined ? q.from * 1000 : to - DAY;
    return { from, to };
  }
  return quickRangeWindow(q.quickRange ?? "last24Hours", now);
}
