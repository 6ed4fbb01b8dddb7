/**
 * Heartbeat events (seed §4.7, api-notes §2.4, §3.5): the events list with stats, one event with stats,
 * and — beyond the seed — the availability summary. `startTime`/`endTime` may be given as Date objects
 * (sent as ISO date-times) or ISO strings; `limit` is 1–10. Invalid input is a UsageError, nothing sent.
 */

import type {
  HeartbeatAvailability,
  HeartbeatEventResponse,
  HeartbeatEventsResponse,
} from "../contract/schemas/heartbeats.ts";
import { onFirstUse } from "./first-use.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

const schemas = onFirstUse(() => import("../contract/schemas/heartbeats.ts"));

export type TimeInput = string | Date;
export type HeartbeatEventsOptions = { startTime?: TimeInput; endTime?: TimeInput; limit?: number };

/** A Date becomes its ISO string (an invalid Date stays a Date and fails validation). */
const iso = (t: TimeInput | undefined) =>
  t instanceof Date && !Number.isNaN(t.getTime()) ? t.toISOString() : t;

const base = (checkId: string) => `/v1/checks/heartbeats/${pathId(checkId, "check id")}`;

export function heartbeatsApi(http: HttpClient) {
  return {
    async events(checkId: string, opts: HeartbeatEventsOptions = {}): Promise<HeartbeatEventsResponse> {
      const path = `${base(checkId)}/events`;
      const s = await schemas();
      const q = validateInput(
        s.heartbeatEventsQuerySchema,
        { startTime: iso(opts.startTime), endTime: iso(opts.endTime), limit: opts.limit },
        "heartbeat events",
      );
      const res = await http.request({
        method: "GET",
        path,
        query: { startTime: q.startTime, endTime: q.endTime, limit: q.limit },
        schema: s.heartbeatEventsResponseSchema,
      });
      return res.data;
    },

    async event(checkId: string, eventId: string): Promise<HeartbeatEventResponse> {
      const path = `${base(checkId)}/events/${pathId(eventId, "heartbeat event id")}`;
      const s = await schemas();
      const res = await http.request({ method: "GET", path, schema: s.heartbeatEventResponseSchema });
      return res.data;
    },

    /** Beyond the seed: GET …/availability → `{successRatio, totalEntitiesCurrentPeriod}`. */
    async availability(
      checkId: string,
      opts: Omit<HeartbeatEventsOptions, "limit"> = {},
    ): Promise<HeartbeatAvailability> {
      const path = `${base(checkId)}/availability`;
      const s = await schemas();
      const q = validateInput(
        s.heartbeatAvailabilityQuerySchema,
        { startTime: iso(opts.startTime), endTime: iso(opts.endTime) },
        "heartbeat availability",
      );
      const res = await http.request({
        method: "GET",
        path,
        query: { startTime: q.startTime, endTime: q.endTime },
        schema: s.heartbeatAvailabilitySchema,
      });
      return res.data;
    },
  };
}

export type HeartbeatsApi = ReturnType<typeof heartbeatsApi>;
