/**
 * The pieces every check type's body schema is built from (each type's body is in its file under
 * src/contract/check-types/; schemas/check-bodies.ts gathers them): the fields all types share, the
 * response times from the type's spec, the HTTP request of URL and API checks, the script of browser ones.
 * Tolerant the way real clients need: unknown and read-only members are dropped, `null` for an optional
 * member means not given (common.ts); strict on every limit.
 */
import { z } from "zod";
import { REGION_CODES } from "../../shared/regions.ts";
import type { CheckTypeSpec } from "../check-type-def.ts";
import { opt, optOr } from "./common.ts";
import { nameSchema } from "./rules.ts";

/** The frequencies a check may have, in minutes (0 = API high-frequency checks' sub-minute mode). */
export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;

export const frequencyIn = (allowed: readonly number[]) =>
  z.number().refine((f) => allowed.includes(f), `must be one of [${allowed.join(", ")}]`);
// The pieces below are built when a first body is (each type's body is `lazy`, see there), once, and
// shared by every type's body as before.

const keyValue = lazy(() =>
  z.object({ key: z.string().min(1), value: z.string(), locked: optOr(z.boolean(), false) }),
);

export const assertion = lazy(() =>
  z.object({
    source: z.string().min(1),
    comparison: z.string().min(1),
    property: optOr(z.string(), ""),
    target: optOr(z.union([z.string(), z.number()]).transform(String), ""),
    regex: z.string().nullish().default(""),
  }),
);

const alertSettings = lazy(() =>
  z.looseObject({
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
  }),
);

/**
 * A retry strategy's defaults and largest values (api-notes §3.1): the body schema fills and bounds a new
 * strategy with them, the engine reads a stored one with them (src/service/engine/checks.ts).
 */
export const RETRY_DEFAULTS = { baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600 } as const;
export const RETRY_LIMITS = { baseBackoffSeconds: 600, maxRetries: 10, maxDurationSeconds: 600 } as const;

const retryStrategy = lazy(() =>
  z
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
    .nullable(),
);

/** Fields every check type shares. */
export const common = lazy(() => ({
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
  alertSettings: alertSettings().nullish(),
  alertChannelSubscriptions: opt(
    z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() })),
  ),
  retryStrategy: retryStrategy().optional(),
  frequency: optOr(frequencyIn(FREQUENCIES), 10),
  frequencyOffset: opt(z.number().int().min(0)),
}));

/** `checkType`, degradedResponseTime and maxResponseTime of a type: its spec's bounds and defaults. */
export function responseTimes<T extends string>(type: T, { thresholds, maxMs }: CheckTypeSpec) {
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
/** A type's body from its fields (`...common, ...responseTimes(type, spec)`, then its own): degraded ≤ max. */
export const body = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.object(shape).refine((b) => ordered.check(b as never), ordered.params);

/**
 * A type's body schema made the first time it is read (the type's `get body()`), not when the contract
 * loads: every console loads the check types for their specs, and building every type's body — hundreds of
 * zod schemas — cost each one memory it needs only to write a check. The same schema object every read.
 */
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** The `request` of URL monitors and API checks: the methods allowed, the first the default. */
export const httpRequest = (methods: readonly [string, ...string[]]) =>
  z.object({
    method: optOr(z.enum(methods), methods[0]),
    url: z.string().min(1).max(2048).pipe(z.url()),
    followRedirects: optOr(z.boolean(), true),
    skipSSL: optOr(z.boolean(), false),
    ipFamily: optOr(z.enum(["IPv4", "IPv6"]), "IPv4"),
    body: optOr(z.string(), ""),
    bodyType: optOr(z.enum(["JSON", "FORM", "RAW", "GRAPHQL", "NONE"]), "NONE"),
    headers: optOr(z.array(keyValue()), []),
    queryParameters: optOr(z.array(keyValue()), []),
    assertions: optOr(z.array(assertion()), []),
    basicAuth: z.object({ username: z.string(), password: z.string() }).nullish(),
  });

/** The fields of a script check (browser, multi-step): the script; no sub-minute frequency. */
export const scriptFields = lazy(() => ({
  frequency: optOr(frequencyIn(FREQUENCIES.filter((f) => f !== 0)), 10),
  script: z.string().min(1).max(200_000),
  sslCheckDomain: z.string().nullish(),
}));
