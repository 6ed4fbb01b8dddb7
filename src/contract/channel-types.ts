/**
 * What the alert channel types are, derived from their registry (src/contract/channel-types/registry.ts:
 * one file per type, one line each): the type union and list, each type's definition, and what follows
 * from them for display — the masking of a channel's secrets, its target, its preview. The channel as
 * read and the write bodies are schemas/alert-channels.ts; the service's transports are keyed by
 * `ChannelType` (src/service/alerts/channels/registry.ts).
 */
import type { ChannelDetailLine, ChannelPreviewContext, ChannelTypeDef } from "./channel-type-def.ts";
import { CHANNEL_TYPE_DEFS } from "./channel-types/registry.ts";
import { maskSecrets, maskValue, maskWebhookUrlPath } from "./secrets.ts";

type Def = (typeof CHANNEL_TYPE_DEFS)[number];
export type ChannelType = Def["type"];

export const CHANNEL_TYPES = CHANNEL_TYPE_DEFS.map((d) => d.type) as readonly ChannelType[] as readonly [
  ChannelType,
  ...ChannelType[],
];

/** Each type's definition, typed by type (its `read` and `write` schemas as they are). */
export const CHANNEL_TYPE_SPECS = Object.fromEntries(CHANNEL_TYPE_DEFS.map((d) => [d.type, d])) as {
  [D in Def as D["type"]]: D;
};

/** The definition of a type as stored (a string from the database or the API); undefined for an unknown one. */
export function channelTypeDef(type: unknown): ChannelTypeDef | undefined {
  return typeof type === "string" && Object.hasOwn(CHANNEL_TYPE_SPECS, type)
    ? (CHANNEL_TYPE_SPECS as Record<string, ChannelTypeDef>)[type]
    : undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Masked copy of an alert channel: everything maskSecrets masks, plus the secrets its type names (a
 * webhook's secret, a paging service key, a chat webhook URL's path, ...). Inputs are never mutated.
 */
export function maskAlertChannel<T extends { type?: unknown; config?: unknown }>(channel: T): T {
  const masked = maskSecrets(channel);
  const config = masked.config;
  const raw = channel.config;
  const def = channelTypeDef(String(masked.type));
  if (!def || !isPlainObject(config) || !isPlainObject(raw)) return masked;
  const out: Record<string, unknown> = { ...config };
  for (const { field, kind } of def.secrets) {
    const v = raw[field];
    if (typeof v === "string") out[field] = kind === "url-path" ? maskWebhookUrlPath(v) : maskValue(v);
  }
  return { ...masked, config: out };
}

/** Where a channel of a type outside the registry delivers: the first of these members it has. */
const USUAL_TARGET = ["address", "url", "number", "channel", "serviceName", "name"];

/**
 * Where a channel delivers, from its config as it is (mask it first): the first of its type's `target`
 * members that is a non-empty string; "" when none is.
 */
export function targetIn(channel: { type?: unknown; config?: unknown }): string {
  const cfg = isPlainObject(channel.config) ? channel.config : {};
  const pick = (channelTypeDef(channel.type)?.target ?? USUAL_TARGET)
    .map((k) => cfg[k])
    .find((v) => typeof v === "string" && v !== "");
  return typeof pick === "string" ? pick : "";
}

/** A channel's target in one line (address, URL, number, chat channel, service or name), secrets masked. */
export function channelTarget(channel: { type?: unknown; config?: unknown }): string {
  return targetIn(maskAlertChannel(channel));
}

/**
 * A channel named one way on every screen and table: "#3 EMAIL ops@example.com" — its number, its type and
 * where it delivers (channelTarget), each left out when not known ("#3 EMAIL", "#3").
 */
export function channelLabel(id: unknown, type: unknown, target: string | undefined): string {
  const parts = [
    id === null || id === undefined ? "" : `#${String(id)}`,
    type ? String(type) : "",
    target ?? "",
  ];
  return parts.filter((p) => p !== "").join(" ");
}

/** Whether channels of this type have a preview of what a delivery would send (the console's detail). */
export const hasPreview = (type: unknown): boolean => channelTypeDef(type)?.preview !== undefined;

/** The preview lines of a channel's delivery, if its type has a preview (its config as read). */
export function channelPreview(
  channel: { type?: unknown; config?: unknown },
  ctx: ChannelPreviewContext,
): ChannelDetailLine[] | undefined {
  return channelTypeDef(channel.type)?.preview?.(channel.config, ctx);
}
