/**
 * Check alerts, `GET /v1/check-alerts[/{checkId}]` (api-notes §3.5, beyond the seed): one entry per state
 * change that raised an alert (ALERT_FAILURE, ALERT_RECOVERY, ALERT_DEGRADED, …), whether or not a channel
 * was told; the deliveries are the alert notifications, joined by their `checkAlertId`. Page/limit bare
 * array, newest first.
 *
 * Reads are tolerant (the hosted description requires only `name`; every member may be absent or null,
 * `statusCode` is a string there and may come as a number, unknown alert and check types pass through).
 * The embedded service adds `checkResultId`, the run that raised the alert.
 *
 * Query (strict, also the embedded service's validation): `limit` 1–100 (default 10), `page` ≥ 1, `from` /
 * `to` as UNIX seconds or an ISO date / date-time — a window of at most 6 h (a lone end becomes the other
 * end ± 6 h; with neither, the newest alerts whatever their age).
 */
import { z } from "zod";
import { ALERT_TYPES } from "../../shared/webhook/variables.ts";
import { checkTypeSchema } from "./check-sessions.ts";
import { openEnum } from "./common.ts";
import { queryInt } from "./query-params.ts";

/** The hosted enum (with NO_ALERT, which appears in the history only) plus vigil's own no-agent types. */
export const CHECK_ALERT_TYPES = ["NO_ALERT", ...ALERT_TYPES] as const;
export const checkAlertTypeSchema = openEnum(CHECK_ALERT_TYPES);

export const checkAlertSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
  checkId: z.string().nullish(),
  alertType: checkAlertTypeSchema.nullish(),
  checkType: checkTypeSchema.nullish(),
  runLocation: z.string().nullish(),
  responseTime: z.number().nullish(),
  error: z.string().nullish(),
  statusCode: z.union([z.string(), z.number()]).nullish(),
  created_at: z.string().nullish(),
  startedAt: z.string().nullish(),
  checkResultId: z.string().nullish(),
});
export type CheckAlert = z.infer<typeof checkAlertSchema>;
export const checkAlertListSchema = z.array(checkAlertSchema);

/** The longest `from`–`to` window (6 h, in ms), as for check results. */
export const MAX_CHECK_ALERT_WINDOW_MS = 6 * 3600 * 1000;

const isWhen = (v: number | string): boolean =>
  typeof v === "number"
    ? Number.isInteger(v) && v >= 0
    : /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));

/** A window end: UNIX seconds, or an ISO date / date-time. */
const when = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z.union([z.number(), z.string()]).refine(isWhen, "must be UNIX seconds or an ISO date (date-time)"),
);

/** A window end as ms since the epoch. */
export function checkAlertWhenToMs(v: number | string): number {
  return typeof v === "number" ? v * 1000 : Date.parse(v);
}

export const checkAlertsQuerySchema = z
  .strictObject({
    limit: queryInt(1, 100).optional(),
    page: queryInt(1).optional(),
    from: when.optional(),
    to: when.optional(),
  })
  // two rules, each its own message: the one that failed is named (not both in one line)
  .refine(
    (q) =>
      q.from === undefined || q.to === undefined || checkAlertWhenToMs(q.from) <= checkAlertWhenToMs(q.to),
    { message: "must not be after to", path: ["from"] },
  )
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      checkAlertWhenToMs(q.to) - checkAlertWhenToMs(q.from) <= MAX_CHECK_ALERT_WINDOW_MS,
    { message: "from must be at most 6 h before to", path: ["from"] },
  );
export type CheckAlertsQuery = z.input<typeof checkAlertsQuerySchema>;

/** The query's window in ms: a lone end becomes the other end ± 6 h; neither: no bound. */
export function checkAlertWindow(q: {
  from?: number | string | undefined;
  to?: number | string | undefined;
}): {
  fromMs?: number;
  toMs?: number;
} {
  let from = q.from === undefined ? undefined : checkAlertWhenToMs(q.from);
  let to = q.to === undefined ? undefined : checkAlertWhenToMs(q.to);
  if (from !== undefined && to === undefined) to = from + MAX_CHECK_ALERT_WINDOW_MS;
  if (to !== undefined && from === undefined) from = to - MAX_CHECK_ALERT_WINDOW_MS;
  return from === undefined || to === undefined ? {} : { fromMs: from, toMs: to };
}
