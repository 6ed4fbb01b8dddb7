/**
 * CHAT channels: a post to a chat tool's incoming webhook. The URL's path is the credential, so it is
 * masked for display (scheme and host kept).
 */
import { z } from "zod";
import type { ChannelTypeDef } from "../channel-type-def.ts";
import { str } from "../schemas/channel-config-parts.ts";
import { opt } from "../schemas/common.ts";

export const chat = {
  type: "CHAT",
  read: z.looseObject({ url: str, channel: str }),
  write: z.object({ url: z.url({ protocol: /^https?$/ }), channel: opt(z.string()) }),
  secrets: [{ field: "url", kind: "url-path" }],
  target: ["url", "channel"],
} as const satisfies ChannelTypeDef;
