/**
 * CHAT channels: an incoming-webhook JSON post to the channel's `url` — `{text, channel?}` with the alert
 * title, location and error as one line (the shape incoming webhooks of chat tools accept).
 */
import { DELIVERY_ID_HEADER, TIMESTAMP_HEADER } from "../webhook/sign.ts";
import { httpAttempt } from "./http.ts";
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
    return httpAttempt(
      {
        url: str(payload.url),
        method: "POST",
        headers: {
          "content-type": "application/json",
          [TIMESTAMP_HEADER]: String(ctx.now()),
          [DELIVERY_ID_HEADER]: ctx.deliveryId,
        },
        body: str(payload.body),
      },
      ctx,
    );
  },
};
