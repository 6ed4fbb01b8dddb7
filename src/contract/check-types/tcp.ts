/** TCP checks: connect to a host and port, optionally send data, assert on the answer and the time. */
import { z } from "zod";
import { RELIABILITY, SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { assertion, body, common, lazy, responseTimes } from "../schemas/check-body-parts.ts";
import { optOr } from "../schemas/common.ts";

const spec = { thresholds: [3000, 5000], maxMs: 45000, canDegrade: true, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() =>
  body({
    ...common(),
    ...responseTimes("TCP", spec),
    request: z.object({
      hostname: z.string().min(1).max(2048),
      port: z.number().int().min(1).max(65535),
      data: z.string().nullish().default(null),
      assertions: optOr(z.array(assertion()), []),
      ipFamily: optOr(z.enum(["IPv4", "IPv6"]), "IPv4"),
    }),
  }),
);

export const tcp = {
  type: "TCP",
  kind: "tcp",
  result: "tcpCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
  report: {
    path: "tcp-checks",
    label: "a TCP check",
    base: ["total", "dns", "connection", "data", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [
      timing("total", "total time"),
      { name: "phases", metrics: ["dns_avg", "connection_avg", "data_avg"] },
      RELIABILITY,
    ],
  },
} as const satisfies CheckTypeDef;
