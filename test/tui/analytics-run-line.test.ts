/**
 * A line of an analytics bucket's runs (src/tui/panes/analytics/view.tsx `runLine`): a ping has no
 * response time, "—" as in every other table, whatever the service records for it (0 ms).
 */
import { describe, expect, it } from "vitest";
import { runLine } from "../../src/tui/panes/analytics/view.tsx";

const run = { id: "r1", startedAt: "2026-11-28T01:02:03.000Z", runLocation: "local", responseTime: 0 };

describe("an analytics bucket's run line", () => {
  it("a heartbeat's ping says — for its response time; a URL check's run its milliseconds", () => {
    expect(runLine(run, "HEARTBEAT", true)).toMatch(/^✔ 01:02:03 {2}local {10} {7}— *$/);
    expect(runLine({ ...run, responseTime: 42 }, "URL", true)).toMatch(/ 42 ms$/);
  });
});
