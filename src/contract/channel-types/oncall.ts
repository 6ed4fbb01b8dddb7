/** ONCALL channels: alerts-style create / close in one region, at one priority, with an API key (a secret). */
import { z } from "zod";
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { str } from "../schemas/channel-config-parts.ts";
import { openEnum } from "../schemas/common.ts";

const ONCALL_REGIONS = ["EU", "US"] as const;
const ONCALL_PRIORITIES = ["P1", "P2", "P3", "P4", "P5"] as const;

export const oncall = {
  type: "ONCALL",
  read: z.looseObject({
    name: str,
    apiKey: str,
    region: openEnum(ONCALL_REGIONS).nullish(),
    priority: openEnum(ONCALL_PRIORITIES).nullish(),
  }),
  write: z.object({
    name: z.string().min(1),
    apiKey: z.string().min(1),
    region: z.enum(ONCALL_REGIONS),
    priority: z.enum(ONCALL_PRIORITIES),
  }),
  secrets: [{ field: "apiKey", kind: "value" }],
  target: ["name"],
} as const satisfies ChannelTypeDef;
