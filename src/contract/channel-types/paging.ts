/** PAGING channels: events-style trigger / resolve under the service's routing key (a secret). */
import { z } from "zod";
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { str } from "../schemas/channel-config-parts.ts";
import { opt } from "../schemas/common.ts";

export const paging = {
  type: "PAGING",
  read: z.looseObject({ serviceKey: str, account: str, serviceName: str }),
  write: z.object({ serviceKey: z.string().min(1), account: opt(z.string()), serviceName: opt(z.string()) }),
  secrets: [{ field: "serviceKey", kind: "value" }],
  target: ["serviceName"],
} as const satisfies ChannelTypeDef;
