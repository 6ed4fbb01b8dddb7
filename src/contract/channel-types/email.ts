/** EMAIL channels: an alert mailed to one address (the service's SMTP transport). */
import { z } from "zod";
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { str } from "../schemas/channel-config-parts.ts";

export const email = {
  type: "EMAIL",
  read: z.looseObject({ address: str }),
  write: z.object({ address: z.email() }),
  secrets: [],
  target: ["address"],
} as const satisfies ChannelTypeDef;
