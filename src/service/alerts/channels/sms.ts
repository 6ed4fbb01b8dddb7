/** SMS channels: a text through the configured gateway (VIGIL_SMS_GATEWAY_URL). */
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { HTTP, urlSetting } from "../settings.ts";
import { gatewayTransport } from "./gateway.ts";

export const smsTransport = gatewayTransport(CHANNEL_TYPE_SPECS.SMS, "smsGatewayUrl", {
  smsGatewayUrl: urlSetting({
    env: "VIGIL_SMS_GATEWAY_URL",
    schemes: HTTP,
    doc: "SMS: POST {to, name, message}",
  }),
});
