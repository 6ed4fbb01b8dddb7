/** CALL channels: a voice call through the configured gateway (VIGIL_CALL_GATEWAY_URL). */
import { gatewayTransport } from "./gateway.ts";

export const callTransport = gatewayTransport("CALL", (c) => c.callGatewayUrl, "VIGIL_CALL_GATEWAY_URL");
