/**
 * The result view's registry (src/store/triage/result-view/registry.ts): every check type of the contract
 * has its parts, and a result that does not name its type is known by the detail member the type's contract
 * file declares.
 */
import { describe, expect, it } from "vitest";
import { CHECK_TYPE_DEFS } from "../../../src/contract/check-types/registry.ts";
import { CHECK_TYPES, typeOfResult } from "../../../src/contract/check-types.ts";
import { RESULT_PARTS } from "../../../src/store/triage/result-view/registry.ts";
import { resultType, resultView } from "../../../src/store/triage/result-view.ts";

describe("the result view's registry", () => {
  it("has the parts of every check type of the contract, and nothing else", () => {
    expect(Object.keys(RESULT_PARTS).sort()).toEqual([...CHECK_TYPES].sort());
  });

  it("knows a result by its detail member: the first type in the registry's order that holds it", () => {
    for (const def of CHECK_TYPE_DEFS) {
      const r = { id: "r1", [def.result]: {} };
      const first = CHECK_TYPE_DEFS.find((d) => d.result === def.result);
      expect(typeOfResult(r), def.result).toBe(first?.type);
      expect(resultType(r)).toBe(first?.type);
    }
    // API and URL share theirs: a result without its type reads as API
    expect(resultType({ apiCheckResult: {} })).toBe("API");
    expect(resultType({ multiStepCheckResult: {} })).toBe("MULTI_STEP");
    expect(resultType({ heartbeatEvent: { source: "curl" } })).toBe("HEARTBEAT");
    expect(typeOfResult({ apiCheckResult: null })).toBeUndefined();
  });

  it("draws each type's own sections, and a type it does not know as the members it holds", () => {
    const titles = (r: Record<string, unknown>) => resultView(r).map((s) => s.title);
    expect(titles({ checkType: "TCP", tcpCheckResult: {} })).toContain("Response time limits");
    expect(titles({ checkType: "API" })).toContain("Request");
    const unknown = resultView({ checkType: "TRACEROUTE", tcpCheckResult: {}, errorMessage: "boom" });
    const detail = unknown.find((s) => s.title === "Detail");
    expect(detail?.lines.map((l) => l.text)).toEqual(
      expect.arrayContaining(["type         TRACEROUTE", "  tcpCheckResult"]),
    );
  });
});
