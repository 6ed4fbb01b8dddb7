/**
 * Request bodies of the check endpoints (beyond the seed: hosted `POST /v1/checks/{type}` and
 * `PUT /v1/checks/{type}/{id}`), with the hosted limits and defaults, applied after the client's create
 * schema (src/api/schemas/checks.ts) and to merged updates. Unknown fields are dropped, not rejected, and
 * `null` for an optional member means not given (src/api/schemas/common.ts).
 */
import { z } from "zod";
import { opt, optOr } from "../api/schemas/common.ts";
import { FREQUENCIES } from "../shared/check-types.ts";
import { REGION_CODES } from "../shared/regions.ts";

const frequency = z.union(
  FREQUENCIES.map((f) => z.literal(f)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>],
);

const keyValue = z.object({ key: z.string().min(1), value: z.string(), locked: optOr(z.boolean(), false) });

const assertion = z.object({
  source: z.string().min(1),
  comparison: z.string().min(1),
  property: optOr(z.string(), ""),
  target: optOr(z.union([z.string(), z.number()]).transform(String), ""),
  regex: z.string().nullish().default(""),
});

const retryStrategy = z
  .object({
    type: z.enum(["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"]),
    baseBackoffSeconds: optOr(z.number().min(0).max(600), 60),
    maxRetries: optOr(z.number().int().min(1).max(10), 2),
    maxDurationSeconds: optOr(z.number().min(0).max(600), 600),
    sameRegion: optOr(z.boolean(), true),
    onlyOn: opt(z.array(z.enum(["NETWORK_ERROR"]))),
  })
  .nullable();

/** Fields every check type shares. */
const common = {
  name: z.string().min(1).max(255),
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
  alertSettings: z.looseObject({}).nullish(),
  alertChannelSubscriptions: opt(
    z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() })),
  ),
  retryStrategy: retryStrategy.optional(),
  frequency: optOr(frequency, 10),
  frequencyOffset: opt(z.number().int().min(0)),
};

const ms = (max: number, def: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .nullish()
    .transform((v) => v ?? def);

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

export const apiCheckBody = z.object({
  ...common,
  request: httpRequest(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
  degradedResponseTime: ms(45000, 5000),
  maxResponseTime: ms(45000, 20000),
});

export const urlCheckBody = z.object({
  ...common,
  request: httpRequest(["GET"]),
  degradedResponseTime: ms(45000, 3000),
  maxResponseTime: ms(45000, 5000),
});

export const tcpCheckBody = z.object({
  ...common,
  request: z.object({
    hostname: z.string().min(1).max(2048),
    port: z.number().int().min(1).max(65535),
    data: z.string().nullish().default(null),
    assertions: optOr(z.array(assertion), []),
    ipFamily: optOr(z.enum(["IPv4", "IPv6"]), "IPv4"),
  }),
  degradedResponseTime: ms(45000, 3000),
  maxResponseTime: ms(45000, 5000),
});

export const dnsCheckBody = z.object({
  ...common,
  request: z.object({
    query: z.string().min(1).max(100),
    recordType: z.enum(["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"]),
    nameServer: opt(z.string().max(100)),
    port: opt(z.number().int().min(1).max(65535)),
    protocol: optOr(z.enum(["TCP", "UDP"]), "UDP"),
    assertions: optOr(z.array(assertion), []),
  }),
  degradedResponseTime: ms(5000, 500),
  maxResponseTime: ms(5000, 1000),
});

const timeUnit = z.enum(["seconds", "minutes", "hours", "days"]);
const UNIT_S = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
const YEAR_S = 365 * 86400;

export const heartbeatCheckBody = z.object({
  ...common,
  heartbeat: z
    .object({
      period: z.number().min(0),
      periodUnit: timeUnit,
      grace: z.number().min(0),
      graceUnit: timeUnit,
      pingToken: z.string().min(1).nullish(),
    })
    .superRefine((h, ctx) => {
      const period = h.period * UNIT_S[h.periodUnit];
      const grace = h.grace * UNIT_S[h.graceUnit];
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
  degradedResponseTime: ms(300000, 10000),
  maxResponseTime: ms(300000, 20000),
});

const scriptCheck = {
  ...common,
  frequency: frequency
    .refine((f) => f !== 0, '"frequency" must be at least 1 for this check type')
    .default(10),
  script: z.string().min(1).max(200_000),
  sslCheckDomain: z.string().nullish(),
  degradedResponseTime: ms(300000, 10000),
  maxResponseTime: ms(300000, 30000),
};
export const browserCheckBody = z.object(scriptCheck);
export const multiStepCheckBody = z.object(scriptCheck);

/** URL segment of `/v1/checks/{segment}` → check type and its body schema. */
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

export function kindOfType(checkType: string): CheckKind | undefined {
  return (Object.keys(CHECK_KINDS) as CheckKind[]).find((k) => CHECK_KINDS[k].checkType === checkType);
}
