/**
 * `GET /v1/alert-notifications` (api-notes §3.5, beyond the seed): the outbox of the alerting module as
 * the hosted delivery log — newest first, page/limit bare array, a window of at most 24 h (default: the
 * last 24 h). Query rules in src/contract/schemas/alert-notifications.ts.
 */
import {
  alertNotificationsQuerySchema,
  MAX_NOTIFICATION_WINDOW_MS,
  whenToMs,
} from "../../contract/schemas/alert-notifications.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { badRequest } from "../errors.ts";
import { pagedJson } from "./paging.ts";
import { parseQuery } from "./validate.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/v1/alert-notifications", (c) => {
    const q = parseQuery(c, alertNotificationsQuerySchema);
    const asked = {
      from: q.from === undefined ? undefined : whenToMs(q.from),
      to: q.to === undefined ? undefined : whenToMs(q.to),
    };
    // neither: the last 24 h; one: the 24 h from or up to it
    const to = asked.to ?? (asked.from === undefined ? ctx.now() : asked.from + MAX_NOTIFICATION_WINDOW_MS);
    const from = asked.from ?? to - MAX_NOTIFICATION_WINDOW_MS;
    if (from > to || to - from > MAX_NOTIFICATION_WINDOW_MS)
      throw badRequest('"from" must not be after "to", and the window is at most 24 h', "query", ["from"]);
    const limit = q.limit ?? 10;
    const filter = {
      fromMs: from,
      toMs: to,
      alertChannelId: q.alertChannelId,
      hasFailures: q.hasFailures,
      status: q.status,
      limit,
      offset: ((q.page ?? 1) - 1) * limit,
    };
    return pagedJson(c, ctx.repo.listDeliveries(filter), filter.offset, ctx.repo.countDeliveries(filter));
  });
}
