/** Signing: the HMAC matches an independent computation; verify is strict about format. */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sign, verify } from "../../../src/shared/webhook/sign.ts";

describe("sign / verify", () => {
  const body = '{"a":"é","b":[1,2]}';
  const secret = "s3cr3t";
  const expected = createHmac("sha256", secret).update(Buffer.from(body, "utf8")).digest("hex");
  it("hex HMAC-SHA256 over the exact bytes", () => {
    expect(sign(body, secret)).toBe(expected);
    expect(sign(Buffer.from(body), secret)).toBe(expected);
  });
  it("verify", () => {
    expect(verify(body, secret, expected)).toBe(true);
    expect(verify(body, secret, expected.toUpperCase())).toBe(true);
    expect(verify(`${body} `, secret, expected)).toBe(false);
    expect(verify(body, "other", expected)).toBe(false);
    expect(verify(body, secret, expected.slice(0, -2))).toBe(false);
    expect(verify(body, secret, "zz")).toBe(false);
    expect(verify(body, secret, "")).toBe(false);
  });
});
