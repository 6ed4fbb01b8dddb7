/** `i`: the incident form filled in from the failing check(s) — name, severity, services. */
import { describe, expect, it } from "vitest";
import type { Service } from "../../../src/contract/schemas/services.ts";
import {
  incidentPrefill,
  PREFILL_NAME_MAX,
  type PrefillCheck,
  severityOf,
  worstSeverity,
} from "../../../src/store/actions/prefill.ts";

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
    const p = incidentPrefill([checkout], [], []);
    expect(p.name).toBe("Checkout API: status code equals 200, received 503");
    expect(p.description).toBe("We are investigating: Checkout API is failing in 2 of 3 locations.");
    // the reason is for the team (in the name), not repeated to subscribers
    expect(p.description).not.toContain("503");
  });

  it("without a reason yet: '<check> failing'; a long name is cut to fit", () => {
    expect(incidentPrefill([{ ...checkout, reason: undefined }], [], []).name).toBe("Checkout API failing");
    const long = incidentPrefill([{ ...checkout, reason: "x".repeat(500) }], [], []).name;
    expect(long).toHaveLength(PREFILL_NAME_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("several checks: counted and named", () => {
    const p = incidentPrefill([checkout, { id: "c2", name: "Search", state: "degraded" }], [], []);
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
    expect(incidentPrefill([checkout], [], []).severity).toBe("MEDIUM");
  });

  it("services: those listing the check; else named like a tag; else listing a check with a distinctive tag", () => {
    const all = [
      { id: "c1", tags: ["prod", "payments"] },
      { id: "c2", tags: ["prod", "search"] },
      { id: "c3", tags: ["prod", "payments"] },
      { id: "c4", tags: ["prod"] },
      { id: "c5", tags: ["staging"] },
    ];
    const listed = [svc("s1", "Storefront", ["c1"]), svc("s2", "Payments"), svc("s3", "Search", ["c2"])];
    // the service that lists the check, and only it (a tag-named one is not added then)
    expect(incidentPrefill([checkout], listed, all).services).toEqual(["s1"]);
    // none lists it: the one named like a tag
    const unlisted = { ...checkout, id: "c9" };
    expect(incidentPrefill([unlisted], listed, all).services).toEqual(["s2"]);
    // none named like a tag either: those listing a check with a distinctive tag (payments: c1, c3) —
    // not every service listing a "prod" check (4 of 5 checks carry it: it tells nothing)
    const byChecks = [svc("s4", "Billing", ["c3"]), svc("s5", "Search", ["c2"]), svc("s6", "Ops", ["c4"])];
    expect(incidentPrefill([unlisted], byChecks, all).services).toEqual(["s4"]);
    // no tags, not listed: nothing preselected
    expect(incidentPrefill([{ ...unlisted, tags: [] }], byChecks, all).services).toEqual([]);
    expect(incidentPrefill([checkout], [], all).services).toEqual([]);
  });

  it("a passing (or pending, or unknown) check: its name alone, no first update, MINOR — never worded as failing", () => {
    for (const state of ["passing", "pending", "unknown"]) {
      const p = incidentPrefill([{ ...checkout, state, reason: undefined }], [], []);
      expect(p).toMatchObject({ name: "Checkout API", description: "", severity: "MINOR" });
    }
    // several, none in trouble: named, not said to fail
    const two = incidentPrefill(
      [
        { ...checkout, state: "passing" },
        { id: "c2", name: "Search", state: "passing" },
      ],
      [],
      [],
    );
    expect(two).toMatchObject({ name: "2 checks: Checkout API, Search", description: "", severity: "MINOR" });
    // a mix: only the one in trouble is worded, and its severity counts
    const mix = incidentPrefill(
      [
        { ...checkout, state: "passing" },
        { id: "c2", name: "Search", state: "degraded" },
      ],
      [],
      [],
    );
    expect(mix.name).toBe("Search degraded");
    expect(mix.description).toBe("We are investigating: Search is degraded.");
    expect(mix.severity).toBe("MEDIUM");
  });
});
