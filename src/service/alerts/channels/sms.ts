/** SMS channels: a text through the configured gateway (VIGIL_SMS_GATEWAY_URL). */
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { gatewayTransport } from "./gateway.ts";

export const smsTransport = gatewayTransport(
  CHANNEL_TYPE_SPECS.SMS,
  (c) => c.smsGatewayUrl,
  "VIGIL_SMS_GATEWAY_URL",
);
