/**
 * `GET /v1/check-alerts[/{checkId}]` (api-notes §3.5, beyond the seed): the check alerts the alerting
 * recorded (repo/alert-records.ts), newest first, page/limit bare array with its `Content-Range` total.
 * Query rules in src/contract/schemas/check-alerts.ts; an unknown check is a 404.
 */
import type { Context } from "hono";
import { checkAlertsQuerySchema, checkAlertWindow } from "../../contract/schemas/check-alerts.ts";
import type { ServiceApp, ServiceContext, ServiceEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { pagedJson } from "./paging.ts";
import { parseQuery } from "./validate.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const answer = (c: Context<ServiceEnv>, checkId?: string) => {
    const q = parseQuery(c, checkAlertsQuerySchema);
    if (checkId !== undefined && !ctx.repo.checkExists(checkId)) throw notFound("Check not found");
    const limit = q.limit ?? 10;
    const filter = { ...checkAlertWindow(q), checkId, limit, offset: ((q.page ?? 1) - 1) * limit };
    return pagedJson(c, ctx.repo.listCheckAlerts(filter), filter.offset, ctx.repo.countCheckAlerts(filter));
  };
  app.get("/v1/check-alerts", (c) => answer(c));
  app.get("/v1/check-alerts/:checkId", (c) => answer(c, c.req.param("checkId")));
}
