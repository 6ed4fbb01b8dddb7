/** The one registry of channel transports, by channel type. Unknown types have none (delivery SKIPPED). */
import { callTransport } from "./call.ts";
import { chatTransport } from "./chat.ts";
import { emailTransport } from "./email.ts";
import { oncallTransport } from "./oncall.ts";
import { pagingTransport } from "./paging.ts";
import { smsTransport } from "./sms.ts";
import type { ChannelTransport } from "./types.ts";
import { webhookTransport } from "./webhook.ts";

const TRANSPORTS: ReadonlyMap<string, ChannelTransport> = new Map(
  [
    webhookTransport,
    emailTransport,
    chatTransport,
    pagingTransport,
    oncallTransport,
    smsTransport,
    callTransport,
  ].map((t) => [t.type, t]),
);

export function transportFor(type: string): ChannelTransport | undefined {
  return TRANSPORTS.get(type);
}
