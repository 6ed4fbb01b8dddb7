/**
 * Alert channels (seed §2.5, api-notes §4): the channel as read, its `config` per type, its subscriptions,
 * and the write bodies (create/update, subscription) the embedded service validates with.
 *
 * Tolerance rule used by every response schema of this family: a field the hosted OpenAPI marks required
 * in every response variant is required here; everything else is `nullish`. Unknown fields are kept.
 *
 * `config` is discriminated by `type` but open: the types of the registry (src/contract/channel-types/, one
 * file each: config as read and as written) get a typed (lenient) config, any other type (e.g. the hosted
 * CHAT_APP) is kept as-is with its config as a plain record.
 */
import { z } from "zod";
import { CHANNEL_TYPE_SPECS, CHANNEL_TYPES, type ChannelType } from "../channel-types.ts";
import { opt, optOr } from "./common.ts";
import { numPreprocess, queryInt } from "./query-params.ts";

const str = z.string().nullish();
const unknownConfigSchema = z.record(z.string(), z.unknown());

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

function channelOf<const T extends ChannelType, C extends z.ZodType>(type: T, config: C) {
  return z.looseObject({ ...channelBase, type: z.literal(type), config });
}

const isKnownType = (t: string) => (CHANNEL_TYPES as readonly string[]).includes(t);

type KnownVariant = {
  [K in ChannelType]: z.ZodObject<
    typeof channelBase & { type: z.ZodLiteral<K>; config: (typeof CHANNEL_TYPE_SPECS)[K]["read"] },
    z.core.$loose
  >;
}[ChannelType];
/**
 * Picked by `type`, not tried variant by variant: a plain union walked a channel's whole `subscriptions`
 * once for every variant listed before its own (an object's members are all checked before it fails) —
 * at 10,000 checks, channels subscribed to every check, ~22 ms of a ~4.7 MB page's validation, ~10 ms so.
 * The issues are the same: a known type with a malformed config still fails here and then in the unknown
 * variant's refinement below.
 */
const knownChannelSchema = z.discriminatedUnion(
  "type",
  CHANNEL_TYPES.map((t) => channelOf(t, CHANNEL_TYPE_SPECS[t].read)) as unknown as [
    KnownVariant,
    ...KnownVariant[],
  ],
);
export type KnownAlertChannel = z.infer<typeof knownChannelSchema>;

/** A channel of a type outside the registry: kept as-is, config as a plain record. */
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

/** Narrow a channel to one of the registry's types, with its typed config. */
export function isAlertChannelType<T extends ChannelType>(
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
  [K in ChannelType]: z.ZodObject<
    { type: z.ZodLiteral<K>; config: (typeof CHANNEL_TYPE_SPECS)[K]["write"] } & typeof flags
  >;
}[ChannelType];
export const alertChannelCreateBodySchema = z.discriminatedUnion(
  "type",
  CHANNEL_TYPES.map((t) =>
    z.object({ type: z.literal(t), config: CHANNEL_TYPE_SPECS[t].write, ...flags }),
  ) as unknown as [BodyVariant, ...BodyVariant[]],
);
export type AlertChannelCreateBody = z.input<typeof alertChannelCreateBodySchema>;
export const alertChannelUpdateBodySchema = alertChannelCreateBodySchema;
export type AlertChannelUpdateBody = AlertChannelCreateBody;
