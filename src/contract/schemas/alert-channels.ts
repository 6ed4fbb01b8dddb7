/**
 * Alert channels (seed §2.5, api-notes §4): the channel as read, its `config` per type, its subscriptions,
 * and the write bodies (create/update, subscription) the embedded service validates with.
 *
 * Tolerance rule used by every response schema of this family: a field the hosted OpenAPI marks required
 * in every response variant is required here; everything else is `nullish`. Unknown fields are kept.
 *
 * `config` is discriminated by `type` but open: the seven seed types get a typed (lenient) config, any other
 * type (e.g. the hosted CHAT_APP) is kept as-is with its config as a plain record.
 */
import { z } from "zod";
import { openEnum, opt, optOr } from "./common.ts";
import { numPreprocess, queryInt } from "./query-params.ts";

export const ALERT_CHANNEL_TYPES = ["EMAIL", "CHAT", "WEBHOOK", "SMS", "PAGING", "ONCALL", "CALL"] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];
export const alertChannelTypeSchema = openEnum(ALERT_CHANNEL_TYPES);

export const WEBHOOK_METHODS = ["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"] as const;
export const ONCALL_REGIONS = ["EU", "US"] as const;
export const ONCALL_PRIORITIES = ["P1", "P2", "P3", "P4", "P5"] as const;

const str = z.string().nullish();

/** `{key, value, locked}` as used by webhook headers and query parameters. */
export const keyValueSchema = z.looseObject({ key: z.string(), value: str, locked: z.boolean().nullish() });

// ---- config per type, as read (lenient: every member may be missing) ----
export const emailConfigSchema = z.looseObject({ address: str });
export const chatConfigSchema = z.looseObject({ url: str, channel: str });
export const webhookConfigSchema = z.looseObject({
  name: str,
  url: str,
  method: openEnum(WEBHOOK_METHODS).nullish(),
  headers: z.array(keyValueSchema).nullish(),
  queryParameters: z.array(keyValueSchema).nullish(),
  template: str,
  webhookSecret: str,
  webhookType: str,
});
export const smsConfigSchema = z.looseObject({ name: str, number: str });
export const callConfigSchema = smsConfigSchema;
export const pagingConfigSchema = z.looseObject({ serviceKey: str, account: str, serviceName: str });
export const oncallConfigSchema = z.looseObject({
  name: str,
  apiKey: str,
  region: openEnum(ONCALL_REGIONS).nullish(),
  priority: openEnum(ONCALL_PRIORITIES).nullish(),
});
const unknownConfigSchema = z.record(z.string(), z.unknown());

const keyValueInput = z.object({
  key: z.string().min(1),
  value: z.string(),
  locked: opt(z.boolean()),
});

// ---- config per type, as written (api-notes §4): required members as documented; unknown members are
// ignored and `null` means not given (see common.ts) ----
const emailConfigIn = z.object({ address: z.email() });
const chatConfigIn = z.object({ url: z.url({ protocol: /^https?$/ }), channel: opt(z.string()) });
/** The webhook URL is not checked as a URL because it may hold `{{VARIABLES}}`. */
const webhookConfigIn = z.object({
  name: z.string().min(1),
  url: z.string().min(1),
  method: optOr(z.enum(WEBHOOK_METHODS), "POST"),
  headers: opt(z.array(keyValueInput)),
  queryParameters: opt(z.array(keyValueInput)),
  template: opt(z.string()),
  webhookSecret: opt(z.string()),
  webhookType: opt(z.string()),
});
const phoneConfigIn = z.object({ name: z.string().min(1), number: z.string().min(1) });
const pagingConfigIn = z.object({
  serviceKey: z.string().min(1),
  account: opt(z.string()),
  serviceName: opt(z.string()),
});
const oncallConfigIn = z.object({
  name: z.string().min(1),
  apiKey: z.string().min(1),
  region: z.enum(ONCALL_REGIONS),
  priority: z.enum(ONCALL_PRIORITIES),
});

/**
 * A channel type: its config as read (lenient), as written (the hosted limits), and which config members
 * are secrets — `value` masked for display, `url-path` a URL whose path is the secret (a chat webhook).
 */
export type ChannelTypeSpec = {
  read: z.ZodType;
  write: z.ZodObject;
  secrets: readonly { field: string; kind: "value" | "url-path" }[];
};

/**
 * Every alert channel type in one table, `satisfies Record<AlertChannelType, …>` so a new type that lacks
 * an entry does not compile; the read union, the write bodies and the masking derive from it. The service's
 * transports are keyed the same way (src/service/alerts/channels/registry.ts).
 */
export const CHANNEL_TYPE_SPECS = {
  EMAIL: { read: emailConfigSchema, write: emailConfigIn, secrets: [] },
  CHAT: { read: chatConfigSchema, write: chatConfigIn, secrets: [{ field: "url", kind: "url-path" }] },
  WEBHOOK: {
    read: webhookConfigSchema,
    write: webhookConfigIn,
    secrets: [{ field: "webhookSecret", kind: "value" }],
  },
  SMS: { read: smsConfigSchema, write: phoneConfigIn, secrets: [] },
  CALL: { read: callConfigSchema, write: phoneConfigIn, secrets: [] },
  PAGING: {
    read: pagingConfigSchema,
    write: pagingConfigIn,
    secrets: [{ field: "serviceKey", kind: "value" }],
  },
  ONCALL: { read: oncallConfigSchema, write: oncallConfigIn, secrets: [{ field: "apiKey", kind: "value" }] },
} as const satisfies Record<AlertChannelType, ChannelTypeSpec>;

/** Write-side config per type. */
export const alertChannelConfigInputSchemas = Object.fromEntries(
  ALERT_CHANNEL_TYPES.map((t) => [t, CHANNEL_TYPE_SPECS[t].write]),
) as { [K in AlertChannelType]: (typeof CHANNEL_TYPE_SPECS)[K]["write"] };

/** `subscriptions[]` entry: exactly one of checkId / groupId is set (api-notes §4). */
export const alertChannelSubscriptionSchema = z.looseObject({
  id: z.number().nullish(),
  checkId: z.string().nullish(),
  groupId: z.number().nullish(),
  activated: z.boolean(),
});
export type AlertChannelSubscription = z.infer<typeof alertChannelSubscriptionSchema>;

const channelBase = {
  id: z.number(),
  subscriptions: z.array(alertChannelSubscriptionSchema).nullish(),
  sendRecovery: z.boolean().nullish(),
  sendFailure: z.boolean().nullish(),
  sendDegraded: z.boolean().nullish(),
  sslExpiry: z.boolean().nullish(),
  sslExpiryThreshold: z.number().nullish(),
  autoSubscribe: z.boolean().nullish(),
  created_at: str,
  updated_at: str,
};

function channelOf<const T extends AlertChannelType, C extends z.ZodType>(type: T, config: C) {
  return z.looseObject({ ...channelBase, type: z.literal(type), config });
}

const isKnownType = (t: string) => (ALERT_CHANNEL_TYPES as readonly string[]).includes(t);

type KnownVariant = {
  [K in AlertChannelType]: z.ZodObject<
    typeof channelBase & { type: z.ZodLiteral<K>; config: (typeof CHANNEL_TYPE_SPECS)[K]["read"] },
    z.core.$loose
  >;
}[AlertChannelType];
const knownChannelSchema = z.union(
  ALERT_CHANNEL_TYPES.map((t) => channelOf(t, CHANNEL_TYPE_SPECS[t].read)) as unknown as [
    KnownVariant,
    ...KnownVariant[],
  ],
);
export type KnownAlertChannel = z.infer<typeof knownChannelSchema>;

/** A channel of a type outside the seed enum: kept as-is, config as a plain record. */
const unknownChannelSchema = z.looseObject({
  ...channelBase,
  type: z.string().refine((t) => !isKnownType(t), "known channel type with a malformed config"),
  config: unknownConfigSchema,
});
export type UnknownAlertChannel = z.infer<typeof unknownChannelSchema>;

/**
 * An alert channel as read. A known type whose config has members of the wrong kind (e.g. `headers` not an
 * array) is a shape error, not silently an "unknown" channel. Use `isAlertChannelType` to narrow: TypeScript
 * cannot narrow on `type` alone because the unknown variant's `type` is any string.
 */
export const alertChannelSchema = z.union([knownChannelSchema, unknownChannelSchema]);
export type AlertChannel = KnownAlertChannel | UnknownAlertChannel;

/** Narrow a channel to one of the seed types, with its typed config. */
export function isAlertChannelType<T extends AlertChannelType>(
  channel: AlertChannel,
  type: T,
): channel is Extract<KnownAlertChannel, { type: T }> {
  return channel.type === type;
}

export const alertChannelListSchema = z.array(alertChannelSchema);

// ---- request side (strict) ----

/** Path id: a positive integer (query-string form accepted). */
export const alertChannelIdSchema = z.preprocess(numPreprocess, z.number().int().positive());

/** GET /v1/alert-channels query: limit 1–100, page ≥ 1 (both optional; query-string forms accepted). */
export const alertChannelListQuerySchema = z.strictObject({
  limit: queryInt(1, 100).optional(),
  page: queryInt(1).optional(),
});
export type AlertChannelListQuery = z.input<typeof alertChannelListQuerySchema>;

/** Subscription body (PUT /v1/alert-channels/{id}/subscriptions): exactly one of checkId / groupId. */
export const alertChannelSubscriptionBodySchema = z
  .object({
    checkId: z.uuid().nullish(),
    groupId: z.number().int().positive().nullish(),
    activated: z.boolean(),
  })
  .refine((s) => (s.checkId != null) !== (s.groupId != null), "give exactly one of checkId or groupId");
export type AlertChannelSubscriptionBody = z.input<typeof alertChannelSubscriptionBodySchema>;

/**
 * Flags shared by every create body. Defaults follow api-notes §4 (client tooling: sendRecovery and
 * sendFailure true, sendDegraded false; sslExpiry false, threshold 30, autoSubscribe false).
 */
const flags = {
  sendRecovery: optOr(z.boolean(), true),
  sendFailure: optOr(z.boolean(), true),
  sendDegraded: optOr(z.boolean(), false),
  sslExpiry: optOr(z.boolean(), false),
  sslExpiryThreshold: optOr(z.number().int().min(1).max(30), 30),
  autoSubscribe: optOr(z.boolean(), false),
  /** As read, entries also carry `id`: ignored (the channel's subscriptions are replaced by these). */
  subscriptions: opt(
    z.array(
      z.object({
        checkId: z.uuid().nullish(),
        groupId: z.number().int().positive().nullish(),
        activated: z.boolean(),
      }),
    ),
  ),
};

/** POST /v1/alert-channels and PUT /v1/alert-channels/{id} body: `type` plus the config of that type. */
type BodyVariant = {
  [K in AlertChannelType]: z.ZodObject<
    { type: z.ZodLiteral<K>; config: (typeof CHANNEL_TYPE_SPECS)[K]["write"] } & typeof flags
  >;
}[AlertChannelType];
export const alertChannelCreateBodySchema = z.discriminatedUnion(
  "type",
  ALERT_CHANNEL_TYPES.map((t) =>
    z.object({ type: z.literal(t), config: CHANNEL_TYPE_SPECS[t].write, ...flags }),
  ) as unknown as [BodyVariant, ...BodyVariant[]],
);
export type AlertChannelCreateBody = z.input<typeof alertChannelCreateBodySchema>;
export const alertChannelUpdateBodySchema = alertChannelCreateBodySchema;
export type AlertChannelUpdateBody = AlertChannelCreateBody;
