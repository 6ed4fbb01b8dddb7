/** URL monitors: a GET of one URL, passing on a status below 400 unless its assertions say otherwise. */
import { HTTP_REPORT } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, httpRequest, responseTimes } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [3000, 5000], maxMs: 45000, canDegrade: true, runs: "active" } as const;

export const url = {
  type: "URL",
  kind: "url",
  result: "apiCheckResult",
  spec,
  body: body({ ...common, ...responseTimes("URL", spec), request: httpRequest(["GET"]) }),
  report: { path: "url-monitors", label: "a URL monitor", ...HTTP_REPORT },
} as const satisfies CheckTypeDef;
