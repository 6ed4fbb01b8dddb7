/**
 * What one check type declares in the contract: its file under src/contract/check-types/, named after its
 * kind, and one line in src/contract/check-types/registry.ts. All the contract keeps per type is derived
 * from these — the type list and specs (check-types.ts), the body schemas by URL segment
 * (schemas/check-bodies.ts), the types a session or check read names (schemas/check-sessions.ts) and the
 * analytics reports (analytics-metrics.ts); the service's part of a type (runner, demo generator) is keyed
 * by the same types (src/service/runners/registry.ts, `satisfies`), so the compiler names what is missing.
 */
import type { z } from "zod";
import type { ReportDef } from "./analytics-report.ts";

export type CheckTypeSpec = {
  /** Hosted defaults, ms: [degradedResponseTime, maxResponseTime]. */
  thresholds: readonly [degraded: number, max: number];
  /** The largest degradedResponseTime / maxResponseTime a check of this type may have, ms. */
  maxMs: number;
  /** Whether a passing run slower than degradedResponseTime counts as degraded. */
  canDegrade: boolean;
  /** "active": a runner makes its runs; "passive": its runs are pings it receives. */
  runs: "active" | "passive";
};

export type CheckTypeDef = {
  /** The type as stored and sent (`checkType`). */
  type: string;
  /**
   * Its lower-case name: the URL segment of `/v1/checks/{kind}` (when it has a body) and the name of its
   * analytics report (`vigil analytics <kind>`), and the name of its file.
   */
  kind: string;
  spec: CheckTypeSpec;
  /**
   * The member of a check result that holds this type's own detail (`apiCheckResult`, `heartbeatEvent`, …):
   * a result that does not name its type is known by it (types may share one: API and URL).
   */
  result: string;
  /**
   * The ONE body schema of the type, create and update (schemas/check-body-parts.ts: `body({...common,
   * ...responseTimes(type, spec), ...its own})`); none: its checks are not written through `/v1/checks`.
   */
  body?: z.ZodType;
  /** Its analytics report (GET /v1/analytics/<path>/{id}), if it has one. */
  report?: ReportDef;
};
