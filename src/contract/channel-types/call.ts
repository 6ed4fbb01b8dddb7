/** CALL channels: a voice call to one number (the service's call gateway). */
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { phoneConfigIn, phoneConfigSchema } from "../schemas/channel-config-parts.ts";

export const call = {
  type: "CALL",
  read: phoneConfigSchema,
  write: phoneConfigIn,
  secrets: [],
  target: ["number", "name"],
} as const satisfies ChannelTypeDef;
