/**
 * The one registry of channel transports, by channel type — keyed like the channel types' spec
 * (CHANNEL_TYPE_SPECS in src/contract/schemas/alert-channels.ts) and typed `satisfies Record<AlertChannelType, …>`,
 * so a channel type without a transport does not compile. Types outside the seed have none (delivery
 * SKIPPED).
 */
import type { AlertChannelType } from "../../../contract/schemas/alert-channels.ts";
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
} as const satisfies Record<AlertChannelType, ChannelTransport>;

export function transportFor(type: string): ChannelTransport | undefined {
  const t = (TRANSPORTS as Record<string, ChannelTransport>)[type];
  return t?.type === type ? t : undefined;
}
