/**
 * Analytics reports (seed §4.2, api-notes §2.1, §3.5): one route per report of
 * src/contract/analytics-metrics.ts — url-monitors, api-checks, tcp-checks, dns, browser-checks,
 * multistep-checks, playwright-checks, heartbeat-checks. The query is validated with the client's schema
 * (src/contract/schemas/analytics.ts); the check must exist and be of the report's type.
 */
import { ANALYTICS_KINDS, REPORTS } from "../../contract/analytics-metrics.ts";
import { analyticsQuerySchema } from "../../contract/schemas/analytics.ts";
import { buildReport } from "../analytics/report.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import { parseQuery } from "./validate.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  for (const kind of ANALYTICS_KINDS) {
    const spec = REPORTS[kind];
    const types: readonly string[] = spec.checkTypes;
    const schema = analyticsQuerySchema(kind);
    app.get(`/v1/analytics/${spec.path}/:id`, (c) => {
      const query = parseQuery(c, schema);
      const check = ctx.repo.getCheck(c.req.param("id"));
      if (!check) throw notFound("Check not found");
      if (!types.includes(check.checkType)) {
        throw new ServiceError(400, `Check ${check.id} is a ${check.checkType} check, not ${spec.label}`, {
          validation: { source: "params", keys: ["id"] },
        });
      }
      return c.json(buildReport(ctx.repo, kind, check, query, ctx.now()));
    });
  }
}
