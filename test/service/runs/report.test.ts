import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analyticsQuerySchema } from "../../../src/contract/schemas/analytics.ts";
import { buildReport } from "../../../src/service/analytics/report.ts";
import { ServiceError } from "../../../src/service/errors.ts";
import { getCheck } from "../../../src/service/repo/checks.ts";
import { createRunStore, type ResultRow } from "../../../src/service/repo/runs.ts";
import { openRepo } from "../../../src/service/repo/store.ts";
import { insertCheck, type TempDb, tempDb } from "./support.ts";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const H = 3_600_000;

let t: TempDb;
let checkId: string;

function result(at: number, rt: number, opts: Partial<ResultRow> = {}): ResultRow {
  return {
    id: randomUUID(),
    sessionId: null,
    checkId,
    checkType: "URL",
    name: "u",
    runLocation: "eu-west-1",
    resultType: "FINAL",
    hasFailures: false,
    hasErrors: false,
    isDegraded: false,
    overMaxResponseTime: false,
    aborted: false,
    isCancelled: false,
    responseTime: rt,
    statusCode: 200,
    attempts: 1,
    retries: 0,
    startedAt: at,
    stoppedAt: at + rt,
    errorMessage: null,
    metrics: { dns: rt / 10, firstByte: rt / 2 },
    pageIndex: null,
    detail: null,
    ...opts,
  };
}

beforeEach(() => {
  t = tempDb();
  checkId = insertCheck(t.db, { checkType: "URL", name: "Shop", tags: ["prod"], frequency: 5 });
  const store = createRunStore(t.db);
  // bucket A (2 h ago .. ): 100, 200, 300 in eu-west-1; 400 failing in us-east-1
  store.insertResult(result(NOW - 2 * H, 100));
  store.insertResult(result(NOW - 2 * H + 60_000, 200, { retries: 1 }));
  store.insertResult(result(NOW - 2 * H + 120_000, 300));
  store.insertResult(
    result(NOW - 2 * H + 180_000, 400, { runLocation: "us-east-1", hasFailures: true, statusCode: 500 }),
  );
  // bucket B (30 min ago): 50 in us-east-1
  store.insertResult(result(NOW - 30 * 60_000, 50, { runLocation: "us-east-1" }));
  // outside the 24 h window and an ATTEMPT: both ignored
  store.insertResult(result(NOW - 30 * H, 9999));
  store.insertResult(result(NOW - H, 8888, { resultType: "ATTEMPT" }));
});
afterEach(() => t.cleanup());

const report = (q: Record<string, unknown>) =>
  buildReport(openRepo(t.db), "url", getCheck(t.db, checkId)!, analyticsQuerySchema("url").parse(q), NOW);

describe("analytics report", () => {
  it("aggregates the default 24 h window into one bucket", () => {
    const r = report({
      metrics: "responseTime_avg,responseTime_p50,responseTime_max,availability,retries,dns_sum",
    });
    expect(r).toMatchObject({ checkId, name: "Shop", checkType: "URL", tags: ["prod"], frequency: 5 });
    expect(r.from).toBe("2026-03-09T12:00:00.000Z");
    expect(r.to).toBe("2026-03-10T12:00:00.000Z");
    expect(r.series).toHaveLength(1);
    expect(r.series[0]?.data).toEqual([
      {
        timestamp: "2026-03-09T12:00:00.000Z",
        responseTime_avg: 210, // (100+200+300+400+50)/5
        responseTime_p50: 200,
        responseTime_max: 400,
        availability: 80,
        retries: 1,
        dns_sum: 105,
      },
    ]);
    expect(r.metadata.responseTime_avg).toEqual({
      unit: "milliseconds",
      label: "Response time (avg)",
      aggregation: "avg",
    });
    expect(r.metadata.availability).toEqual({
      unit: "percentage",
      label: "Availability",
      aggregation: "avg",
    });
    expect(r.pagination).toEqual({ page: 1, limit: 10 });
  });

  it("buckets by aggregationInterval from the window start", () => {
    const r = report({ metrics: ["responseTime_avg"], aggregationInterval: "60" });
    expect(r.series[0]?.data).toEqual([
      { timestamp: "2026-03-10T10:00:00.000Z", responseTime_avg: 250 },
      { timestamp: "2026-03-10T11:00:00.000Z", responseTime_avg: 50 },
    ]);
  });

  it("filters by status", () => {
    const ok = report({ metrics: "responseTime_max,availability", filterByStatus: "success" });
    expect(ok.series[0]?.data).toEqual([
      { timestamp: "2026-03-09T12:00:00.000Z", responseTime_max: 300, availability: 100 },
    ]);
    const bad = report({ metrics: "responseTime_max,availability", filterByStatus: ["failure"] });
    expect(bad.series[0]?.data).toEqual([
      { timestamp: "2026-03-09T12:00:00.000Z", responseTime_max: 400, availability: 0 },
    ]);
  });

  it("groups by runLocation and statusCode with the key on items and rows, paginated", () => {
    const r = report({ metrics: "responseTime_avg", groupBy: "runLocation" });
    expect(r.series).toEqual([
      {
        runLocation: "eu-west-1",
        data: [{ timestamp: "2026-03-09T12:00:00.000Z", runLocation: "eu-west-1", responseTime_avg: 200 }],
      },
      {
        runLocation: "us-east-1",
        data: [{ timestamp: "2026-03-09T12:00:00.000Z", runLocation: "us-east-1", responseTime_avg: 225 }],
      },
    ]);
    const page2 = report({ metrics: "responseTime_avg", groupBy: "statusCode", limit: 1, page: 2 });
    expect(page2.pagination).toEqual({ page: 2, limit: 1 });
    expect(page2.series).toHaveLength(1);
    expect(page2.series[0]?.statusCode).toBe(500);
  });

  it("honours from/to over quickRange, and calendar quick ranges", () => {
    const r = report({
      metrics: "responseTime_avg",
      from: String((NOW - 3 * H) / 1000),
      to: String((NOW - H) / 1000),
      quickRange: "last7Days",
    });
    expect(r.from).toBe("2026-03-10T09:00:00.000Z");
    expect(r.series[0]?.data).toEqual([{ timestamp: "2026-03-10T09:00:00.000Z", responseTime_avg: 250 }]);
    const aligned = report({
      metrics: "responseTime_max",
      from: String((NOW - 2.5 * H) / 1000),
      aggregationInterval: 60,
    });
    expect(aligned.series[0]?.data.map((d) => d.timestamp)).toEqual([
      "2026-03-10T10:00:00.000Z",
      "2026-03-10T11:00:00.000Z",
    ]);
    const week = report({ metrics: "availability", quickRange: "thisWeek" });
    expect(week.from).toBe("2026-03-09T00:00:00.000Z"); // Monday
    const lastMonth = report({ metrics: "availability", quickRange: "lastMonth" });
    expect([lastMonth.from, lastMonth.to]).toEqual(["2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z"]);
    expect(lastMonth.series[0]?.data).toEqual([]);
  });

  it("rejects metrics of another check type", () => {
    expect(() =>
      buildReport(openRepo(t.db), "url", getCheck(t.db, checkId)!, { metrics: ["TTFB_avg"] } as never, NOW),
    ).toThrow(ServiceError);
    expect(analyticsQuerySchema("url").safeParse({ metrics: "TTFB_avg" }).success).toBe(false);
    expect(analyticsQuerySchema("url").safeParse({}).success).toBe(false);
  });
});
