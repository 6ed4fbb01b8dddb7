/**
 * Check sessions (seed §2.1, api-notes §2.2): the trigger body, the session, its concise results.
 * Response schemas are tolerant (unknown fields kept, unknown enum values passed through); the trigger
 * body is strict because the embedded service validates requests with it.
 */
import { z } from "zod";
import { CHECK_TYPES as OWN_CHECK_TYPES } from "../check-types.ts";
import { openEnum, opt } from "./common.ts";
import { queryInt } from "./query-params.ts";

/**
 * The check types a session, result or check read names: this service's own (src/contract/check-types/)
 * and the newer ones the hosted service also sends (api-notes §2.1). Open: an unknown one passes through.
 */
export const CHECK_TYPES = [...OWN_CHECK_TYPES, "ICMP", "SSL", "GRPC", "TRACEROUTE", "AGENTIC"] as const;
export const checkTypeSchema = openEnum(CHECK_TYPES);

export const RUNNING_SESSION_STATUSES = [
  "STARTED",
  "PROGRESS",
  "PROGRESS_FAILED",
  "PROGRESS_DEGRADED",
] as const;
export const TERMINAL_SESSION_STATUSES = ["PASSED", "FAILED", "DEGRADED", "TIMED_OUT", "CANCELLED"] as const;
export const sessionStatusSchema = openEnum([...RUNNING_SESSION_STATUSES, ...TERMINAL_SESSION_STATUSES]);

export const RUN_SOURCES = [
  "CLI_DEPLOY",
  "DEPLOYMENT",
  "DEPLOYMENT_CACHE_WARMER",
  "EDITOR",
  "GROUP_RUN_ALL",
  "LEGACY_TRIGGER",
  "SCHEDULER",
  "SCHEDULE_NOW",
  "CHAT_RERUN",
  "TEST_NO_RECORD",
  "TEST_RECORD",
  "TRIGGER_NO_RECORD",
  "TRIGGER_RECORD",
  "TRIGGER_API",
] as const;

export const RESULT_TYPES = ["FINAL", "ATTEMPT", "ALL"] as const;
export const resultTypeSchema = openEnum(RESULT_TYPES);

/**
 * Whether a session status is terminal. Known running values (STARTED, PROGRESS*) are not; the five known
 * terminal values are; an unknown value counts as terminal only if `stoppedAt` says the session stopped
 * (so a newer hosted status never makes a waiter spin forever, nor stop early while still running).
 */
export function isTerminalSessionStatus(status: string, stoppedAt?: string | null): boolean {
  if ((TERMINAL_SESSION_STATUSES as readonly string[]).includes(status)) return true;
  if ((RUNNING_SESSION_STATUSES as readonly string[]).includes(status)) return false;
  return stoppedAt !== undefined && stoppedAt !== null;
}

/** One run result inside a session (api-notes §2.2). */
export const checkSessionResultSchema = z.looseObject({
  checkResultId: z.string(),
  checkResultLink: z.string().nullish(),
  checkId: z.string(),
  checkType: checkTypeSchema,
  name: z.string().nullish(),
  runLocation: z.string(),
  resultType: resultTypeSchema.nullish(),
  hasErrors: z.boolean().nullish(),
  hasFailures: z.boolean().nullish(),
  isDegraded: z.boolean().nullish(),
  aborted: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  responseTime: z.number().nullish(),
  startedAt: z.string().nullish(),
  stoppedAt: z.string().nullish(),
});
export type CheckSessionResult = z.infer<typeof checkSessionResultSchema>;

/** A session as the trigger returns it (seed §2.1). `stoppedAt` is null while running. */
export const checkSessionSchema = z.looseObject({
  checkSessionId: z.string(),
  checkSessionLink: z.string().nullish(),
  checkId: z.string(),
  checkType: checkTypeSchema,
  name: z.string().nullish(),
  status: sessionStatusSchema,
  startedAt: z.string().nullish(),
  stoppedAt: z.string().nullish(),
  timeElapsed: z.number().nullish(),
  runLocations: z.array(z.string()).default([]),
  runSource: openEnum(RUN_SOURCES).nullish(),
});
export type CheckSession = z.infer<typeof checkSessionSchema>;

/** A session with its results (GET /v1/check-sessions/{id} and the 200 of /completion). */
export const checkSessionDetailSchema = checkSessionSchema.extend({
  results: z.array(checkSessionResultSchema).default([]),
});
export type CheckSessionDetail = z.infer<typeof checkSessionDetailSchema>;

export const triggerResponseSchema = z.looseObject({ sessions: z.array(checkSessionSchema) });
export type TriggerResponse = z.infer<typeof triggerResponseSchema>;

/** A tag term: a non-empty tag, optionally prefixed with `!` to exclude it. */
const tagTerm = z
  .string()
  .min(1)
  .refine((s) => s !== "!", "a bare ! is not a tag");

/**
 * POST /v1/check-sessions/trigger body (api-notes §2.2), also v2; the embedded service validates with it.
 * Unknown members are ignored and `null` means not given (common.ts).
 */
export const triggerBodySchema = z.object({
  target: opt(
    z.object({
      matchTags: opt(z.array(z.array(tagTerm).min(1))),
      checkId: opt(z.array(z.uuid())),
    }),
  ),
  refreshCache: opt(z.boolean()),
});
export type TriggerBody = z.infer<typeof triggerBodySchema>;

/** `maxWaitSeconds` of GET /completion: 1–30, default 30 (api-notes §8.2). Accepts the query string form. */
export const maxWaitSecondsSchema = queryInt(1, 30).default(30);
