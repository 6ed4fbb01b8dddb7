import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tokenMatches } from "../../src/service/app/app.ts";
import { issueMessage, validate } from "../../src/service/app/validate.ts";
import { ServiceError } from "../../src/service/errors.ts";

function failure(schema: z.ZodType, data: unknown): ServiceError {
  try {
    validate(schema, data, "payload");
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error("validation passed unexpectedly");
}

describe("validator-style messages", () => {
  const schema = z.strictObject({
    name: z.string().min(1).max(255),
    severity: z.enum(["CRITICAL", "MAJOR"]),
    services: z.array(z.object({ id: z.string() })).min(1),
    limit: z.number().int().min(1).max(100).optional(),
    slug: z
      .string()
      .regex(/^[a-z]+$/)
      .optional(),
  });
  const ok = { name: "n", severity: "MAJOR", services: [{ id: "s" }] };

  it("names the field in quotes and lists the keys", () => {
    const e = failure(schema, { ...ok, name: "x".repeat(256) });
    expect(e.status).toBe(400);
    expect(e.message).toBe('"name" length must be less than or equal to 255 characters long');
    expect(e.toBody()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: e.message,
      validation: { source: "payload", keys: ["name"] },
    });
  });

  it.each([
    [{ severity: "MAJOR", services: [{ id: "s" }] }, '"name" is required', "name"],
    [{ ...ok, name: 5 }, '"name" must be a string', "name"],
    [{ ...ok, name: "" }, '"name" is not allowed to be empty', "name"],
    [{ ...ok, severity: "HUGE" }, '"severity" must be one of [CRITICAL, MAJOR]', "severity"],
    [{ ...ok, services: [] }, '"services" must contain at least 1 items', "services"],
    [{ ...ok, services: [{}] }, '"services[0].id" is required', "services.0.id"],
    [{ ...ok, limit: 101 }, '"limit" must be less than or equal to 100', "limit"],
    [{ ...ok, limit: 0 }, '"limit" must be greater than or equal to 1', "limit"],
    [{ ...ok, extra: 1 }, '"extra" is not allowed', "extra"],
    [{ ...ok, slug: "A1" }, '"slug" with value "A1" fails to match the required pattern: /^[a-z]+$/', "slug"],
  ])("%j → %s", (data, message, key) => {
    const e = failure(schema, data);
    expect(e.message).toBe(message);
    expect(e.validation).toEqual({ source: "payload", keys: [key] });
  });

  it("a non-object body is named 'value'", () => {
    expect(failure(schema, null).message).toBe('"value" must be of type object');
  });

  it("a refinement message that already starts with the field name is not doubled", () => {
    const s = z
      .object({ a: z.number(), b: z.number() })
      .refine((v) => v.a <= v.b, { message: "a must not exceed b", path: ["a"] });
    expect(failure(s, { a: 2, b: 1 }).message).toBe('"a" must not exceed b');
  });

  it("custom refinement messages are prefixed with the field", () => {
    const s = z.object({ slug: z.string().refine((v) => v !== "x", "must not be x") });
    const r = s.safeParse({ slug: "x" });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueMessage(r.error.issues[0]!, { slug: "x" })).toBe('"slug" must not be x');
  });
});

describe("bearer token comparison", () => {
  const digest = createHash("sha256").update("secret").digest();
  it("accepts only the exact key", () => {
    expect(tokenMatches("Bearer secret", digest)).toBe(true);
    expect(tokenMatches("bearer secret", digest)).toBe(true);
    expect(tokenMatches("Bearer secret2", digest)).toBe(false);
    expect(tokenMatches("Bearer ", digest)).toBe(false);
    expect(tokenMatches("secret", digest)).toBe(false);
    expect(tokenMatches(undefined, digest)).toBe(false);
  });
});
