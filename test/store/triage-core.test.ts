/** The reason a run failed and since when a check is in its state: pure, from result shapes of both services. */
import { describe, expect, it } from "vitest";
import { toResultSummary } from "../../src/store/data/summary.ts";
import {
  failedAssertionText,
  receivedText,
  responseTimeReason,
  resultReason,
  runReason,
} from "../../src/store/triage/reason.ts";
import { atLocations, sinceText, stateSince, stateTimeline } from "../../src/store/triage/timeline.ts";

const at = (min: number) => new Date(Date.UTC(2026, 10, 25, 9, min)).toISOString();

describe("the reason of a run", () => {
  it("names the request error when the request got no answer", () => {
    const r = {
      hasFailures: true,
      hasErrors: true,
      errorMessage: "request failed: connect ECONNREFUSED 127.0.0.1:9",
      apiCheckResult: { assertions: [], requestError: "connect ECONNREFUSED 127.0.0.1:9", response: null },
    };
    expect(resultReason(r)).toBe("connect ECONNREFUSED 127.0.0.1:9");
  });

  it("names the first failing assertion with what was received (hosted shape: `error` set)", () => {
    const r = {
      hasFailures: true,
      apiCheckResult: {
        assertions: [
          { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "3000", actual: 120, error: "" },
          {
            source: "STATUS_CODE",
            property: "",
            comparison: "EQUALS",
            target: "200",
            actual: 503,
            error: "x",
          },
          {
            source: "JSON_BODY",
            property: "$.ok",
            comparison: "EQUALS",
            target: "true",
            actual: false,
            error: "y",
          },
        ],
      },
    };
    expect(resultReason(r)).toBe("status code equals 200, received 503");
  });

  it("reads results stored before assertions carried `error` (passed: false) and prints falsy values", () => {
    const r = {
      hasFailures: true,
      apiCheckResult: {
        assertions: [
          {
            source: "JSON_BODY",
            property: "$.count",
            comparison: "GREATER_THAN",
            target: "0",
            actual: 0,
            passed: false,
          },
        ],
      },
    };
    expect(resultReason(r)).toBe("JSON body $.count greater than 0, received 0");
    expect(receivedText("")).toBe('""');
    expect(receivedText(false)).toBe("false");
    expect(receivedText(undefined)).toBe("nothing");
    expect(
      failedAssertionText({
        source: "HEADERS",
        property: "content-type",
        comparison: "CONTAINS",
        target: "json",
        actual: "text/html",
      }),
    ).toBe("header content-type contains json, received text/html");
  });

  it("names a browser script's error with its line", () => {
    const r = {
      hasFailures: true,
      browserCheckResult: {
        error: { message: "expect(received).toBe(expected)\n\nExpected: 2\nReceived: 3", line: 4 },
      },
    };
    expect(resultReason(r)).toBe("line 4: expect(received).toBe(expected)");
  });

  it("says why a run could not be made, and that nothing was recorded when nothing was", () => {
    expect(resultReason({ isCancelled: true, errorMessage: "cannot run here: no usable browser" })).toBe(
      "cannot run here: no usable browser",
    );
    expect(resultReason({ hasFailures: true })).toBe("failed (no reason recorded)");
    expect(resultReason({ hasFailures: false, isDegraded: true })).toBeUndefined();
  });

  it("explains a degraded run by the check's thresholds", () => {
    const r = { isDegraded: true, responseTime: 2300 };
    expect(responseTimeReason(r, { degradedResponseTime: 1500, maxResponseTime: 5000 })).toBe(
      "response time 2.30 s over degraded 1.50 s",
    );
    expect(
      responseTimeReason(
        { hasFailures: true, overMaxResponseTime: true, responseTime: 6000 },
        { maxResponseTime: 5000 },
      ),
    ).toBe("response time 6.00 s over max 5.00 s");
    expect(runReason({ isDegraded: true, responseTime: 2300 }, { degradedResponseTime: 1500 })).toBe(
      "response time 2.30 s over degraded 1.50 s",
    );
  });

  it("keeps the reason on the slim summary the console holds, and drops the full detail", () => {
    const slim = toResultSummary({
      id: "r1",
      hasFailures: true,
      apiCheckResult: {
        assertions: [
          { source: "STATUS_CODE", comparison: "EQUALS", target: "200", actual: 503, error: "no" },
        ],
      },
    } as never);
    expect(slim.reason).toBe("status code equals 200, received 503");
    expect((slim as Record<string, unknown>).apiCheckResult).toBeUndefined();
  });
});

describe("since when", () => {
  const run = (
    min: number,
    state: "pass" | "fail" | "degraded",
    loc = "eu-west-1",
    resultType = "FINAL",
  ) => ({
    startedAt: at(min),
    runLocation: loc,
    resultType,
    hasFailures: state === "fail",
    isDegraded: state === "degraded",
  });

  it("starts the failing streak at the first failure after the last pass (newest-first input)", () => {
    const results = [run(50, "fail"), run(45, "fail"), run(41, "fail"), run(35, "pass"), run(30, "pass")];
    const s = stateSince(results, "failing");
    expect(s).toMatchObject({ at: Date.parse(at(41)), exact: true, locationsIn: 1, locationsSeen: 1 });
    expect(sinceText(s!, Date.parse(at(53)))).toMatch(/^12 min \(since \d\d:\d\d\)$/);
  });

  it("says 'since before' when every result held fails", () => {
    const s = stateSince([run(50, "fail"), run(40, "fail")], "failing");
    expect(s?.exact).toBe(false);
    expect(sinceText(s!, Date.parse(at(55)))).toMatch(/^over 15 min \(since before \d\d:\d\d\)$/);
  });

  it("ignores ATTEMPT results and keeps locations apart", () => {
    const results = [
      run(50, "fail", "eu-west-1"),
      run(49, "pass", "us-east-1"),
      run(48, "pass", "eu-west-1", "ATTEMPT"),
      run(45, "fail", "eu-west-1"),
      run(44, "pass", "us-east-1"),
      run(40, "pass", "eu-west-1"),
    ];
    expect(stateSince(results, "failing")).toMatchObject({
      at: Date.parse(at(45)),
      exact: true,
      locationsIn: 1,
      locationsSeen: 2,
    });
    expect(stateSince(results, "degraded")).toBeUndefined();
  });

  it("passing since the last location came back, not since the longest-passing location's streak", () => {
    // eu-west-1 passed throughout; us-east-1 failed at 41 and came back at 45: the check failed at 41
    const results = [
      run(30, "pass", "eu-west-1"),
      run(31, "pass", "us-east-1"),
      run(40, "pass", "eu-west-1"),
      run(41, "fail", "us-east-1"),
      run(44, "pass", "eu-west-1"),
      run(45, "pass", "us-east-1"),
      run(50, "pass", "eu-west-1"),
      run(51, "pass", "us-east-1"),
    ];
    expect(stateSince(results, "passing")).toMatchObject({
      at: Date.parse(at(45)),
      exact: true,
      locationsIn: 2,
      locationsSeen: 2,
    });
    // the same with no failure held: since before the later of the two oldest results
    const clean = results.filter((r) => r.hasFailures !== true);
    expect(stateSince(clean, "passing")).toMatchObject({ at: Date.parse(at(31)), exact: false });
  });

  it("lists the state changes, a failing location not recovered by another's pass", () => {
    const results = [
      run(30, "pass", "eu-west-1"),
      run(31, "pass", "us-east-1"),
      run(41, "fail", "eu-west-1"),
      run(42, "pass", "us-east-1"),
      run(50, "pass", "eu-west-1"),
      run(55, "degraded", "us-east-1"),
    ];
    expect(stateTimeline(results).map((t) => [t.from, t.to, t.location])).toEqual([
      [undefined, "passing", "eu-west-1"],
      ["passing", "failing", "eu-west-1"],
      ["failing", "passing", "eu-west-1"],
      ["passing", "degraded", "us-east-1"],
    ]);
  });

  it("'since before' names the minute after the oldest result held, never one before it", () => {
    const first = Date.UTC(2026, 10, 25, 9, 40, 1); // a first run at 09:40:01
    const s = stateSince(
      [run(50, "fail"), { ...run(40, "fail"), startedAt: new Date(first).toISOString() }],
      "failing",
    );
    expect(s).toMatchObject({ at: first, exact: false });
    const text = sinceText(s!, Date.parse(at(55)));
    const named = /since before (\d\d):(\d\d)\)$/.exec(text);
    const d = new Date(first);
    // the minute named (local time) is the one after 09:40:01
    expect([Number(named?.[1]), Number(named?.[2])]).toEqual([
      new Date(first + 60_000).getHours(),
      new Date(first + 60_000).getMinutes(),
    ]);
    expect(d.getSeconds()).toBe(1);
  });

  it("two locations taking turns, one always failing: failing at every run, as vigil's service says", () => {
    const results = [];
    for (let m = 30; m < 50; m += 2) results.push(run(m, "fail", "office"), run(m + 1, "pass", "eu-west-1"));
    const changes = stateTimeline(results);
    expect(changes.map((c) => c.to)).toEqual(["failing"]);
    expect(stateSince(results, "failing")).toMatchObject({ locationsIn: 1, locationsSeen: 2, exact: false });
    expect(stateSince(results, "passing")).toMatchObject({ locationsIn: 1 }); // what a latest-only service would ask
  });

  it("a run that could not be made counts only when no location has a verdict", () => {
    const cannot = (min: number, loc: string) => ({ ...run(min, "pass", loc), isCancelled: true });
    expect(stateTimeline([run(40, "pass", "eu-west-1"), cannot(41, "office")]).map((c) => c.to)).toEqual([
      "passing",
    ]);
    expect(stateTimeline([cannot(40, "office"), run(41, "pass", "eu-west-1")]).map((c) => c.to)).toEqual([
      "cannot run",
      "passing",
    ]);
  });

  it("a location taken off the check no longer counts (unless no listed location has run)", () => {
    const results = [run(50, "fail", "office"), run(51, "pass", "eu-west-1")];
    const now = atLocations(results, { locations: ["eu-west-1"], privateLocations: [] });
    expect(now.map((r) => r.runLocation)).toEqual(["eu-west-1"]);
    expect(stateTimeline(now).map((c) => c.to)).toEqual(["passing"]);
    expect(atLocations(results, { locations: ["eu-west-1"], privateLocations: ["office"] })).toBe(results);
    expect(atLocations(results, { locations: ["us-east-1"] })).toBe(results);
    expect(atLocations(results, {})).toBe(results);
  });

  it("never says 'for -3 s' when the service clock is ahead", () => {
    const s = stateSince([run(50, "fail"), run(40, "pass")], "failing");
    expect(sinceText(s!, Date.parse(at(49)))).toMatch(/^0 s /);
  });
});
