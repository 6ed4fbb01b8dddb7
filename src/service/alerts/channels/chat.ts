/**
 * CHAT channels: an incoming-webhook JSON post to the channel's `url` — `{text, channel?}` with the alert
 * title, location and error as one line (the shape incoming webhooks of chat tools accept).
 */
import { postJson } from "./http.ts";
import { type ChannelTransport, shortText, str } from "./types.ts";

export const chatTransport: ChannelTransport = {
  type: "CHAT",
  prepare(channel, ctx) {
    const url = str(channel.config.url);
    if (url === "") return { kind: "skip", reason: "CHAT channel has no url" };
    const channelName = str(channel.config.channel);
    const body = { text: shortText(ctx), ...(channelName ? { channel: channelName } : {}) };
    return { kind: "ready", payload: { url, body: JSON.stringify(body) } };
  },
  send(payload, ctx) {
    return postJson(str(payload.url), str(payload.body), ctx);
  },
};
