/** Multi-step checks: a Playwright script of API requests, each request a step with its timings. */
import { RELIABILITY, SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, lazy, responseTimes, scriptFields } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() => body({ ...common(), ...responseTimes("MULTI_STEP", spec), ...scriptFields() }));

export const multistep = {
  type: "MULTI_STEP",
  kind: "multistep",
  result: "multiStepCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
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
