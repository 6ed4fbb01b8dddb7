/**
 * Heartbeat events and statistics (seed §2.6, §4.7, api-notes §2.4, §3.5, §5).
 *
 * Tolerance: the hosted OpenAPI requires only the event `id`; everything else is `nullish` (including
 * `event` of the single-event read). `state` is an open enum (EARLY, RECEIVED, GRACE, LATE, FAILING).
 * `timestamp` is typed "date" by the hosted description but carries date-times; any string is accepted.
 */
import { z } from "zod";
import { dateOrDateTime, openEnum } from "./common.ts";
import { queryInt } from "./query-params.ts";

export const HEARTBEAT_STATES = ["EARLY", "RECEIVED", "GRACE", "LATE", "FAILING"] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];
export const heartbeatStateSchema = openEnum(HEARTBEAT_STATES);

export const heartbeatEventSchema = z.looseObject({
  id: z.string(),
  state: heartbeatStateSchema.nullish(),
  timestamp: dateOrDateTime.nullish(),
  /** `Origin` header, else `Referer`, else empty. */
  source: z.string().nullish(),
  userAgent: z.string().nullish(),
});
export type HeartbeatEvent = z.infer<typeof heartbeatEventSchema>;

/** `{successRatio: {previousPeriod, currentPeriod}, totalEntitiesCurrentPeriod}` (also the availability read). */
export const heartbeatAvailabilitySchema = z.looseObject({
  successRatio: z
    .looseObject({ previousPeriod: z.number().nullish(), currentPeriod: z.number().nullish() })
    .nullish(),
  totalEntitiesCurrentPeriod: z.number().nullish(),
});
export type HeartbeatAvailability = z.infer<typeof heartbeatAvailabilitySchema>;

export const heartbeatStatsSchema = z.looseObject({
  last24Hours: heartbeatAvailabilitySchema.nullish(),
  last7Days: heartbeatAvailabilitySchema.nullish(),
});
export type HeartbeatStats = z.infer<typeof heartbeatStatsSchema>;

/** One element of GET /v1/checks/heartbeats/{checkId}/events (the body is an array of these). */
export const heartbeatEventsEntrySchema = z.looseObject({
  events: z.array(heartbeatEventSchema).nullish(),
  stats: heartbeatStatsSchema.nullish(),
});
export const heartbeatEventsResponseSchema = z.array(heartbeatEventsEntrySchema);
export type HeartbeatEventsResponse = z.infer<typeof heartbeatEventsResponseSchema>;

/** GET /v1/checks/heartbeats/{checkId}/events/{id}. */
export const heartbeatEventResponseSchema = z.looseObject({
  event: heartbeatEventSchema.nullish(),
  stats: heartbeatStatsSchema.nullish(),
});
export type HeartbeatEventResponse = z.infer<typeof heartbeatEventResponseSchema>;

// ---- request side (strict) ----

/** `startTime` / `endTime`: an ISO date (YYYY-MM-DD) or an ISO date-time. */
export const heartbeatTimeSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true })],
  "must be an ISO date (YYYY-MM-DD) or date-time",
);

/** Events query: window (default: the last 24 h, chosen by the server) and limit 1–10 (default 10). */
export const heartbeatEventsQuerySchema = z.strictObject({
  startTime: heartbeatTimeSchema.optional(),
  endTime: heartbeatTimeSchema.optional(),
  limit: queryInt(1, 10).optional(),
});
export type HeartbeatEventsQuery = z.input<typeof heartbeatEventsQuerySchema>;

export const heartbeatAvailabilityQuerySchema = heartbeatEventsQuerySchema.omit({ limit: true });
export type HeartbeatAvailabilityQuery = z.input<typeof heartbeatAvailabilityQuerySchema>;
