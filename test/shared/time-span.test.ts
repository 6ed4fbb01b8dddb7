/** The one time-span grammar: the stored units, their length, the command line's short form. */
import { describe, expect, it } from "vitest";
import { heartbeatGraceMs, heartbeatPeriodMs } from "../../src/shared/heartbeat-period.ts";
import { parseSpan, TIME_UNIT_MS, TIME_UNITS, unitMs } from "../../src/shared/time-span.ts";

describe("time spans", () => {
  it("parses the short form, any case, whole numbers only", () => {
    expect(parseSpan("30s")).toEqual({ n: 30, unit: "seconds" });
    expect(parseSpan(" 5 M ")).toEqual({ n: 5, unit: "minutes" });
    expect(parseSpan("1h")).toEqual({ n: 1, unit: "hours" });
    expect(parseSpan("2d")).toEqual({ n: 2, unit: "days" });
    for (const bad of ["", "5", "m", "1.5h", "-1h", "5w", "5 minutes"])
      expect(parseSpan(bad)).toBeUndefined();
  });

  it("every unit has its length; an unknown or missing unit has none", () => {
    expect(TIME_UNITS.map((u) => unitMs(u))).toEqual(TIME_UNITS.map((u) => TIME_UNIT_MS[u]));
    expect(unitMs("weeks")).toBeUndefined();
    expect(unitMs(undefined)).toBeUndefined();
  });

  it("a heartbeat's period and grace are read with it, never guessed", () => {
    const h = { period: 10, periodUnit: "minutes", grace: 30, graceUnit: "seconds" };
    expect(heartbeatPeriodMs(h)).toBe(600_000);
    expect(heartbeatGraceMs(h)).toBe(30_000);
    expect(heartbeatPeriodMs({ period: 10, periodUnit: "fortnights" })).toBeUndefined();
  });
});
