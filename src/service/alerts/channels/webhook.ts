/**
 * WEBHOOK channels: the request is rendered from the channel's config when the alert is raised (url,
 * method, headers, query parameters, body; webhook/render.ts) and stored; each attempt sends the stored
 * bytes with `x-service-timestamp`, the delivery id, and — when the channel has a `webhookSecret` — the
 * hex HMAC-SHA256 of the body in `x-service-signature`.
 */
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { errorMessage } from "../../../shared/errors.ts";
import { renderWebhook } from "../../../shared/webhook/render.ts";
import {
  DELIVERY_ID_HEADER,
  SIGNATURE_HEADER,
  sign,
  TIMESTAMP_HEADER,
} from "../../../shared/webhook/sign.ts";
import { TemplateError } from "../../../shared/webhook/template.ts";
import { httpAttempt } from "./http.ts";
import { channelTransport, str, strings } from "./types.ts";

export const webhookTransport = channelTransport(CHANNEL_TYPE_SPECS.WEBHOOK, {
  settings: {},
  prepare(config, ctx) {
    try {
      const req = renderWebhook(config, ctx.variables, ctx.userVariables, { now: () => ctx.now });
      if (!req.headers["content-type"] && req.body !== "") req.headers["content-type"] = "application/json";
      const secret = config.webhookSecret ?? "";
      return { kind: "ready", payload: { ...req }, secret: secret === "" ? undefined : secret };
    } catch (err) {
      const msg = err instanceof TemplateError ? err.message : `cannot render: ${errorMessage(err)}`;
      return { kind: "error", reason: msg };
    }
  },
  async send(payload, ctx) {
    const method = (str(payload.method) || "POST").toUpperCase();
    // GET and HEAD carry no body: the signature covers the bytes actually sent (none).
    const body = method === "GET" || method === "HEAD" ? "" : str(payload.body);
    const headers: Record<string, string> = {
      ...strings(payload.headers),
      [TIMESTAMP_HEADER]: String(ctx.now()),
      [DELIVERY_ID_HEADER]: ctx.deliveryId,
      "user-agent": "vigil-alerts/1",
    };
    if (ctx.secret) headers[SIGNATURE_HEADER] = sign(body, ctx.secret);
    return httpAttempt({ url: str(payload.url), method, headers, body }, ctx);
  },
});
