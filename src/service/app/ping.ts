/**
 * The heartbeat ping endpoint `GET|POST /ping/{token}` (api-notes §5), without auth. Records the ping's
 * source (`Origin`, else `Referer`, else "") and user agent, each cut to 256 characters; answered 200 but
 * not recorded: known crawler and link-preview bots, pings to a deactivated check, and pings within 10 s
 * of the check's previous event (engine/heartbeats.ts). PUT, DELETE and PATCH answer 405; an unknown
 * token 404. Bodies are bounded by the app's body limit and never stored.
 */
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import { isBot } from "../runners/heartbeat.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.on(["GET", "POST"], "/ping/:token", (c) => {
    const userAgent = c.req.header("user-agent") ?? "";
    if (isBot(userAgent)) return c.text("OK");
    const source = c.req.header("origin") ?? c.req.header("referer") ?? "";
    const outcome = ctx.engine.recordPing(c.req.param("token"), { source, userAgent });
    if (!outcome) throw notFound("No heartbeat check with this ping token");
    return c.text("OK");
  });
  app.on(["PUT", "DELETE", "PATCH"], "/ping/:token", () => {
    throw new ServiceError(405, "Pings must use GET or POST", { headers: { Allow: "GET, POST" } });
  });
}
