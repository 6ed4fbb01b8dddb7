/**
 * Heartbeat events (seed §4.7, api-notes §2.4) and availability (api-notes §3.5, beyond the seed).
 * Window: `startTime`/`endTime` (ISO date or date-time; a bare date as `endTime` means the end of that
 * day), default the last 24 h up to the request. Events are newest first, `limit` ≤ 10 (default 10). Each
 * event also says `pingCount`, the pings folded into it (engine/heartbeats.ts).
 */
import { isPassive } from "../../contract/check-types.ts";
import {
  heartbeatAvailabilityQuerySchema,
  heartbeatEventsQuerySchema,
} from "../../contract/schemas/heartbeats.ts";
import { availability, heartbeatStats } from "../analytics/heartbeat-stats.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { type EventRow, pingCountOf } from "../repo/heartbeat-events.ts";
import { parseQuery } from "./validate.ts";

const DAY = 86_400_000;
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function windowOf(q: { startTime?: string | undefined; endTime?: string | undefined }, now: number) {
  const end = q.endTime ? Date.parse(q.endTime) + (isDate(q.endTime) ? DAY : 0) : now + 1;
  const start = q.startTime ? Date.parse(q.startTime) : end - DAY;
  return { start, end };
}

const eventJson = (e: EventRow) => ({
  id: e.id,
  state: e.state,
  timestamp: new Date(e.ts).toISOString(),
  source: e.source,
  userAgent: e.user_agent,
  /** Beyond the hosted shape: how many pings the event stands for (pings within ~1 s are one event; 0 for FAILING). */
  pingCount: pingCountOf(e),
});

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const requireHeartbeat = (id: string) => {
    if (!isPassive(ctx.repo.checkTypeOf(id) ?? "")) throw notFound("Heartbeat check not found");
  };

  app.get("/v1/checks/heartbeats/:checkId/events", (c) => {
    const q = parseQuery(c, heartbeatEventsQuerySchema);
    const checkId = c.req.param("checkId");
    requireHeartbeat(checkId);
    const { start, end } = windowOf(q, ctx.now());
    const events = ctx.repo.heartbeatEvents(checkId, start, end, q.limit ?? 10);
    return c.json([{ events: events.map(eventJson), stats: heartbeatStats(ctx.repo, checkId, ctx.now()) }]);
  });

  app.get("/v1/checks/heartbeats/:checkId/events/:id", (c) => {
    const checkId = c.req.param("checkId");
    requireHeartbeat(checkId);
    const e = ctx.repo.heartbeatEvent(checkId, c.req.param("id") ?? "");
    if (!e) throw notFound("Heartbeat event not found");
    return c.json({ event: eventJson(e), stats: heartbeatStats(ctx.repo, checkId, ctx.now()) });
  });

  app.get("/v1/checks/heartbeats/:checkId/availability", (c) => {
    const q = parseQuery(c, heartbeatAvailabilityQuerySchema);
    const checkId = c.req.param("checkId");
    requireHeartbeat(checkId);
    const { start, end } = windowOf(q, ctx.now());
    return c.json(availability(ctx.repo, checkId, start, end));
  });
}
