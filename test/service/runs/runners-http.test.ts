import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCheckDef } from "../../../src/service/engine/checks.ts";
import { apiRunner } from "../../../src/service/runners/api.ts";
import type { RunOutcome } from "../../../src/service/runners/types.ts";
import { urlRunner } from "../../../src/service/runners/url.ts";
import { httpTarget } from "./support.ts";

let target: { url: string; close(): Promise<void> };
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  target = await httpTarget((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/ok") {
        res.writeHead(200, { "content-type": "application/json", "x-build": "abc123" });
        res.end(JSON.stringify({ data: { items: [{ id: 7 }], status: "green" } }));
      } else if (path === "/boom") {
        res.writeHead(500);
        res.end("down");
      } else if (path === "/slow") {
        setTimeout(() => res.end("late"), 150);
      } else if (path === "/redirect") {
        res.writeHead(302, { location: "/ok" });
        res.end();
      } else {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`echo ${req.method} ${body}`);
      }
    });
  });
});
afterAll(() => target.close());

function check(checkType: string, request: Record<string, unknown>) {
  return toCheckDef({
    id: "c1",
    name: "t",
    check_type: checkType,
    activated: 1,
    muted: 0,
    frequency: 10,
    tags: "[]",
    locations: '["eu-west-1"]',
    doc: JSON.stringify({ request }),
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  });
}

const run = (
  runner: typeof urlRunner,
  checkType: string,
  request: Record<string, unknown>,
): Promise<RunOutcome> =>
  runner.run({
    check: check(checkType, request),
    location: "eu-west-1",
    signal: new AbortController().signal,
    timeoutMs: 2000,
  });

describe("URL runner", () => {
  it("GETs the URL and reports status and phase timings", async () => {
    const out = await run(urlRunner, "URL", { url: `${target.url}/ok` });
    expect(out.hasFailures).toBe(false);
    expect(out.hasErrors).toBe(false);
    expect(out.statusCode).toBe(200);
    const m = out.metrics;
    for (const k of ["wait", "dns", "tcp", "firstByte", "download"] as const)
      expect(m[k]).toBeGreaterThanOrEqual(0);
    const sum = (m.wait ?? 0) + (m.dns ?? 0) + (m.tcp ?? 0) + (m.firstByte ?? 0) + (m.download ?? 0);
    expect(Math.abs(sum - (out.responseTime ?? 0))).toBeLessThan(1);
  });

  it("splits out server think time as firstByte", async () => {
    const out = await run(urlRunner, "URL", { url: `${target.url}/slow` });
    expect(out.metrics.firstByte).toBeGreaterThanOrEqual(140);
    expect(out.responseTime).toBeGreaterThanOrEqual(140);
  });

  it("fails on a 5xx and follows redirects", async () => {
    const bad = await run(urlRunner, "URL", { url: `${target.url}/boom` });
    expect(bad.hasFailures).toBe(true);
    expect(bad.errorMessage).toContain("500");
    const redirected = await run(urlRunner, "URL", { url: `${target.url}/redirect` });
    expect(redirected.statusCode).toBe(200);
  });

  it("always uses GET even if a method is configured", async () => {
    seen.length = 0;
    await run(urlRunner, "URL", { url: `${target.url}/echo`, method: "POST" });
    expect(seen[0]?.method).toBe("GET");
  });

  it("reports a refused connection as an error, not a pass", async () => {
    const out = await run(urlRunner, "URL", { url: "http://127.0.0.1:1/" });
    expect(out.hasErrors).toBe(true);
    expect(out.errorMessage).toMatch(/ECONNREFUSED/);
  });
});

describe("API runner", () => {
  it("sends method, headers, query parameters and body", async () => {
    seen.length = 0;
    const out = await run(apiRunner, "API", {
      url: `${target.url}/echo`,
      method: "PUT",
      headers: [{ key: "X-Token", value: "t1" }],
      queryParameters: [{ key: "q", value: "a b" }],
      body: '{"x":1}',
      bodyType: "JSON",
    });
    expect(out.hasFailures).toBe(false);
    expect(seen[0]).toMatchObject({ method: "PUT", url: "/echo?q=a+b", body: '{"x":1}' });
    expect(seen[0]?.headers["x-token"]).toBe("t1");
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
  });

  it("evaluates assertions on status, JSON body path, headers, text body and response time", async () => {
    const request = {
      url: `${target.url}/ok`,
      method: "GET",
      assertions: [
        { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
        { source: "JSON_BODY", property: "$.data.items[0].id", comparison: "EQUALS", target: "7" },
        { source: "JSON_BODY", property: "$.data.status", comparison: "CONTAINS", target: "gree" },
        { source: "HEADERS", property: "X-Build", comparison: "EQUALS", target: "abc123" },
        { source: "TEXT_BODY", comparison: "CONTAINS", target: "items" },
        { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "2000" },
      ],
    };
    const out = await run(apiRunner, "API", request);
    expect(out.hasFailures).toBe(false);
    const detail = out.detail.apiCheckResult as { assertions: { passed: boolean; error: unknown }[] };
    expect(detail.assertions.map((a) => a.passed)).toEqual([true, true, true, true, true, true]);
    expect(detail.assertions.map((a) => a.error)).toEqual([null, null, null, null, null, null]);

    const failing = await run(apiRunner, "API", {
      ...request,
      assertions: [
        { source: "JSON_BODY", property: "$.data.items[0].id", comparison: "GREATER_THAN", target: "10" },
      ],
    });
    expect(failing.hasFailures).toBe(true);
    expect(failing.errorMessage).toBe(
      "assertion failed: expected JSON body $.data.items[0].id to be greater than 10, received 7",
    );
    const bad = (failing.detail.apiCheckResult as { assertions: Record<string, unknown>[] }).assertions[0];
    expect(bad).toMatchObject({ actual: 7, passed: false });
    expect(bad?.error).toBe("expected JSON body $.data.items[0].id to be greater than 10, received 7");
  });

  it("passes a 500 when the assertions expect it", async () => {
    const out = await run(apiRunner, "API", {
      url: `${target.url}/boom`,
      assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "500" }],
    });
    expect(out.hasFailures).toBe(false);
    expect(out.statusCode).toBe(500);
  });

  it("rejects an invalid URL as an error", async () => {
    const out = await run(apiRunner, "API", { url: "not a url" });
    expect(out.hasErrors).toBe(true);
  });
});
