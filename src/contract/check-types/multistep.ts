/** Multi-step checks: a Playwright script of API requests, each request a step with its timings. */
import { RELIABILITY, SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, responseTimes, scriptFields } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" } as const;

export const multistep = {
  type: "MULTI_STEP",
  kind: "multistep",
  result: "multiStepCheckResult",
  spec,
  body: body({ ...common, ...responseTimes("MULTI_STEP", spec), ...scriptFields }),
  report: {
    path: "multistep-checks",
    label: "a multi-step check",
    base: ["responseTime", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("responseTime"), RELIABILITY],
  },
} as const satisfies CheckTypeDef;
