/**
 * Heartbeat events (seed §4.7, api-notes §2.4, §3.5): the events list with stats, one event with stats,
 * and — beyond the seed — the availability summary. `startTime`/`endTime` may be given as Date objects
 * (sent as ISO date-times) or ISO strings; `limit` is 1–10. Invalid input is a UsageError, nothing sent.
 */

import {
  type HeartbeatAvailability,
  type HeartbeatEventResponse,
  type HeartbeatEventsResponse,
  heartbeatAvailabilityQuerySchema,
  heartbeatAvailabilitySchema,
  heartbeatEventResponseSchema,
  heartbeatEventsQuerySchema,
  heartbeatEventsResponseSchema,
} from "../contract/schemas/heartbeats.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

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
      const q = validateInput(
        heartbeatEventsQuerySchema,
        { startTime: iso(opts.startTime), endTime: iso(opts.endTime), limit: opts.limit },
        "heartbeat events",
      );
      const res = await http.request({
        method: "GET",
        path,
        query: { startTime: q.startTime, endTime: q.endTime, limit: q.limit },
        schema: heartbeatEventsResponseSchema,
      });
      return res.data;
    },

    async event(checkId: string, eventId: string): Promise<HeartbeatEventResponse> {
      const path = `${base(checkId)}/events/${pathId(eventId, "heartbeat event id")}`;
      const res = await http.request({ method: "GET", path, schema: heartbeatEventResponseSchema });
      return res.data;
    },

    /** Beyond the seed: GET …/availability → `{successRatio, totalEntitiesCurrentPeriod}`. */
    async availability(
      checkId: string,
      opts: Omit<HeartbeatEventsOptions, "limit"> = {},
    ): Promise<HeartbeatAvailability> {
      const path = `${base(checkId)}/availability`;
      const q = validateInput(
        heartbeatAvailabilityQuerySchema,
        { startTime: iso(opts.startTime), endTime: iso(opts.endTime) },
        "heartbeat availability",
      );
      const res = await http.request({
        method: "GET",
        path,
        query: { startTime: q.startTime, endTime: q.endTime },
        schema: heartbeatAvailabilitySchema,
      });
      return res.data;
    },
  };
}

export type HeartbeatsApi = ReturnType<typeof heartbeatsApi>;
