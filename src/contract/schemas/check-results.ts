/**
 * Check results (api-notes §3.3, BEYOND THE SEED): v1 bare array, v2 cursor page, one result.
 * Tolerant reads (the hosted description requires only `resultType` and `traceId`; we require `id`, which
 * the console needs to open a result, and default nothing else). The query is strict and accepts the
 * query-string form too, so the embedded service can validate with it.
 */
import { z } from "zod";
import { checkTypeSchema, RESULT_TYPES, resultTypeSchema } from "./check-sessions.ts";
import { cursorPage } from "./common.ts";
import { csvPreprocess, queryBool, queryInt } from "./query-params.ts";
import { MAX_RESULT_WINDOW_S } from "./result-window.ts";

const free = z.looseObject({});

/** The API/URL result detail; only the parts a console shows are typed. */
export const apiCheckResultSchema = z.looseObject({
  assertions: z.array(free).nullish(),
  request: z
    .looseObject({ method: z.string().nullish(), url: z.string().nullish(), data: z.unknown().optional() })
    .nullish(),
  response: z
    .looseObject({
      status: z.number().nullish(),
      statusText: z.string().nullish(),
      body: z.string().nullish(),
      headers: z.unknown().optional(),
      timings: z.record(z.string(), z.number().nullish()).nullish(),
      timingPhases: z.record(z.string(), z.number().nullish()).nullish(),
    })
    .nullish(),
  requestError: z.string().nullish(),
  jobLog: z.unknown().optional(),
});

export const checkResultSchema = z.looseObject({
  id: z.string(),
  checkId: z.string().nullish(),
  name: z.string().nullish(),
  runLocation: z.string().nullish(),
  checkRunId: z.union([z.number(), z.string()]).nullish(),
  sequenceId: z.string().nullish(),
  hasFailures: z.boolean().nullish(),
  hasErrors: z.boolean().nullish(),
  isDegraded: z.boolean().nullish(),
  isCancelled: z.boolean().nullish(),
  overMaxResponseTime: z.boolean().nullish(),
  responseTime: z.number().nullish(),
  attempts: z.number().nullish(),
  resultType: resultTypeSchema.nullish(),
  startedAt: z.string().nullish(),
  stoppedAt: z.string().nullish(),
  created_at: z.string().nullish(),
  apiCheckResult: apiCheckResultSchema.nullish(),
  browserCheckResult: free.nullish(),
  multiStepCheckResult: free.nullish(),
  traceId: z.string().nullish(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
export const checkResultListSchema = z.array(checkResultSchema);
export const checkResultPageSchema = cursorPage(checkResultSchema);
export type CheckResultPage = z.infer<typeof checkResultPageSchema>;

export { MAX_RESULT_WINDOW_S };

const queryFields = {
  limit: queryInt(1, 100).optional(),
  page: queryInt(1).optional(),
  from: queryInt(0).optional(),
  to: queryInt(0).optional(),
  location: z.string().min(1).optional(),
  checkType: checkTypeSchema.optional(),
  hasFailures: queryBool.optional(),
  resultType: z.enum(RESULT_TYPES).optional(),
};

type Window = { from?: number | undefined; to?: number | undefined };
// two rules, each its own message: the one that failed is named (not both in one line)
const ordered = (q: Window) => q.from === undefined || q.to === undefined || q.from <= q.to;
const orderedMsg = { message: "from must not be after to", path: ["from"] };
const short = (q: Window) =>
  q.from === undefined || q.to === undefined || q.to - q.from <= MAX_RESULT_WINDOW_S;
const shortMsg = { message: "from must be at most 6 h before to", path: ["from"] };

/** What `fields` of GET /v2/check-results may name (the hosted description's list; api-notes §3.3). */
export const RESULT_FIELDS = [
  "id",
  "name",
  "checkId",
  "hasFailures",
  "hasErrors",
  "isDegraded",
  "isCancelled",
  "overMaxResponseTime",
  "runLocation",
  "startedAt",
  "stoppedAt",
  "created_at",
  "createdAt",
  "responseTime",
  "apiCheckResult",
  "browserCheckResult",
  "multiStepCheckResult",
  "agenticCheckResult",
  "playwrightCheckResult",
  "tracerouteCheckResult",
  "grpcCheckResult",
  "sslCheckResult",
  "checkRunId",
  "attempts",
  "resultType",
  "sequenceId",
  "traceId",
  "errorGroupIds",
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

export const checkResultsQuerySchema = z
  .strictObject(queryFields)
  .refine(ordered, orderedMsg)
  .refine(short, shortMsg);
/** v2 adds the `nextId` cursor and `fields` (only these members in each entry; repeated or comma-separated). */
export const checkResultsV2QuerySchema = z
  .strictObject({
    ...queryFields,
    nextId: z.string().min(1).optional(),
    fields: z.preprocess(csvPreprocess, z.array(z.enum(RESULT_FIELDS))).optional(),
  })
  .refine(ordered, orderedMsg)
  .refine(short, shortMsg);
export type CheckResultsQuery = z.input<typeof checkResultsQuerySchema>;
export type CheckResultsV2Query = z.input<typeof checkResultsV2QuerySchema>;
