/**
 * A heartbeat's last run is its last ping (triage/last-run.ts): the FAILING result the service records when
 * it goes overdue is not a run — its LAST RUN read "<1 min ago" with no ping for over an hour.
 */
import { describe, expect, it } from "vitest";
import { toCheckSummary, toStatusSummary } from "../../../src/store/data/summary.ts";
import { newestRun, statusRunAt } from "../../../src/store/triage/last-run.ts";
import { decorateRow, makeCheckRow } from "../../../src/store/view/selectors.ts";
import { check, status } from "../fixtures.ts";

const PING = "2026-11-28T00:00:00Z";
const MISS = "2026-11-28T01:10:00Z";
const hb = check({ name: "Hourly billing report", checkType: "HEARTBEAT" } as never);
const api = check({ name: "Checkout API", checkType: "API" });
const result = (id: string, at: string, failing: boolean) => ({
  id,
  hasFailures: failing,
  hasErrors: false,
  startedAt: at,
  stoppedAt: at,
  responseTime: 0,
});
const entry = (items: ReturnType<typeof result>[]) => ({
  items,
  loadedAt: Date.parse(MISS),
  error: undefined,
});

describe("the last run of an overdue heartbeat", () => {
  it("is not the FAILING result's time: the status says no ping (NaN)", () => {
    expect(statusRunAt(hb, status(hb.id, "failing", MISS))).toBeNaN();
    const row = makeCheckRow(toCheckSummary(hb), toStatusSummary(status(hb.id, "failing", MISS)));
    expect(row.statusAt).toBeNaN();
  });

  it("is its newest ping among the results held, else unknown", () => {
    const row = makeCheckRow(toCheckSummary(hb), toStatusSummary(status(hb.id, "failing", MISS)));
    const withPing = decorateRow(row, entry([result("f", MISS, true), result("p", PING, false)]));
    expect(withPing.lastRunAt).toBe(Date.parse(PING));
    const onlyMisses = decorateRow(row, entry([result("f", MISS, true)]));
    expect(onlyMisses.lastRunAt).toBeNaN();
    expect(newestRun(hb, [result("f", MISS, true), result("p", PING, false)])?.id).toBe("p");
  });

  it("a passing heartbeat's status is its last ping; another check's failing run is a run", () => {
    expect(statusRunAt(hb, status(hb.id, "passing", PING))).toBe(Date.parse(PING));
    expect(statusRunAt(api, status(api.id, "failing", MISS))).toBe(Date.parse(MISS));
    expect(newestRun(api, [result("f", MISS, true), result("p", PING, false)])?.id).toBe("f");
    const row = makeCheckRow(toCheckSummary(api), toStatusSummary(status(api.id, "failing", MISS)));
    expect(decorateRow(row, entry([result("f", MISS, true)])).lastRunAt).toBe(Date.parse(MISS));
  });
});
