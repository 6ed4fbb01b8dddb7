/** CALL channels: a voice call through the configured gateway (VIGIL_CALL_GATEWAY_URL). */
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { gatewayTransport } from "./gateway.ts";

export const callTransport = gatewayTransport(
  CHANNEL_TYPE_SPECS.CALL,
  (c) => c.callGatewayUrl,
  "VIGIL_CALL_GATEWAY_URL",
);
