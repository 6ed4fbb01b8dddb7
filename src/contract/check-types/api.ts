/** API checks: one HTTP request, any method, with headers, body, basic auth and assertions on the answer. */
import { HTTP_REPORT } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, httpRequest, responseTimes } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [5000, 20000], maxMs: 45000, canDegrade: true, runs: "active" } as const;

export const api = {
  type: "API",
  kind: "api",
  result: "apiCheckResult",
  spec,
  body: body({
    ...common,
    ...responseTimes("API", spec),
    request: httpRequest(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
  }),
  report: { path: "api-checks", label: "an API check", ...HTTP_REPORT },
} as const satisfies CheckTypeDef;
