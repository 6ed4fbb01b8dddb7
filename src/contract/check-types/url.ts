/** URL monitors: a GET of one URL, passing on a status below 400 unless its assertions say otherwise. */
import { HTTP_REPORT } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, httpRequest, lazy, responseTimes } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [3000, 5000], maxMs: 45000, canDegrade: true, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() =>
  body({ ...common(), ...responseTimes("URL", spec), request: httpRequest(["GET"]) }),
);

export const url = {
  type: "URL",
  kind: "url",
  result: "apiCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
  report: { path: "url-monitors", label: "a URL monitor", ...HTTP_REPORT },
} as const satisfies CheckTypeDef;
