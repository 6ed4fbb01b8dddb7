/**
 * The channel types' part of the service, one line per type (src/contract/channel-types/registry.ts lists
 * the types): its transport, in its own file beside this one. Typed `satisfies Record<ChannelType, …>`, so a
 * type without a transport does not compile. Types outside the registry have none (delivery SKIPPED). A
 * transport declares the settings it needs (its endpoint); config.ts reads them from here.
 */
import type { ChannelType } from "../../../contract/channel-types.ts";
import type { AllOf } from "../settings.ts";
import { callTransport } from "./call.ts";
import { chatTransport } from "./chat.ts";
import { emailTransport } from "./email.ts";
import { oncallTransport } from "./oncall.ts";
import { pagingTransport } from "./paging.ts";
import { smsTransport } from "./sms.ts";
import type { ChannelTransport } from "./types.ts";
import { webhookTransport } from "./webhook.ts";

const TRANSPORTS = {
  WEBHOOK: webhookTransport,
  EMAIL: emailTransport,
  CHAT: chatTransport,
  PAGING: pagingTransport,
  ONCALL: oncallTransport,
  SMS: smsTransport,
  CALL: callTransport,
} as const satisfies { [T in ChannelType]: ChannelTransport<T> };

/** Every transport's settings (config.ts reads them, derives their type and documents them). */
export const TRANSPORT_SETTINGS = Object.values(TRANSPORTS).map((t) => t.settings);
export type TransportSettings = AllOf<(typeof TRANSPORTS)[keyof typeof TRANSPORTS]["settings"]>;

const BY_TYPE = new Map<string, ChannelTransport>(Object.entries(TRANSPORTS));

export function transportFor(type: string): ChannelTransport | undefined {
  return BY_TYPE.get(type);
}
