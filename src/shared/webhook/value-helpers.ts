/**
 * Value helpers of webhook templates (seed §6.1, api-notes §6.2): `$UUID`, `$RANDOM_NUMBER`, `moment`,
 * `date`, `year`, `tagValue`, `uppercase`, `startsWith`, `replace`, `split`.
 *
 * Choices where the notes leave room (documented for users in the README):
 * - Dates are computed and formatted in UTC (a service's local zone is an accident of where it runs).
 * - `{{moment}}` alone is now in ISO 8601; `{{moment "FORMAT"}}` formats now; `{{moment WHEN "FORMAT"}}`
 *   formats WHEN, which is an ISO date/date-time, a number (UNIX milliseconds) or a relative phrase
 *   understood by chrono-node ("2 days ago", "last week", "tomorrow"), relative to now. A single argument
 *   that is an ISO date (`{{moment STARTED_AT}}`) is a date, not a format. Formats are Day.js tokens incl.
 *   the advanced ones (`X` UNIX seconds, `x` UNIX ms, `Do`, `Q`, ...).
 * - `date` is the same helper under its other name.
 * - `{{year}}` is the current year (2026); `{{year 2}}` its last 2 digits (26).
 * - `$RANDOM_NUMBER` is an integer 0–1000 inclusive (the seed's range).
 * - `startsWith` takes the string first: `{{startsWith s "x"}}` (block form renders on a match).
 * - `replace` replaces the first match only (plain text, not a pattern).
 * - `split s "," N` is the N-th piece ("" when missing); without N the array of pieces.
 */
import { randomInt, randomUUID } from "node:crypto";
import * as chrono from "chrono-node";
import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import utc from "dayjs/plugin/utc.js";
import type { HelperDelegate } from "handlebars";
import { decide, split } from "./logic-helpers.ts";

dayjs.extend(utc);
dayjs.extend(advancedFormat);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A point in time from a template argument, or an Error saying why not. */
export function parseWhen(when: unknown, now: number): Date {
  if (when instanceof Date) return when;
  if (typeof when === "number" && Number.isFinite(when)) return new Date(when);
  const text = String(when ?? "").trim();
  if (ISO_DATE.test(text)) {
    const d = dayjs.utc(text);
    if (d.isValid()) return d.toDate();
  }
  const parsed = chrono.parseDate(text, new Date(now));
  if (parsed) return parsed;
  throw new Error(`cannot read ${JSON.stringify(text)} as a date or a relative phrase`);
}

export function formatDate(d: Date, format: string | undefined): string {
  const u = dayjs.utc(d);
  return format === undefined ? u.format("YYYY-MM-DDTHH:mm:ss[Z]") : u.format(format);
}

export function valueHelpers(now: () => number): Record<string, HelperDelegate> {
  function moment(...all: unknown[]): string {
    const { args } = split(all);
    const t = now();
    if (args.length === 0) return formatDate(new Date(t), undefined);
    if (args.length === 1) {
      const only = args[0];
      if (typeof only === "number" || (typeof only === "string" && ISO_DATE.test(only.trim())))
        return formatDate(parseWhen(only, t), undefined);
      return formatDate(new Date(t), String(only));
    }
    return formatDate(parseWhen(args[0], t), String(args[1]));
  }
  return {
    $UUID: () => randomUUID(),
    $RANDOM_NUMBER: () => randomInt(0, 1001),
    moment,
    date: moment,
    year(...all: unknown[]) {
      const { args } = split(all);
      const y = String(new Date(now()).getUTCFullYear());
      const digits = args[0] === undefined ? undefined : Number(args[0]);
      return digits !== undefined && Number.isInteger(digits) && digits > 0 ? y.slice(-digits) : y;
    },
    tagValue(...all: unknown[]) {
      const { args } = split(all);
      const [tags, name, fallback] = args;
      const list = Array.isArray(tags) ? tags : typeof tags === "string" ? tags.split(",") : [];
      const key = String(name ?? "");
      for (const t of list) {
        const s = String(t).trim();
        if (s.startsWith(`${key}:`) || s.startsWith(`${key}=`)) return s.slice(key.length + 1);
      }
      return fallback === undefined ? "" : fallback;
    },
    uppercase(this: unknown, ...all: unknown[]) {
      const { args, options } = split(all);
      if (args.length === 0 && options && typeof options.fn === "function")
        return options.fn(this).toUpperCase();
      return String(args[0] ?? "").toUpperCase();
    },
    startsWith(this: unknown, ...all: unknown[]) {
      const { args, options } = split(all);
      return decide(this, String(args[0] ?? "").startsWith(String(args[1] ?? "")), options);
    },
    replace(...all: unknown[]) {
      const { args } = split(all);
      return String(args[0] ?? "").replace(String(args[1] ?? ""), () => String(args[2] ?? ""));
    },
    split(...all: unknown[]) {
      const { args } = split(all);
      const parts = String(args[0] ?? "").split(String(args[1] ?? ","));
      if (args[2] === undefined) return parts;
      return parts[Number(args[2])] ?? "";
    },
  };
}
