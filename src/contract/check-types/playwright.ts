/**
 * Playwright checks: a Playwright test suite, run like a browser check. No body: the service takes none
 * through `/v1/checks` (hosted, they come with a deployed project); one stored is run, listed and reported.
 */
import { RELIABILITY, SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";

const spec = { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" } as const;

export const playwright = {
  type: "PLAYWRIGHT",
  kind: "playwright",
  result: "playwrightCheckResult",
  spec,
  report: {
    path: "playwright-checks",
    label: "a Playwright check",
    base: ["responseTime", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("responseTime"), RELIABILITY],
  },
} as const satisfies CheckTypeDef;
