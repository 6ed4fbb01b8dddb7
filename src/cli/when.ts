/**
 * The one human time format of the command line's tables and detail views: the absolute UTC time and how
 * long ago, `2026-11-21 07:00:00Z (3 h ago)` (src/shared/format.ts formatTimestamp + formatAgo); a date the
 * service gives without a time stays a date, counted in calendar days (UTC) — `2026-11-25 (today)`,
 * `2026-11-24 (yesterday)`, `2026-11-21 (4 calendar days ago)` — never "1 d ago", which a date of
 * yesterday need not be (an hour ago, across midnight). `--json`
 * prints the service's ISO 8601 UTC times as they are. "—" when there is no time.
 */
import { formatAgo, formatTimestamp, toEpochMs } from "../shared/format.ts";

const DAY = 86_400_000;

export function when(t: Date | number | string | null | undefined, now: number = Date.now()): string {
  if (t === null || t === undefined || t === "") return "—";
  if (typeof t === "string" && /^\d{4}-\d{2}-\d{2}$/.test(t)) {
    const days = Math.floor(now / DAY) - Math.floor(Date.parse(`${t}T00:00:00Z`) / DAY);
    if (!Number.isFinite(days)) return t;
    const rel =
      days === 0
        ? "today"
        : days === 1
          ? "yesterday"
          : days === -1
            ? "tomorrow"
            : days > 0
              ? `${days} calendar days ago`
              : `in ${-days} calendar days`;
    return `${t} (${rel})`;
  }
  const ms = toEpochMs(t);
  if (!Number.isFinite(ms)) return formatTimestamp(t);
  return `${formatTimestamp(ms)} (${formatAgo(ms, now)})`;
}
