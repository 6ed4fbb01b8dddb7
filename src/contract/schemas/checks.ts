/**
 * Checks (api-notes §3.1, BEYOND THE SEED): the tolerant check read, and which type-specific bodies the
 * client creates (POST /v1/checks/{api|url|tcp|dns|heartbeat|browser}) — each type's body is ONE schema,
 * in check-bodies.ts, shared with the embedded service.
 *
 * Read tolerance: the hosted description requires only `name`; we also require `id` and `checkType`,
 * without which a console cannot list or act on a check. Everything else is nullish; unknown fields kept.
 */
import { z } from "zod";
import { CHECK_KINDS, type CheckBodyInput } from "./check-bodies.ts";
import { FREQUENCIES } from "./check-body-parts.ts";
import { checkTypeSchema } from "./check-sessions.ts";
import { openEnum } from "./common.ts";
import { listPreprocess, queryInt } from "./query-params.ts";
import { nameSchema } from "./rules.ts";

export { FREQUENCIES };
export const CHECK_LIST_STATUSES = ["passing", "failing", "degraded"] as const;

const keyValue = z.looseObject({
  key: z.string(),
  value: z.string().nullish(),
  locked: z.boolean().nullish(),
});
const assertion = z.looseObject({
  source: z.string().nullish(),
  comparison: z.string().nullish(),
  property: z.string().nullish(),
  target: z.union([z.string(), z.number()]).nullish(),
  regex: z.string().nullish(),
});

/** `request` of API/URL (method, url...), TCP (hostname, port, data) and DNS (query, recordType...) checks. */
export const checkRequestSchema = z.looseObject({
  method: z.string().nullish(),
  url: z.string().nullish(),
  body: z.string().nullish(),
  bodyType: z.string().nullish(),
  headers: z.array(keyValue).nullish(),
  queryParameters: z.array(keyValue).nullish(),
  assertions: z.array(assertion).nullish(),
  followRedirects: z.boolean().nullish(),
  skipSSL: z.boolean().nullish(),
  ipFamily: z.string().nullish(),
  hostname: z.string().nullish(),
  port: z.number().nullish(),
  data: z.string().nullish(),
  query: z.string().nullish(),
  recordType: z.string().nullish(),
  nameServer: z.string().nullish(),
  protocol: z.string().nullish(),
});

const periodUnit = openEnum(["seconds", "minutes", "hours", "days"]);
export const heartbeatConfigSchema = z.looseObject({
  period: z.number().nullish(),
  periodUnit: periodUnit.nullish(),
  grace: z.number().nullish(),
  graceUnit: periodUnit.nullish(),
  pingToken: z.string().nullish(),
  pingUrl: z.string().nullish(),
});

export const alertChannelSubscriptionSchema = z.looseObject({
  alertChannelId: z.number(),
  activated: z.boolean().nullish(),
});

export const checkSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  checkType: checkTypeSchema,
  activated: z.boolean().nullish(),
  muted: z.boolean().nullish(),
  frequency: z.number().nullish(),
  frequencyOffset: z.number().nullish(),
  locations: z.array(z.string()).nullish(),
  privateLocations: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  groupId: z.number().nullish(),
  groupOrder: z.number().nullish(),
  shouldFail: z.boolean().nullish(),
  runParallel: z.boolean().nullish(),
  degradedResponseTime: z.number().nullish(),
  maxResponseTime: z.number().nullish(),
  useGlobalAlertSettings: z.boolean().nullish(),
  alertSettings: z.looseObject({}).nullish(),
  alertChannelSubscriptions: z.array(alertChannelSubscriptionSchema).nullish(),
  retryStrategy: z.looseObject({ type: z.string().nullish() }).nullish(),
  runtimeId: z.string().nullish(),
  description: z.string().nullish(),
  request: checkRequestSchema.nullish(),
  script: z.string().nullish(),
  heartbeat: heartbeatConfigSchema.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Check = z.infer<typeof checkSchema>;
export const checkListSchema = z.array(checkSchema);

// ---- create bodies: the one schema of each type (check-bodies.ts) ----------------------------------------

export const CREATABLE_CHECK_TYPES = ["api", "url", "tcp", "dns", "heartbeat", "browser"] as const;
export type CreatableCheckType = (typeof CREATABLE_CHECK_TYPES)[number];

/** The body of each type the client creates, keyed by the path segment of POST /v1/checks/{type}. */
export const checkCreateSchemas = Object.defineProperties(
  {},
  // getters: a type's body is built the first time it is read (check-body-parts.ts `lazy`)
  Object.fromEntries(
    CREATABLE_CHECK_TYPES.map((t) => [t, { get: () => CHECK_KINDS[t].schema, enumerable: true }]),
  ),
) as { [K in CreatableCheckType]: (typeof CHECK_KINDS)[K]["schema"] };
export type CheckCreateBody<T extends CreatableCheckType> = CheckBodyInput<T>;

// ---- update body ---------------------------------------------------------------------------------------

/**
 * PUT /v1/checks/{type}/{id} body as the console sends it: only the fields it means to change (the
 * service merges an update onto the stored check; the hosted update body requires none). Strict: a field
 * not listed here is a mistake, not something to send.
 */
export const checkUpdateBodySchema = z.strictObject({
  name: nameSchema().optional(),
  activated: z.boolean().optional(),
  muted: z.boolean().optional(),
  tags: z.array(z.string().min(1)).optional(),
});
export type CheckUpdateBody = z.input<typeof checkUpdateBodySchema>;

// wide pages of the checks list: checks-pages.ts
export { CHECK_FIELDS_PARAM, CHECKS_PAGE_MAX, CHECKS_PAGE_MAX_HEADER } from "./checks-pages.ts";

/** Filters of GET /v1/checks (page/limit; `tag` repeatable, ANY tag matches). */
export const checkListQuerySchema = z.strictObject({
  page: queryInt(1).optional(),
  limit: queryInt(1, 100).optional(),
  tag: z.preprocess(listPreprocess, z.array(z.string().min(1))).optional(),
  checkType: z.string().min(1).optional(),
  search: z.string().optional(),
  status: z.enum(CHECK_LIST_STATUSES).optional(),
});
export type CheckListQuery = z.input<typeof checkListQuerySchema>;
