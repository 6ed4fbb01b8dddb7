/** CALL channels: a voice call through the configured gateway (VIGIL_CALL_GATEWAY_URL). */
import { CHANNEL_TYPE_SPECS } from "../../../contract/channel-types.ts";
import { HTTP, urlSetting } from "../settings.ts";
import { gatewayTransport } from "./gateway.ts";

export const callTransport = gatewayTransport(CHANNEL_TYPE_SPECS.CALL, "callGatewayUrl", {
  callGatewayUrl: urlSetting({
    env: "VIGIL_CALL_GATEWAY_URL",
    schemes: HTTP,
    doc: "CALL: POST {to, name, message}",
  }),
});
