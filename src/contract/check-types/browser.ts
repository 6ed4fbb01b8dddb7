/** Browser checks: a Playwright script driving Chromium; web vitals and error counts per run. */
import { SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, lazy, responseTimes, scriptFields } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [10000, 30000], maxMs: 300000, canDegrade: false, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() => body({ ...common(), ...responseTimes("BROWSER", spec), ...scriptFields() }));

export const browser = {
  type: "BROWSER",
  kind: "browser",
  result: "browserCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
  report: {
    path: "browser-checks",
    label: "a browser check",
    base: [
      "responseTime",
      "TTFB",
      "FCP",
      "LCP",
      "CLS",
      "TBT",
      "consoleErrors",
      "networkErrors",
      "userScriptErrors",
      "documentErrors",
      "availability",
      "retries",
    ],
    groupBy: ["runLocation", "pageIndex"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [
      { name: "web vitals", metrics: ["TTFB_avg", "FCP_avg", "LCP_avg", "TBT_avg", "CLS_avg"] },
      {
        name: "errors",
        metrics: ["consoleErrors_sum", "networkErrors_sum", "userScriptErrors_sum", "documentErrors_sum"],
      },
      timing("responseTime"),
    ],
  },
} as const satisfies CheckTypeDef;
