/**
 * "Since its first run" is said only when the results held are shown to begin at the check's first run
 * (src/store/triage/timeline.ts heldFromFirstRun): the list ended (no older result given), the oldest held
 * ran within a minute after the check's `created_at`, and the check is younger than any service keeps
 * results (so retention took none of its runs). Anything less, or anything unknown: not proven.
 */
import { describe, expect, it } from "vitest";
import {
  FIRST_RUN_WITHIN_MS,
  heldFromFirstRun,
  RESULTS_KEPT_AT_LEAST_MS,
} from "../../../src/store/triage/timeline.ts";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const CREATED = NOW - 2 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const run = (at: number) => ({ resultType: "FINAL", startedAt: iso(at), hasFailures: true });
const check = { created_at: iso(CREATED) };
// newest first, as held: the oldest ran 8 s after the check was created
const held = [run(NOW - 60_000), run(NOW - 30 * 60_000), run(CREATED + 8_000)];

describe("the results held begin at the check's first run", () => {
  it("proven: the list ended, the oldest ran just after creation, the check younger than a day", () => {
    expect(heldFromFirstRun(held, true, check, NOW)).toBe(true);
    // an ATTEMPT's time counts as much as a FINAL's: it is a run too
    expect(
      heldFromFirstRun(
        [...held, { resultType: "ATTEMPT", startedAt: iso(CREATED + 3_000) }],
        true,
        check,
        NOW,
      ),
    ).toBe(true);
  });

  it("not proven when the service may hold older results (the page was full)", () => {
    expect(heldFromFirstRun(held, false, check, NOW)).toBe(false);
  });

  it("not proven when the oldest held ran later than a minute after creation (older ones may be cut off)", () => {
    const late = [run(NOW - 60_000), run(CREATED + FIRST_RUN_WITHIN_MS + 1_000)];
    expect(heldFromFirstRun(late, true, check, NOW)).toBe(false);
  });

  it("not proven for a check older than any service surely keeps results (retention may have taken runs)", () => {
    const old = NOW - RESULTS_KEPT_AT_LEAST_MS - 60_000;
    expect(heldFromFirstRun([run(old + 5_000)], true, { created_at: iso(old) }, NOW)).toBe(false);
  });

  it("not proven when something is unknown or does not add up", () => {
    expect(heldFromFirstRun(held, true, {}, NOW)).toBe(false);
    expect(heldFromFirstRun(held, true, { created_at: "not a date" }, NOW)).toBe(false);
    expect(heldFromFirstRun([], true, check, NOW)).toBe(false);
    // a result without a time: where it falls is not known
    expect(heldFromFirstRun([...held, { resultType: "FINAL" }], true, check, NOW)).toBe(false);
    // a result older than the check: created_at is not when it began running
    expect(heldFromFirstRun([run(CREATED - 60_000)], true, check, NOW)).toBe(false);
  });
});
