import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analyticsApi } from "../../src/api/analytics.ts";
import { ResponseShapeError, UsageError } from "../../src/api/errors.ts";
import { HttpClient } from "../../src/api/http.ts";
import { BASE_METRICS, isValidMetric, METRICS, splitMetric } from "../../src/contract/analytics-metrics.ts";
import { analyticsQuerySchema, seriesRows } from "../../src/contract/schemas/analytics.ts";
import { browserReportGrouped, CHECK_ID, urlReport } from "../support/fixtures-a.ts";
import { ScriptedServer } from "../support/scripted-server.ts";

let srv: ScriptedServer;
let http: HttpClient;
let api: ReturnType<typeof analyticsApi>;

beforeEach(async () => {
  srv = await new ScriptedServer().start();
  http = new HttpClient({ baseUrl: srv.url, apiKey: "sk_test_analytics_0123456789", backoffBaseMs: 5 });
  api = analyticsApi(http);
});
afterEach(async () => {
  await http.close();
  await srv.close();
});

describe("metric names", () => {
  it("expand every base name with each suffix except availability and retries", () => {
    expect(METRICS.url).toHaveLength(6 * 11 + 2);
    expect(METRICS.tcp).toHaveLength(4 * 11 + 2);
    expect(METRICS.browser).toHaveLength(10 * 11 + 2);
    for (const kind of ["url", "tcp", "browser"] as const) {
      expect(new Set(METRICS[kind]).size).toBe(METRICS[kind].length);
      for (const b of BASE_METRICS[kind]) expect(isValidMetric(kind, b)).toBe(true);
    }
  });

  it.each([
    ["url", "responseTime_p95", true],
    ["url", "firstByte_stddev", true],
    ["url", "availability_avg", false],
    ["url", "TTFB", false],
    ["tcp", "connection_sum", true],
    ["tcp", "responseTime", false],
    ["browser", "CLS_median", true],
    ["browser", "retries_max", false],
    ["browser", "responsetime", false],
  ] as const)("isValidMetric(%s, %s) = %s", (kind, name, ok) => {
    expect(isValidMetric(kind, name)).toBe(ok);
  });

  it("splits names into base and aggregation", () => {
    expect(splitMetric("responseTime_p95")).toEqual({ base: "responseTime", aggregation: "p95" });
    expect(splitMetric("availability")).toEqual({ base: "availability", aggregation: undefined });
    expect(splitMetric("user_thing")).toEqual({ base: "user_thing", aggregation: undefined });
  });
});

describe("analyticsQuerySchema (shared with the embedded service)", () => {
  it("accepts the raw query-string form and normalises it", () => {
    const q = analyticsQuerySchema("url").parse({
      metrics: "availability,responseTime_avg",
      aggregationInterval: "60",
      filterByStatus: ["failure", "success"],
      from: "1724781600",
      limit: "5",
    });
    expect(q).toEqual({
      metrics: ["availability", "responseTime_avg"],
      aggregationInterval: 60,
      filterByStatus: ["failure", "success"],
      from: 1724781600,
      limit: 5,
    });
  });
});

describe("reports", () => {
  it("urlMonitor serialises the whole query and parses the report", async () => {
    srv.reply({ json: urlReport });
    const r = await api.urlMonitor(CHECK_ID, {
      metrics: ["availability", "responseTime_avg"],
      quickRange: "last7Days",
      aggregationInterval: 60,
      groupBy: "statusCode",
      filterByStatus: ["failure", "success"],
      limit: 5,
      page: 2,
    });
    const req = srv.last;
    expect(req.method).toBe("GET");
    expect(req.path).toBe(`/v1/analytics/url-monitors/${CHECK_ID}`);
    expect(req.rawQuery).toBe(
      "metrics=availability%2CresponseTime_avg&quickRange=last7Days&aggregationInterval=60" +
        "&groupBy=statusCode&filterByStatus=failure%2Csuccess&limit=5&page=2",
    );
    expect(req.query.get("metrics")).toBe("availability,responseTime_avg");
    expect(req.query.get("filterByStatus")).toBe("failure,success");
    expect(req.headers.authorization).toBe("Bearer sk_test_analytics_0123456789");
    expect(req.rawBody).toBe("");
    expect(r.checkType).toBe("URL");
    expect(r.metadata?.responseTime_avg).toEqual({
      unit: "milliseconds",
      label: "Response time",
      aggregation: "avg",
    });
    const first = r.series[0];
    expect(first && seriesRows(first).map((row) => row.availability)).toEqual([100, 99.3]);
  });

  it("tcpCheck sends from/to as UNIX seconds", async () => {
    srv.reply({ json: { ...urlReport, checkType: "TCP", metadata: {} } });
    await api.tcpCheck(CHECK_ID, {
      metrics: ["total_p99"],
      from: 1724781600,
      to: 1724868000,
      groupBy: "runLocation",
    });
    expect(srv.last.path).toBe(`/v1/analytics/tcp-checks/${CHECK_ID}`);
    expect(srv.last.rawQuery).toBe("metrics=total_p99&from=1724781600&to=1724868000&groupBy=runLocation");
  });

  it("browserCheck parses grouped series whose data is a row or an array", async () => {
    srv.reply({ json: browserReportGrouped });
    const r = await api.browserCheck(CHECK_ID, {
      metrics: ["responseTime_avg", "TTFB_avg", "TTFB_p99"],
      groupBy: "pageIndex",
    });
    expect(srv.last.path).toBe(`/v1/analytics/browser-checks/${CHECK_ID}`);
    expect(srv.last.rawQuery).toBe("metrics=responseTime_avg%2CTTFB_avg%2CTTFB_p99&groupBy=pageIndex");
    expect(r.series.map((s) => s.pageIndex)).toEqual([0, 1]);
    expect(r.series.map((s) => seriesRows(s).length)).toEqual([1, 1]);
    expect(r.series[1] && seriesRows(r.series[1])[0]?.pageUrl).toBe("https://example.com/login");
  });

  it("passes unknown units, aggregations and check types through", async () => {
    srv.reply({
      json: {
        ...urlReport,
        checkType: "GRPC",
        metadata: { x: { unit: "bananas", label: "X", aggregation: "p42" } },
      },
    });
    const r = await api.urlMonitor(CHECK_ID, { metrics: ["availability"] });
    expect(r.checkType).toBe("GRPC");
    expect(r.metadata?.x).toEqual({ unit: "bananas", label: "X", aggregation: "p42" });
  });

  it("malformed series → ResponseShapeError at the field", async () => {
    srv.reply({ json: { ...urlReport, series: [{ data: "nope" }] } });
    const e = await api.urlMonitor(CHECK_ID, { metrics: ["availability"] }).catch((x) => x);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.fieldPath).toBe("series[0].data");
  });

  it.each([
    ["url", { metrics: [] }, /"metrics" must contain at least 1 items/],
    ["url", { metrics: ["TTFB"] }, /"metrics\[0\]" unknown metric "TTFB" for url analytics/],
    ["url", { metrics: ["availability_avg"] }, /unknown metric "availability_avg"/],
    ["url", { metrics: ["dns"], aggregationInterval: 0 }, /aggregationInterval/],
    ["url", { metrics: ["dns"], aggregationInterval: 43201 }, /aggregationInterval/],
    ["url", { metrics: ["dns"], limit: 101 }, /limit/],
    ["url", { metrics: ["dns"], limit: 0 }, /limit/],
    ["url", { metrics: ["dns"], page: 0 }, /page/],
    ["url", { metrics: ["dns"], quickRange: "yesterday" }, /quickRange/],
    ["url", { metrics: ["dns"], filterByStatus: ["broken"] }, /filterByStatus\[0\]/],
    ["url", { metrics: ["dns"], from: 200, to: 100 }, /"from" must not be after to/],
    ["url", { metrics: ["dns"], sort: "asc" }, /sort/],
    ["tcp", { metrics: ["dns"], groupBy: "statusCode" }, /groupBy/],
    ["browser", { metrics: ["wait"] }, /unknown metric "wait" for browser/],
  ] as const)("%s %j → UsageError, nothing sent", async (kind, q, msg) => {
    const call = { url: api.urlMonitor, tcp: api.tcpCheck, browser: api.browserCheck }[kind];
    const e = await call(CHECK_ID, q as never).catch((x) => x);
    expect(e).toBeInstanceOf(UsageError);
    expect(e.message).toMatch(msg);
    expect(e.exitCode).toBe(2);
    expect(srv.requests).toHaveLength(0);
  });
});
