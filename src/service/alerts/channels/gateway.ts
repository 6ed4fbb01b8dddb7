/**
 * SMS and CALL go through a configurable HTTP gateway (VIGIL_SMS_GATEWAY_URL, VIGIL_CALL_GATEWAY_URL):
 * one JSON `POST {to, name, message, kind}` per alert; the gateway turns it into a text or a voice call.
 */
import type { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import type { Setting } from "../settings.ts";
import { postJson } from "./http.ts";
import { type ChannelTransport, channelTransport, shortText, str } from "./types.ts";

/** A gateway transport, whose one setting (its URL, declared in the type's file) is `settings[key]`. */
export function gatewayTransport<D extends (typeof CHANNEL_TYPE_SPECS)["SMS" | "CALL"], K extends string>(
  def: D,
  key: K,
  settings: Record<K, Setting<string, undefined>>,
): ChannelTransport<D["type"], Record<K, Setting<string, undefined>>> {
  const type = def.type;
  return channelTransport(def, {
    settings,
    prepare(config, ctx) {
      const url = ctx.config[key];
      if (!url) return { kind: "skip", reason: `${type} gateway not configured (set ${settings[key].env})` };
      const to = config.number ?? "";
      if (!to) return { kind: "skip", reason: `${type} channel has no number` };
      const body = { kind: type, to, name: config.name ?? "", message: shortText(ctx) };
      return { kind: "ready", payload: { url, body: JSON.stringify(body) } };
    },
    send(payload, ctx) {
      return postJson(str(payload.url), str(payload.body), ctx);
    },
  });
}
