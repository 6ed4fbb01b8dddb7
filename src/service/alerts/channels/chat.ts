/**
 * CHAT channels: an incoming-webhook JSON post to the channel's `url` — `{text, channel?}` with the alert
 * title, location and error as one line (the shape incoming webhooks of chat tools accept).
 */

import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { postJson } from "./http.ts";
import { channelTransport, shortText, str } from "./types.ts";

export const chatTransport = channelTransport(CHANNEL_TYPE_SPECS.CHAT, {
  settings: {},
  prepare(config, ctx) {
    const url = config.url ?? "";
    if (url === "") return { kind: "skip", reason: "CHAT channel has no url" };
    const channelName = config.channel ?? "";
    const body = { text: shortText(ctx), ...(channelName ? { channel: channelName } : {}) };
    return { kind: "ready", payload: { url, body: JSON.stringify(body) } };
  },
  send(payload, ctx) {
    return postJson(str(payload.url), str(payload.body), ctx);
  },
});
