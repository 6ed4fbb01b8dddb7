/**
 * Checks (api-notes §3.1, BEYOND THE SEED): the tolerant check read and the type-specific create bodies
 * (POST /v1/checks/{api|url|tcp|dns|heartbeat|browser}), which the embedded service validates with: they
 * ignore read-only and unknown members and take `null` as "not given" (common.ts), and keep the limits.
 *
 * Read tolerance: the hosted description requires only `name`; we also require `id` and `checkType`,
 * without which a console cannot list or act on a check. Everything else is nullish; unknown fields kept.
 */
import { z } from "zod";
import { FREQUENCIES } from "../../shared/check-types.ts";
import { checkTypeSchema } from "./check-sessions.ts";
import { openEnum, opt } from "./common.ts";
import { listPreprocess, queryInt } from "./query-params.ts";

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

// ---- create bodies (tolerant of what reads return; strict on limits: see common.ts) -------------------------------------------------------------------------

export const CREATABLE_CHECK_TYPES = ["api", "url", "tcp", "dns", "heartbeat", "browser"] as const;
export type CreatableCheckType = (typeof CREATABLE_CHECK_TYPES)[number];

const kv = z.object({ key: z.string().min(1), value: z.string(), locked: opt(z.boolean()) });
const assertionIn = z.object({
  source: z.string().min(1),
  comparison: z.string().min(1),
  property: opt(z.string()),
  target: opt(z.string()),
  regex: z.string().nullable().optional(),
});
const url = z.string().min(1).max(2048);

const alertSettingsIn = z.object({
  escalationType: opt(z.enum(["RUN_BASED", "TIME_BASED"])),
  runBasedEscalation: opt(z.object({ failedRunThreshold: z.literal([1, 2, 3, 4, 5]) })),
  timeBasedEscalation: opt(z.object({ minutesFailingThreshold: z.literal([5, 10, 15, 30]) })),
  reminders: opt(
    z.object({
      amount: opt(z.literal([0, 1, 2, 3, 4, 5, 100000])),
      interval: opt(z.literal([1, 2, 3, 4, 5, 10, 15, 30])),
    }),
  ),
  sslCertificates: opt(
    z.object({ enabled: opt(z.boolean()), alertThreshold: opt(z.number().int().min(1).max(30)) }),
  ),
  parallelRunFailureThreshold: opt(
    z.object({
      enabled: opt(z.boolean()),
      percentage: opt(z.number().int().min(10).max(100)),
    }),
  ),
});

/** `null` is meaningful here (no retries), so it is kept rather than read as "not given". */
const retryStrategyIn = z
  .object({
    type: z.enum(["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"]),
    baseBackoffSeconds: opt(z.number().min(0)),
    maxRetries: opt(z.number().int().min(1).max(10)),
    maxDurationSeconds: opt(z.number().min(0).max(600)),
    sameRegion: opt(z.boolean()),
    onlyOn: opt(z.array(z.literal("NETWORK_ERROR"))),
  })
  .nullable();

/** Response-time bounds (ms) per type: API/URL/TCP 0–45000, DNS 0–5000, HEARTBEAT 0–300000. */
const ms = (max: number) => z.number().min(0).max(max).nullable().optional();

function baseCreate(checkType: string, maxMs: number, frequencies: readonly number[] = FREQUENCIES) {
  return {
    name: z.string().trim().min(1).max(255),
    checkType: opt(z.literal(checkType)),
    activated: opt(z.boolean()),
    muted: opt(z.boolean()),
    doubleCheck: opt(z.boolean()),
    shouldFail: opt(z.boolean()),
    runParallel: opt(z.boolean()),
    frequency: opt(
      z.number().refine((f) => frequencies.includes(f), `must be one of [${frequencies.join(", ")}]`),
    ),
    frequencyOffset: opt(z.number().int().min(1)),
    locations: z.array(z.string().min(1)).nullable().optional(),
    privateLocations: z.array(z.string().min(1)).nullable().optional(),
    tags: opt(z.array(z.string().min(1))),
    groupId: z.number().int().nullable().optional(),
    groupOrder: z.number().min(0).nullable().optional(),
    degradedResponseTime: ms(maxMs),
    maxResponseTime: ms(maxMs),
    useGlobalAlertSettings: opt(z.boolean()),
    alertSettings: opt(alertSettingsIn),
    alertChannelSubscriptions: opt(
      z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() })),
    ),
    retryStrategy: retryStrategyIn.optional(),
    runtimeId: z.string().nullable().optional(),
    description: z.string().max(500).nullable().optional(),
  };
}

const responseTimesOrdered = (b: { degradedResponseTime?: number | null; maxResponseTime?: number | null }) =>
  b.degradedResponseTime == null || b.maxResponseTime == null || b.degradedResponseTime <= b.maxResponseTime;
const orderedMsg = {
  message: "degradedResponseTime must not exceed maxResponseTime",
  path: ["degradedResponseTime"],
};

const httpRequestFields = {
  url,
  followRedirects: opt(z.boolean()),
  skipSSL: opt(z.boolean()),
  ipFamily: opt(z.enum(["IPv4", "IPv6"])),
  assertions: opt(z.array(assertionIn)),
};

export const apiCheckCreateSchema = z
  .object({
    ...baseCreate("API", 45000),
    request: z.object({
      ...httpRequestFields,
      method: z.enum(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
      body: opt(z.string()),
      bodyType: opt(z.enum(["JSON", "FORM", "RAW", "GRAPHQL", "NONE"])),
      headers: opt(z.array(kv)),
      queryParameters: opt(z.array(kv)),
      basicAuth: z.object({ username: z.string(), password: z.string() }).nullable().optional(),
    }),
  })
  .refine(responseTimesOrdered, orderedMsg);

export const urlCheckCreateSchema = z
  .object({
    ...baseCreate("URL", 45000),
    request: z.object({ ...httpRequestFields, method: opt(z.literal("GET")) }),
  })
  .refine(responseTimesOrdered, orderedMsg);

export const tcpCheckCreateSchema = z
  .object({
    ...baseCreate("TCP", 45000),
    request: z.object({
      hostname: z.string().min(1).max(2048),
      port: z.number().int().min(1).max(65535),
      data: z.string().min(1).nullable().optional(),
      ipFamily: opt(z.enum(["IPv4", "IPv6"])),
      assertions: opt(z.array(assertionIn)),
    }),
  })
  .refine(responseTimesOrdered, orderedMsg);

export const dnsCheckCreateSchema = z
  .object({
    ...baseCreate("DNS", 5000),
    request: z.object({
      query: z.string().min(1).max(100),
      recordType: z.enum(["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"]),
      nameServer: opt(z.string().max(100)),
      port: opt(z.number().int().min(1).max(65535)),
      protocol: opt(z.enum(["TCP", "UDP"])),
      assertions: opt(z.array(assertionIn)),
    }),
  })
  .refine(responseTimesOrdered, orderedMsg);

const unit = z.enum(["seconds", "minutes", "hours", "days"]);
export const heartbeatCheckCreateSchema = z
  .object({
    ...baseCreate("HEARTBEAT", 300000),
    heartbeat: z.object({
      period: z.number().positive(),
      periodUnit: unit,
      grace: z.number().min(0),
      graceUnit: unit,
      pingToken: z.uuid().nullable().optional(),
    }),
  })
  .refine(responseTimesOrdered, orderedMsg);

export const browserCheckCreateSchema = z
  .object({
    ...baseCreate(
      "BROWSER",
      45000,
      FREQUENCIES.filter((f) => f !== 0),
    ),
    script: z.string().min(1).max(200_000),
  })
  .refine(responseTimesOrdered, orderedMsg);

/** The create body of each type, keyed by the path segment of POST /v1/checks/{type}. */
export const checkCreateSchemas = {
  api: apiCheckCreateSchema,
  url: urlCheckCreateSchema,
  tcp: tcpCheckCreateSchema,
  dns: dnsCheckCreateSchema,
  heartbeat: heartbeatCheckCreateSchema,
  browser: browserCheckCreateSchema,
} as const;
export type CheckCreateBody<T extends CreatableCheckType> = z.input<(typeof checkCreateSchemas)[T]>;

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
