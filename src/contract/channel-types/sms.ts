/** SMS channels: a text to one number (the service's SMS gateway). */
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { phoneConfigIn, phoneConfigSchema } from "../schemas/channel-config-parts.ts";

export const sms = {
  type: "SMS",
  read: phoneConfigSchema,
  write: phoneConfigIn,
  secrets: [],
  target: ["number", "name"],
} as const satisfies ChannelTypeDef;
