/**
 * The heartbeat ping endpoint `GET|POST /ping/{token}` (api-notes §5), without auth. Records the ping's
 * source (`Origin`, else `Referer`, else "") and user agent, each cut to 256 characters. Every ping to an
 * activated check is applied (engine/heartbeats.ts: it restarts the timer and recovers a failing check;
 * pings within about a second are folded into one event) and answered 200 "OK". A ping that had no effect
 * is never answered 200: a deactivated check's answers 409, and a check pinged faster than the flood rate
 * (PING_RATE_PER_SECOND a second after a burst of PING_BURST) answers 429 with `Retry-After` in seconds.
 * Known crawler and link-preview bots are not pings: answered 200, not recorded. PUT, DELETE and PATCH
 * answer 405; an unknown token 404. Bodies are bounded by the app's body limit and never stored.
 */
import type { ServiceApp, ServiceContext } from "../context.ts";
import { PING_BURST, PING_RATE_PER_SECOND } from "../engine/heartbeats.ts";
import { notFound, ServiceError } from "../errors.ts";
import { isBot } from "../runners/heartbeat.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.on(["GET", "POST"], "/ping/:token", (c) => {
    const userAgent = c.req.header("user-agent") ?? "";
    if (isBot(userAgent)) return c.text("OK");
    const source = c.req.header("origin") ?? c.req.header("referer") ?? "";
    const outcome = ctx.engine.recordPing(c.req.param("token"), { source, userAgent });
    if (!outcome) throw notFound("No heartbeat check with this ping token");
    if ("ignored" in outcome)
      throw new ServiceError(409, "The heartbeat check is deactivated: the ping was not recorded");
    if ("limited" in outcome) {
      const seconds = Math.max(1, Math.ceil(outcome.limited.retryAfterMs / 1000));
      throw new ServiceError(
        429,
        `Too many pings for this check (more than ${PING_RATE_PER_SECOND} a second after a burst of ${PING_BURST}): this ping was not recorded; retry after ${seconds} s`,
        { headers: { "Retry-After": String(seconds) } },
      );
    }
    return c.text("OK");
  });
  app.on(["PUT", "DELETE", "PATCH"], "/ping/:token", () => {
    throw new ServiceError(405, "Pings must use GET or POST", { headers: { Allow: "GET, POST" } });
  });
}
