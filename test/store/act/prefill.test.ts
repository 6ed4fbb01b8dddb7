/** `i`: the incident form filled in from the failing check(s) — name, severity, services. */
import { describe, expect, it } from "vitest";
import type { Service } from "../../../src/api/schemas/services.ts";
import {
  incidentPrefill,
  PREFILL_NAME_MAX,
  type PrefillCheck,
  severityOf,
  worstSeverity,
} from "../../../src/store/act/prefill.ts";

const svc = (id: string, name: string, checks: string[] = []): Service =>
  ({ id, name, accountId: "a", created_at: "2026-11-01", checks: checks.map((c) => ({ id: c })) }) as Service;

const checkout: PrefillCheck = {
  id: "c1",
  name: "Checkout API",
  tags: ["prod", "payments"],
  state: "failing",
  reason: "status code equals 200, received 503",
  locationsIn: 2,
  locationsOf: 3,
};

describe("incident prefill", () => {
  it("one check: the name is the check and its reason; the first update says what and where", () => {
    const p = incidentPrefill([checkout], [], () => undefined);
    expect(p.name).toBe("Checkout API: status code equals 200, received 503");
    expect(p.description).toBe("We are investigating: Checkout API is failing in 2 of 3 locations.");
    // the reason is for the team (in the name), not repeated to subscribers
    expect(p.description).not.toContain("503");
  });

  it("without a reason yet: '<check> failing'; a long name is cut to fit", () => {
    expect(incidentPrefill([{ ...checkout, reason: undefined }], [], () => undefined).name).toBe(
      "Checkout API failing",
    );
    const long = incidentPrefill([{ ...checkout, reason: "x".repeat(500) }], [], () => undefined).name;
    expect(long).toHaveLength(PREFILL_NAME_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("several checks: counted and named", () => {
    const p = incidentPrefill(
      [checkout, { id: "c2", name: "Search", state: "degraded" }],
      [],
      () => undefined,
    );
    expect(p.name).toBe("2 checks failing: Checkout API, Search");
    expect(p.description).toContain("2 checks are failing (Checkout API, Search)");
  });

  it("severity by how many locations fail: all → CRITICAL (degraded: MAJOR), some → MEDIUM (MINOR)", () => {
    expect(severityOf({ state: "failing", locationsIn: 3, locationsOf: 3 })).toBe("CRITICAL");
    expect(severityOf({ state: "failing", locationsIn: 1, locationsOf: 1 })).toBe("CRITICAL");
    expect(severityOf({ state: "cannot run", locationsIn: 2, locationsOf: 2 })).toBe("CRITICAL");
    expect(severityOf({ state: "degraded", locationsIn: 3, locationsOf: 3 })).toBe("MAJOR");
    expect(severityOf({ state: "failing", locationsIn: 1, locationsOf: 3 })).toBe("MEDIUM");
    expect(severityOf({ state: "degraded", locationsIn: 1, locationsOf: 3 })).toBe("MINOR");
    // not known yet (results not read): the form's default for failing
    expect(severityOf({ state: "failing" })).toBe("MAJOR");
    expect(severityOf({ state: "degraded" })).toBe("MEDIUM");
    // several: the worst
    expect(
      worstSeverity([
        { ...checkout, locationsIn: 1 },
        { id: "c2", name: "b", state: "failing", locationsIn: 2, locationsOf: 2 },
      ]),
    ).toBe("CRITICAL");
    expect(incidentPrefill([checkout], [], () => undefined).severity).toBe("MEDIUM");
  });

  it("services: those listing the check, listing a check that shares a tag, or named like a tag", () => {
    const services = [
      svc("s1", "Storefront", ["c1"]), // lists the check
      svc("s2", "Billing", ["c9"]), // lists a check tagged payments
      svc("s3", "Payments"), // named like a tag
      svc("s4", "Search", ["c7"]), // nothing in common
      svc("s5", "Docs"),
    ];
    const tags: Record<string, string[]> = { c9: ["payments"], c7: ["search"] };
    const p = incidentPrefill([checkout], services, (id) => tags[id]);
    expect(p.services).toEqual(["s1", "s2", "s3"]);
    // a check without tags: only the services that list it
    expect(incidentPrefill([{ ...checkout, tags: [] }], services, (id) => tags[id]).services).toEqual(["s1"]);
    expect(incidentPrefill([checkout], [], () => undefined).services).toEqual([]);
  });
});
