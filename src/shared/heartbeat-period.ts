/**
 * A heartbeat check's period and grace in milliseconds, from its configuration as the API writes it
 * (`{period: 10, periodUnit: "minutes", grace: 5, graceUnit: "minutes"}`, api-notes §5). Undefined when
 * the configuration does not say (a value or unit missing or unknown): never a guessed default.
 */
import { unitMs } from "./time-span.ts";

export type HeartbeatTiming = {
  period?: number | null | undefined;
  periodUnit?: string | null | undefined;
  grace?: number | null | undefined;
  graceUnit?: string | null | undefined;
};

const toMs = (n: number | null | undefined, unit: string | null | undefined): number | undefined => {
  const u = unitMs(unit);
  return typeof n === "number" && Number.isFinite(n) && n >= 0 && u !== undefined ? n * u : undefined;
};

export function heartbeatPeriodMs(h: HeartbeatTiming | null | undefined): number | undefined {
  return toMs(h?.period, h?.periodUnit);
}

export function heartbeatGraceMs(h: HeartbeatTiming | null | undefined): number | undefined {
  return toMs(h?.grace, h?.graceUnit);
}

/**
 * Where a ping falls against its expected time, one rule for the service (the state it stores) and the
 * console (how it draws it): before `expected - EARLY_FRACTION × period` it is early; up to
 * `ON_TIME_SLACK_MS` after `expected` it is on time — a job's clock and the network add some milliseconds,
 * and pings folded into one event carry the first one's time — then in grace, then late.
 */
export const EARLY_FRACTION = 0.1;
export const ON_TIME_SLACK_MS = 1000;
