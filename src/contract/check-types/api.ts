/** API checks: one HTTP request, any method, with headers, body, basic auth and assertions on the answer. */
import { HTTP_REPORT } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, httpRequest, lazy, responseTimes } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [5000, 20000], maxMs: 45000, canDegrade: true, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() =>
  body({
    ...common(),
    ...responseTimes("API", spec),
    request: httpRequest(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
  }),
);

export const api = {
  type: "API",
  kind: "api",
  result: "apiCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
  report: { path: "api-checks", label: "an API check", ...HTTP_REPORT },
} as const satisfies CheckTypeDef;
