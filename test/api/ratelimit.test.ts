/**
 * The quota a service states (`RateLimit-Policy`) replaces the hosted figure for the family the answer
 * belongs to; an unreadable one changes nothing.
 */
import { describe, expect, it } from "vitest";
import { policyOf, RateLimiter, ROUTE_FAMILIES, type RouteFamily } from "../../src/api/ratelimit.ts";

describe("policyOf (RateLimit-Policy)", () => {
  it.each([
    ['"local";q=6000;w=60', { limit: 6000, windowMs: 60_000 }],
    ["default;q=100;w=10, burst;q=10;w=1", { limit: 100, windowMs: 10_000 }],
    ["600;w=60", { limit: 600, windowMs: 60_000 }],
    [["50;w=1"], { limit: 50, windowMs: 1000 }],
    ['"p";w=60', undefined],
    ['"p";q=0;w=60', undefined],
    ['"p";q=10;w=0', undefined],
    ['"p";q=10;w=999999', undefined],
    ["garbage", undefined],
    [undefined, undefined],
  ])("%j → %j", (header, policy) => {
    expect(policyOf(header as string | string[] | undefined)).toEqual(policy);
  });
});

describe("RateLimiter.adopt", () => {
  it("keeps to the stated quota in place of the documented one, for that family only", async () => {
    let now = 0;
    const limiter = new RateLimiter({ clock: { now: () => now, sleep: async () => {} } });
    const { default: general, analytics } = ROUTE_FAMILIES;
    const take = async (f: RouteFamily, n: number) => {
      for (let i = 0; i < n; i++) await limiter.acquire(f);
    };
    await take(general, 600);
    expect(limiter.delayFor(general)).toBe(60_000);
    limiter.adopt(general, { limit: 1000, windowMs: 60_000 });
    expect(limiter.delayFor(general)).toBe(0);
    await take(general, 400);
    expect(limiter.delayFor(general)).toBe(60_000);
    // a smaller stated quota holds too
    limiter.adopt(general, { limit: 10, windowMs: 1000 });
    now = 1000;
    expect(limiter.delayFor(general)).toBe(0);
    // another family keeps its documented limit
    await take(analytics, 30);
    expect(limiter.delayFor(analytics)).toBe(60_000);
  });
});
