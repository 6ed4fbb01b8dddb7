/**
 * A heartbeat check in the command line's tables and detail view, as the console shows it: its period and
 * grace and its ping URL, never the frequency and response-time limits the API stores for every check (a
 * heartbeat is not run on a schedule and has no response time: "Frequency 10 min" and "Degraded after
 * 10000 ms" read as if it were). What the check does not say is "not recorded", never guessed.
 */
import { isPassive } from "../../contract/check-types.ts";
import { formatInterval, frequencyMs } from "../../shared/check-interval.ts";
import { heartbeatGraceMs, heartbeatPeriodMs } from "../../shared/heartbeat-period.ts";
import { formatSpan } from "../../shared/time-grid.ts";

type HeartbeatLike = {
  checkType?: string | null | undefined;
  frequency?: number | null | undefined;
  heartbeat?:
    | {
        period?: number | null | undefined;
        periodUnit?: string | null | undefined;
        grace?: number | null | undefined;
        graceUnit?: string | null | undefined;
        pingUrl?: string | null | undefined;
      }
    | null
    | undefined;
};

/** A passive check (pinged, not run: a heartbeat), by the check-type spec. */
export const isHeartbeat = (c: HeartbeatLike): boolean => isPassive(String(c.checkType ?? "").toUpperCase());

/**
 * The FREQ cell of the command line's check tables (`vigil`, `checks list`): how often the check runs
 * ("5 min", "1 h"), or for a heartbeat how often a ping is expected — its period — in the one wording of
 * src/shared/check-interval.ts, as the console's checks list shows it.
 */
export function frequencyCell(c: HeartbeatLike): string | undefined {
  return formatInterval(isHeartbeat(c) ? heartbeatPeriodMs(c.heartbeat) : frequencyMs(c.frequency));
}

/** The detail lines of a heartbeat where another check has its frequency and response-time limits. */
export function heartbeatDetail(c: HeartbeatLike): [string, string][] {
  const period = heartbeatPeriodMs(c.heartbeat);
  const grace = heartbeatGraceMs(c.heartbeat);
  return [
    ["Period", period === undefined ? "not recorded" : `every ${formatSpan(period)}`],
    ["Grace", grace === undefined ? "not recorded" : grace === 0 ? "none" : formatSpan(grace)],
    ["Ping URL", c.heartbeat?.pingUrl ?? "not recorded"],
  ];
}
