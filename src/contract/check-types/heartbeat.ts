/**
 * Heartbeat checks: passive — never run; the pings a job sends to its URL are its runs, judged against
 * the period and grace (src/service/runners/heartbeat.ts). Its report has no interval or grouping and is
 * filtered by the ping's state instead of success or failure.
 */
import { z } from "zod";
import { TIME_UNIT_MS, TIME_UNITS } from "../../shared/time-span.ts";
import { RELIABILITY } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { body, common, lazy, responseTimes } from "../schemas/check-body-parts.ts";

const spec = { thresholds: [10000, 20000], maxMs: 300000, canDegrade: false, runs: "passive" } as const;

const timeUnit = z.enum(TIME_UNITS);
const YEAR_S = 365 * 86400;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() =>
  body({
    ...common(),
    ...responseTimes("HEARTBEAT", spec),
    heartbeat: z
      .object({
        period: z.number().min(0),
        periodUnit: timeUnit,
        grace: z.number().min(0),
        graceUnit: timeUnit,
        pingToken: z.string().min(1).nullish(),
      })
      .superRefine((h, ctx) => {
        const period = (h.period * TIME_UNIT_MS[h.periodUnit]) / 1000;
        const grace = (h.grace * TIME_UNIT_MS[h.graceUnit]) / 1000;
        if (period < 30 || period > YEAR_S)
          ctx.addIssue({
            code: "custom",
            path: ["period"],
            message: '"heartbeat.period" must be between 30 seconds and 365 days',
          });
        if (grace > YEAR_S)
          ctx.addIssue({
            code: "custom",
            path: ["grace"],
            message: '"heartbeat.grace" must be at most 365 days',
          });
      }),
  }),
);

export const heartbeat = {
  type: "HEARTBEAT",
  kind: "heartbeat",
  result: "heartbeatEvent",
  spec,
  get body() {
    return bodySchema();
  },
  report: {
    path: "heartbeat-checks",
    label: "a heartbeat check",
    base: ["availability", "retries"],
    groupBy: [],
    statusFilter: ["FAILING", "EARLY", "RECEIVED", "GRACE", "LATE"],
    interval: false,
    views: [RELIABILITY],
  },
} as const satisfies CheckTypeDef;
