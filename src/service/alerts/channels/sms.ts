/** SMS channels: a text through the configured gateway (VIGIL_SMS_GATEWAY_URL). */
import { gatewayTransport } from "./gateway.ts";

export const smsTransport = gatewayTransport("SMS", (c) => c.smsGatewayUrl, "VIGIL_SMS_GATEWAY_URL");
