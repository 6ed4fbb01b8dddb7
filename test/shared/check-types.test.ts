/**
 * The check-type registry agrees with the rest: every active type has a runner and the passive one has
 * none; every type has an analytics report; the engine's defaults and verdicts come from it.
 */
import { describe, expect, it } from "vitest";
import { analyticsKindOf } from "../../src/api/analytics-metrics.ts";
import { toCheckDef } from "../../src/service/engine/checks.ts";
import { classify } from "../../src/service/engine/classify.ts";
import { runnerFor } from "../../src/service/runners/registry.ts";
import { CHECK_TYPE_SPECS, CHECK_TYPES } from "../../src/shared/check-types.ts";

const row = (checkType: string) => ({
  id: "c",
  name: "c",
  check_type: checkType,
  activated: 1,
  muted: 0,
  frequency: 5,
  tags: "[]",
  locations: "[]",
  doc: "{}",
});

describe("check types", () => {
  it.each(CHECK_TYPES)("%s: runner, report, thresholds and degraded state from its spec", (type) => {
    const spec = CHECK_TYPE_SPECS[type];
    expect(runnerFor(type) !== undefined).toBe(spec.runs === "active");
    expect(analyticsKindOf(type)).toBeDefined();
    const def = toCheckDef(row(type));
    expect([def.degradedResponseTime, def.maxResponseTime]).toEqual([...spec.thresholds]);
    const slow = {
      hasFailures: false,
      hasErrors: false,
      responseTime: spec.thresholds[0] + 1,
      metrics: {},
      detail: {},
    };
    expect(classify(def, slow).isDegraded).toBe(spec.canDegrade);
  });
});
