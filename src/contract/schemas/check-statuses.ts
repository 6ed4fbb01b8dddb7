/**
 * Check statuses (api-notes §3.2, BEYOND THE SEED): the latest state of each check. Tolerant; the hosted
 * description requires only `name`, we also require `checkId` (the console joins statuses to checks by it).
 */
import { z } from "zod";

export const checkStatusSchema = z.looseObject({
  checkId: z.string(),
  name: z.string().nullish(),
  hasFailures: z.boolean().nullish(),
  hasErrors: z.boolean().nullish(),
  isDegraded: z.boolean().nullish(),
  longestRun: z.number().nullish(),
  shortestRun: z.number().nullish(),
  lastRunLocation: z.string().nullish(),
  lastCheckRunId: z.union([z.string(), z.number()]).nullish(),
  sslDaysRemaining: z.number().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** vigil extension: the latest run could not be made here (e.g. no usable browser), and why. */
  cannotRun: z.boolean().nullish(),
  cannotRunReason: z.string().nullish(),
});
export type CheckStatus = z.infer<typeof checkStatusSchema>;
export const checkStatusListSchema = z.array(checkStatusSchema);

/**
 * vigil extension (README, "Compatibility with the hosted API's own clients"): every answer of
 * `GET /v1/check-statuses` carries a cursor in STATUS_CURSOR_HEADER; `?changedSince=<cursor>` asks for the
 * statuses changed since it, and an answer that is that delta says so by echoing the cursor in
 * STATUS_SINCE_HEADER — without it, the answer is the full list (an unknown or outdated cursor). The hosted
 * API sends neither header: a client asks for a delta only of a service that handed it a cursor.
 */
export const STATUS_CURSOR_HEADER = "x-vigil-status-cursor";
export const STATUS_SINCE_HEADER = "x-vigil-status-since";
export const CHANGED_SINCE_PARAM = "changedSince";

/**
 * vigil extension, as the checks list's: `fields=<member>,…` (repeated or comma-separated) makes each
 * status of GET /v1/check-statuses (the full list and a delta) carry only those members. A client sends it
 * only to a service that showed it is vigil's (a status cursor, or the checks list's wide pages).
 */
export const STATUS_FIELDS_PARAM = "fields";

// the state rule lives in the shared layer (console, CLI and store use it without the schemas)
export { type CheckState, checkState } from "../../shared/check-state.ts";
