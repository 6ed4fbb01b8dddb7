/**
 * How often a check is due, one model for every screen and table: a run check's frequency (the API's
 * minutes; 0 is its sub-minute mode) or a heartbeat's period (how often a ping is expected), as
 * milliseconds, and the one wording of it — long for the command line ("1 min", "10 min", "1 h",
 * "1 h 30 min", "2 d", the spans of formatSpan) and short for the console's narrow FREQ column ("1m",
 * "1h", "90m", "2d"). A frequency of 60 reads "1 h" like a heartbeat's period of one hour: one table never
 * says "60 min" on one row and "1 h" on the next. Which of the two a check has is the caller's (the
 * check-type spec says which types are passive; this layer imports none).
 */
import { formatSpan } from "./time-grid.ts";

const MIN = 60_000;

/** A frequency in minutes as milliseconds (0: the sub-minute mode); undefined when not recorded. */
export function frequencyMs(minutes: number | null | undefined): number | undefined {
  return typeof minutes === "number" && Number.isFinite(minutes) && minutes >= 0 ? minutes * MIN : undefined;
}

/**
 * The interval as words: "10 min", "1 h", "<1 min" for the sub-minute mode (0); short: "10m", "1h",
 * "<1m". Undefined when not known (the caller says "—" or leaves the cell empty).
 */
export function formatInterval(ms: number | undefined, style: "long" | "short" = "long"): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return undefined;
  if (ms === 0) return style === "short" ? "<1m" : "<1 min";
  if (style === "long") return formatSpan(ms);
  // the largest whole unit, as formatSpan counts them: days only from two whole days on
  const s = Math.round(ms / 1000);
  if (s % 86_400 === 0 && s >= 2 * 86_400) return `${s / 86_400}d`;
  if (s % 3600 === 0) return `${s / 3600}h`;
  if (s % 60 === 0) return `${s / 60}m`;
  return `${s}s`;
}
