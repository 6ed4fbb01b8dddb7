/**
 * The time-span grammar, written once: the units a heartbeat's period and grace are stored in (api-notes §5:
 * `{period: 10, periodUnit: "minutes"}`), their length, and the short form the command line takes (`30s`,
 * `5m`, `1h`, `1d`). The body schema bounds a span with it, the service's heartbeat monitor and the console
 * read one with it, `checks create --period/--grace` parse one with it.
 */
export const TIME_UNITS = ["seconds", "minutes", "hours", "days"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export const TIME_UNIT_MS: Readonly<Record<TimeUnit, number>> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

/** The length of a unit as stored (any string from the database or the API); undefined for an unknown one. */
export function unitMs(unit: string | null | undefined): number | undefined {
  return unit ? (TIME_UNIT_MS as Readonly<Record<string, number>>)[unit] : undefined;
}

const SHORT: Readonly<Record<string, TimeUnit>> = { s: "seconds", m: "minutes", h: "hours", d: "days" };

/** `5m` → `{n: 5, unit: "minutes"}` (whole numbers; s, m, h or d, any case); undefined when it is not one. */
export function parseSpan(text: string): { n: number; unit: TimeUnit } | undefined {
  const m = /^(\d+)\s*([smhd])$/i.exec(text.trim());
  const unit = m ? SHORT[m[2]!.toLowerCase()] : undefined;
  return m && unit ? { n: Number(m[1]), unit } : undefined;
}
