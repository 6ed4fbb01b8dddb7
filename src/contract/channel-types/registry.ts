/**
 * The alert channel types: one file each beside this one (named after its type in lower case: its config
 * as read and as written, its secrets, its target, its preview; src/contract/channel-type-def.ts), one line
 * each here. Everything the contract keeps per type is derived from this list (channel-types.ts,
 * schemas/alert-channels.ts), and the service's transport of each type is a `satisfies` table over it
 * (src/service/alerts/channels/registry.ts). test/architecture.test.ts checks every file here is listed.
 *
 * The order is the order the channel-as-read union tries them in.
 */
import { call } from "./call.ts";
import { chat } from "./chat.ts";
import { email } from "./email.ts";
import { oncall } from "./oncall.ts";
import { paging } from "./paging.ts";
import { sms } from "./sms.ts";
import { webhook } from "./webhook.ts";

export const CHANNEL_TYPE_DEFS = [email, chat, webhook, sms, paging, oncall, call] as const;
