/**
 * Analytics reports (seed §4.2, api-notes §2.1): url-monitors, tcp-checks, browser-checks, plus
 * api-checks (beyond the seed; the URL metric set). The query is validated with the client's schema
 * (src/api/schemas/analytics.ts); the check must exist and be of a matching type.
 */
import type { AnalyticsKind } from "../../api/analytics-metrics.ts";
import { analyticsQuerySchema } from "../../api/schemas/analytics.ts";
import { buildReport } from "../analytics/report.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { readCheck } from "../engine/checks.ts";
import { notFound, ServiceError } from "../errors.ts";
import { parseQuery } from "./validate.ts";

const ROUTES: { segment: string; kind: AnalyticsKind; types: string[]; label: string }[] = [
  { segment: "url-monitors", kind: "url", types: ["URL"], label: "a URL monitor" },
  { segment: "tcp-checks", kind: "tcp", types: ["TCP"], label: "a TCP check" },
  {
    segment: "browser-checks",
    kind: "browser",
    types: ["BROWSER", "MULTI_STEP", "PLAYWRIGHT"],
    label: "a browser check",
  },
  { segment: "api-checks", kind: "url", types: ["API"], label: "an API check" },
];

export function register(app: ServiceApp, ctx: ServiceContext): void {
  for (const route of ROUTES) {
    const schema = analyticsQuerySchema(route.kind);
    app.get(`/v1/analytics/${route.segment}/:id`, (c) => {
      const query = parseQuery(c, schema);
      const check = readCheck(ctx.db, c.req.param("id"));
      if (!check) throw notFound("Check not found");
      if (!route.types.includes(check.checkType)) {
        throw new ServiceError(400, `Check ${check.id} is a ${check.checkType} check, not ${route.label}`, {
          validation: { source: "params", keys: ["id"] },
        });
      }
      return c.json(buildReport(ctx.db, route.kind, check, query, ctx.now()));
    });
  }
}
