/** DNS checks: one query of a record type, against a name server of the check's or the system's. */
import { z } from "zod";
import { RELIABILITY, SUCCESS_FAILURE, timing } from "../analytics-report.ts";
import type { CheckTypeDef } from "../check-type-def.ts";
import { assertion, body, common, lazy, responseTimes } from "../schemas/check-body-parts.ts";
import { opt, optOr } from "../schemas/common.ts";

const spec = { thresholds: [500, 1000], maxMs: 5000, canDegrade: true, runs: "active" } as const;

/** Its body schema, built the first time it is read (lazy: see check-body-parts.ts). */
const bodySchema = lazy(() =>
  body({
    ...common(),
    ...responseTimes("DNS", spec),
    request: z.object({
      query: z.string().min(1).max(100),
      recordType: z.enum(["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"]),
      nameServer: opt(z.string().max(100)),
      port: opt(z.number().int().min(1).max(65535)),
      protocol: optOr(z.enum(["TCP", "UDP"]), "UDP"),
      assertions: optOr(z.array(assertion()), []),
    }),
  }),
);

export const dns = {
  type: "DNS",
  kind: "dns",
  result: "dnsCheckResult",
  spec,
  get body() {
    return bodySchema();
  },
  report: {
    path: "dns",
    label: "a DNS check",
    base: ["total", "availability", "retries"],
    groupBy: ["runLocation"],
    statusFilter: SUCCESS_FAILURE,
    interval: true,
    views: [timing("total", "total time"), RELIABILITY],
  },
} as const satisfies CheckTypeDef;
