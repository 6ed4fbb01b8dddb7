/**
 * The body of each check type as written (beyond the seed: hosted `POST /v1/checks/{kind}` and
 * `PUT /v1/checks/{kind}/{id}`) — ONE schema per type, used by the client before it sends
 * (src/api/checks.ts) and by the embedded service to validate creates and merged updates and fill the
 * hosted defaults (src/service/app/checks.ts, the demo). Tolerant the way real clients need: unknown and
 * read-only members are dropped, `null` for an optional member means not given (common.ts); strict on every
 * limit. The response times' defaults and bounds come from the check-type spec (src/contract/check-types.ts).
 */
import { z } from "zod";
import { REGION_CODES } from "../../shared/regions.ts";
import { TIME_UNIT_MS, TIME_UNITS } from "../../shared/time-span.ts";
import { CHECK_TYPE_SPECS, type CheckType, FREQUENCIES } from "../check-types.ts";
import { opt, optOr } from "./common.ts";
import { nameSchema } from "./rules.ts";

const frequencyIn = (allowed: readonly number[]) =>
  z.number().refine((f) => allowed.includes(f), `must be one of [${allowed.join(", ")}]`);
const frequency = frequencyIn(FREQUENCIES);

const keyValue = z.object({ key: z.string().min(1), value: z.string(), locked: optOr(z.boolean(), false) });

const assertion = z.object({
  source: z.string().min(1),
  comparison: z.string().min(1),
  property: optOr(z.string(), ""),
  target: optOr(z.union([z.string(), z.number()]).transform(String), ""),
  regex: z.string().nullish().default(""),
});

const alertSettings = z.looseObject({
  escalationType: opt(z.enum(["RUN_BASED", "TIME_BASED"])),
  runBasedEscalation: opt(z.looseObject({ failedRunThreshold: z.literal([1, 2, 3, 4, 5]) })),
  timeBasedEscalation: opt(z.looseObject({ minutesFailingThreshold: z.literal([5, 10, 15, 30]) })),
  reminders: opt(
    z.looseObject({
      amount: opt(z.literal([0, 1, 2, 3, 4, 5, 100000])),
      interval: opt(z.literal([1, 2, 3, 4, 5, 10, 15, 30])),
    }),
  ),
  sslCertificates: opt(
    z.looseObject({ enabled: opt(z.boolean()), alertThreshold: opt(z.number().int().min(1).max(30)) }),
  ),
  parallelRunFailureThreshold: opt(
    z.looseObject({ enabled: opt(z.boolean()), percentage: opt(z.number().int().min(10).max(100)) }),
  ),
});

/**
 * A retry strategy's defaults and largest values (api-notes §3.1): the body schema fills and bounds a new
 * strategy with them, the engine reads a stored one with them (src/service/engine/checks.ts).
 */
export const RETRY_DEFAULTS = { baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600 } as const;
export const RETRY_LIMITS = { baseBackoffSeconds: 600, maxRetries: 10, maxDurationSeconds: 600 } as const;

const retryStrategy = z
  .object({
    type: z.enum(["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"]),
    baseBackoffSeconds: optOr(
      z.number().min(0).max(RETRY_LIMITS.baseBackoffSeconds),
      RETRY_DEFAULTS.baseBackoffSeconds,
    ),
    maxRetries: optOr(z.number().int().min(1).max(RETRY_LIMITS.maxRetries), RETRY_DEFAULTS.maxRetries),
    maxDurationSeconds: optOr(
      z.number().min(0).max(RETRY_LIMITS.maxDurationSeconds),
      RETRY_DEFAULTS.maxDurationSeconds,
    ),
    sameRegion: optOr(z.boolean(), true),
    onlyOn: opt(z.array(z.enum(["NETWORK_ERROR"]))),
  })
  .nullable();

/** Fields every check type shares. */
const common = {
  name: nameSchema(),
  activated: optOr(z.boolean(), true),
  muted: optOr(z.boolean(), false),
  doubleCheck: opt(z.boolean()),
  shouldFail: optOr(z.boolean(), false),
  locations: z
    .array(z.enum(REGION_CODES))
    .nullish()
    .transform((v) => v ?? []),
  privateLocations: z
    .array(z.string().min(1))
    .nullish()
    .transform((v) => v ?? []),
  tags: optOr(z.array(z.string().min(1).max(255)), []),
  description: z.string().max(1000).nullish(),
  groupId: z.number().int().nullish().default(null),
  groupOrder: z.number().min(0).nullish().default(null),
  runtimeId: z.string().nullish().default(null),
  runParallel: optOr(z.boolean(), false),
  useGlobalAlertSettings: optOr(z.boolean(), true),
  alertSettings: alertSettings.nullish(),
  alertChannelSubscriptions: opt(
    z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() })),
  ),
  retryStrategy: retryStrategy.optional(),
  frequency: optOr(frequency, 10),
  frequencyOffset: opt(z.number().int().min(0)),
};

/** degradedResponseTime and maxResponseTime of a type: its spec's bounds and defaults, degraded ≤ max. */
function responseTimes(type: CheckType) {
  const { thresholds, maxMs } = CHECK_TYPE_SPECS[type];
  const ms = (def: number) =>
    z
      .number()
      .min(0)
      .max(maxMs)
      .nullish()
      .transform((v) => v ?? def);
  return {
    checkType: opt(z.literal(type)),
    degradedResponseTime: ms(thresholds[0]),
    maxResponseTime: ms(thresholds[1]),
  };
}
const ordered = {
  check: (b: { degradedResponseTime: number; maxResponseTime: number }) =>
    b.degradedResponseTime <= b.maxResponseTime,
  params: { message: "degradedResponseTime must not exceed maxResponseTime", path: ["degradedResponseTime"] },
};
const body = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.object(shape).refine((b) => ordered.check(b as never), ordered.params);

const httpRequest = (methods: readonly [string, ...string[]]) =>
  z.object({
    method: optOr(z.enum(methods), methods[0]),
    url: z.string().min(1).max(2048).pipe(z.url()),
    followRedirects: optOr(z.boolean(), true),
    skipSSL: optOr(z.boolean(), false),
    ipFamily: optOr(z.enum(["IPv4", "IPv6"]), "IPv4"),
    body: optOr(z.string(), ""),
    bodyType: optOr(z.enum(["JSON", "FORM", "RAW", "GRAPHQL", "NONE"]), "NONE"),
    headers: optOr(z.array(keyValue), []),
    queryParameters: optOr(z.array(keyValue), []),
    assertions: optOr(z.array(assertion), []),
    basicAuth: z.object({ username: z.string(), password: z.string() }).nullish(),
  });

export const apiCheckBody = body({
  ...common,
  ...responseTimes("API"),
  request: httpRequest(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
});

export const urlCheckBody = body({
  ...common,
  ...responseTimes("URL"),
  request: httpRequest(["GET"]),
});

export const tcpCheckBody = body({
  ...common,
  ...responseTimes("TCP"),
  request: z.object({
    hostname: z.string().min(1).max(2048),
    port: z.number().int().min(1).max(65535),
    data: z.string().nullish().default(null),
    assertions: optOr(z.array(assertion), []),
    ipFamily: optOr(z.enum(["IPv4", "IPv6"]), "IPv4"),
  }),
});

export const dnsCheckBody = body({
  ...common,
  ...responseTimes("DNS"),
  request: z.object({
    query: z.string().min(1).max(100),
    recordType: z.enum(["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"]),
    nameServer: opt(z.string().max(100)),
    port: opt(z.number().int().min(1).max(65535)),
    protocol: optOr(z.enum(["TCP", "UDP"]), "UDP"),
    assertions: optOr(z.array(assertion), []),
  }),
});

const timeUnit = z.enum(TIME_UNITS);
const YEAR_S = 365 * 86400;

export const heartbeatCheckBody = body({
  ...common,
  ...responseTimes("HEARTBEAT"),
  heartbeat: z
    .object({
      period: z.number().min(0),
      periodUnit: timeUnit,
      grace: z.number().min(0),
      graceUnit: timeUnit,
      pingToken: z.string().min(1).nullish(),
    })
    .superRefine((h, ctx) => {
      const period = (h.period * TIME_UNIT_MS[h.periodUnit]) / 1000;
      const grace = (h.grace * TIME_UNIT_MS[h.graceUnit]) / 1000;
      if (period < 30 || period > YEAR_S)
        ctx.addIssue({
          code: "custom",
          path: ["period"],
          message: '"heartbeat.period" must be between 30 seconds and 365 days',
        });
      if (grace > YEAR_S)
        ctx.addIssue({
          code: "custom",
          path: ["grace"],
          message: '"heartbeat.grace" must be at most 365 days',
        });
    }),
});

const scriptCheck = (type: "BROWSER" | "MULTI_STEP") =>
  body({
    ...common,
    ...responseTimes(type),
    frequency: optOr(frequencyIn(FREQUENCIES.filter((f) => f !== 0)), 10),
    script: z.string().min(1).max(200_000),
    sslCheckDomain: z.string().nullish(),
  });
export const browserCheckBody = scriptCheck("BROWSER");
export const multiStepCheckBody = scriptCheck("MULTI_STEP");

/** URL segment of `/v1/checks/{segment}` → check type and its body schema (the one schema of each type). */
export const CHECK_KINDS = {
  api: { checkType: "API", schema: apiCheckBody },
  url: { checkType: "URL", schema: urlCheckBody },
  tcp: { checkType: "TCP", schema: tcpCheckBody },
  dns: { checkType: "DNS", schema: dnsCheckBody },
  heartbeat: { checkType: "HEARTBEAT", schema: heartbeatCheckBody },
  browser: { checkType: "BROWSER", schema: browserCheckBody },
  multistep: { checkType: "MULTI_STEP", schema: multiStepCheckBody },
} as const;

export type CheckKind = keyof typeof CHECK_KINDS;

/** The input of a kind's body, as a caller writes it. */
export type CheckBodyInput<K extends CheckKind> = z.input<(typeof CHECK_KINDS)[K]["schema"]>;

export function kindOfType(checkType: string): CheckKind | undefined {
  return (Object.keys(CHECK_KINDS) as CheckKind[]).find((k) => CHECK_KINDS[k].checkType === checkType);
}
