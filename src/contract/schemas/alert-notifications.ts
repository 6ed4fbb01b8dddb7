/**
 * The alert delivery log, `GET /v1/alert-notifications` (api-notes §3.5, beyond the seed): one entry per
 * delivery, newest first, page/limit bare array. The embedded service adds what its outbox knows:
 * `attempts` (one entry per attempt), `attemptCount`, `nextAttemptAt`, `lastError`, `alertType`, the check
 * alert's `checkName` and `runLocation` (joined by `checkAlertId` to `GET /v1/check-alerts`), and for
 * status-page subscriber mail `statusPageId` / `incidentId`. Status SKIPPED (transport not configured) is
 * the embedded service's addition to the hosted set.
 *
 * Query: `from`/`to` (ISO date or date-time, or UNIX seconds) bound a window of at most 24 h (default: the
 * last 24 h; one end alone gives the other ± 24 h); `alertChannelId`; `hasFailures` (true: FAILURE,
 * RATE_LIMITED, SKIPPED; false: the others); `status`; `limit` 1–100 (default 10); `page`.
 */
import { z } from "zod";
import { openEnum } from "./common.ts";
import { queryBool, queryInt } from "./query-params.ts";

export const ALERT_NOTIFICATION_STATUSES = [
  "IN_PROGRESS",
  "SUCCESS",
  "FAILURE",
  "RATE_LIMITED",
  "SKIPPED",
] as const;
export const alertNotificationStatusSchema = openEnum(ALERT_NOTIFICATION_STATUSES);

export const deliveryAttemptSchema = z.looseObject({
  attempt: z.number(),
  startedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  outcome: z.string(),
  httpStatus: z.number().nullish(),
  error: z.string().nullish(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const alertNotificationSchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  status: alertNotificationStatusSchema.nullish(),
  alertConfig: z.record(z.string(), z.unknown()).nullish(),
  notificationResult: z.string().nullish(),
  timestamp: z.string().nullish(),
  checkType: z.string().nullish(),
  checkId: z.string().nullish(),
  checkAlertId: z.string().nullish(),
  alertChannelId: z.number().nullish(),
  checkResultId: z.string().nullish(),
  alertType: z.string().nullish(),
  checkName: z.string().nullish(),
  runLocation: z.string().nullish(),
  attemptCount: z.number().nullish(),
  nextAttemptAt: z.string().nullish(),
  lastError: z.string().nullish(),
  attempts: z.array(deliveryAttemptSchema).nullish(),
});
export type AlertNotification = z.infer<typeof alertNotificationSchema>;
export const alertNotificationListSchema = z.array(alertNotificationSchema);

/** A window end: UNIX seconds, or an ISO date / date-time. */
const when = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.union([
    z.number().int().min(0),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be a date"),
  ]),
);

export const MAX_NOTIFICATION_WINDOW_MS = 24 * 3600 * 1000;

export const alertNotificationsQuerySchema = z.strictObject({
  limit: queryInt(1, 100).optional(),
  page: queryInt(1).optional(),
  from: when.optional(),
  to: when.optional(),
  alertChannelId: queryInt(1).optional(),
  hasFailures: queryBool.optional(),
  status: z.enum(ALERT_NOTIFICATION_STATUSES).optional(),
});
export type AlertNotificationsQuery = z.input<typeof alertNotificationsQuerySchema>;

/** A window end as ms since the epoch. */
export function whenToMs(v: number | string): number {
  return typeof v === "number" ? v * 1000 : Date.parse(v);
}
