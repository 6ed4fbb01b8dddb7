/**
 * Webhook signing (seed §6.2, api-notes §6.4): `x-service-signature` is the hex HMAC-SHA256, keyed with the
 * channel's `webhookSecret`, over the exact bytes of the body sent; it is sent only when a secret is set.
 * `x-service-timestamp` (UNIX milliseconds, the open point of api-notes §8 decided so) is sent on every
 * delivery. Pure (node:crypto only) so the CLI's `webhook verify` uses the same code.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";
/** Stable per delivery (the same on every attempt) so receivers can de-duplicate. */
export const DELIVERY_ID_HEADER = "x-service-delivery-id";

export function sign(body: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * Constant-time check of a hex signature over `body`. A malformed signature (not hex, wrong length) is
 * simply invalid; the comparison time never depends on where the digests differ.
 */
export function verify(body: string | Uint8Array, secret: string, signature: string): boolean {
  const expected = Buffer.from(sign(body, secret), "hex");
  const given = signature.trim().toLowerCase();
  if (!/^[0-9a-f]*$/.test(given) || given.length !== expected.length * 2) {
    // still spend a comparison so a bad length is not measurably faster
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
