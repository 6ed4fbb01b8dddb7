/**
 * The demo's alert receiver: the demo workspace's CHAT and WEBHOOK channels deliver here, on the service's
 * own loopback address, so a demo never sends anything off the machine while its delivery log shows real
 * deliveries. `POST /demo/receiver/{name}` (no bearer: alert senders do not carry one) answers 200 — or
 * 401 when a channel pointing here has a `webhookSecret` and `x-service-signature` does not match the exact
 * body bytes, so a broken signature shows as a failed delivery. `GET /v1/demo/receiver` (authenticated)
 * lists the last 50 received: name, when, content type, size, and whether the signature was checked and
 * valid — never the body. Bodies are bounded by the app's body limit.
 */

import { SIGNATURE_HEADER, verify } from "../../shared/webhook/sign.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { DEMO_RECEIVER_PATH } from "../demo/receiver-path.ts";

type Received = {
  name: string;
  receivedAt: string;
  contentType: string;
  bytes: number;
  signature: "valid" | "invalid" | "unsigned";
};

const KEEP = 50;

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const received: Received[] = [];
  const secretsFor = (name: string): string[] =>
    ctx.repo.webhookSecretsByUrlSuffix(`${DEMO_RECEIVER_PATH}/${name}`);

  app.post(`${DEMO_RECEIVER_PATH}/:name`, async (c) => {
    const name = c.req.param("name");
    const body = new Uint8Array(await c.req.arrayBuffer());
    const given = c.req.header(SIGNATURE_HEADER);
    const secrets = secretsFor(name);
    const signature: Received["signature"] =
      secrets.length === 0
        ? "unsigned"
        : given && secrets.some((s) => verify(body, s, given))
          ? "valid"
          : "invalid";
    received.unshift({
      name,
      receivedAt: new Date(ctx.now()).toISOString(),
      contentType: c.req.header("content-type") ?? "",
      bytes: body.length,
      signature,
    });
    received.length = Math.min(received.length, KEEP);
    if (signature === "invalid") return c.json({ ok: false, error: "signature does not match" }, 401);
    return c.json({ ok: true });
  });

  app.get(`/v1${DEMO_RECEIVER_PATH}`, (c) => c.json(received));
}
