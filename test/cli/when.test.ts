/**
 * The command line's one time format (src/cli/when.ts) and its callers: a relative time is true. A bare
 * date (what the seed's `created_at` is) counts calendar days — yesterday is "yesterday", never "1 d ago"
 * an hour after midnight — and `incidents list` says when an incident opened from its first update's time,
 * as the console does, not from that bare date (the real CLI against a real service on loopback).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { when } from "../../src/cli/when.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { runCli } from "./run-cli.ts";

const MIN = 60_000;

describe("when", () => {
  const now = Date.parse("2026-11-28T01:14:00Z");

  it("a bare date counts calendar days in words, never an elapsed time it cannot know", () => {
    expect(when("2026-11-28", now)).toBe("2026-11-28 (today)");
    expect(when("2026-11-27", now)).toBe("2026-11-27 (yesterday)");
    expect(when("2026-11-25", now)).toBe("2026-11-25 (3 calendar days ago)");
    expect(when("2026-11-29", now)).toBe("2026-11-29 (tomorrow)");
    expect(when("2026-12-01", now)).toBe("2026-12-01 (in 3 calendar days)");
  });

  it("a time says how long ago, across midnight too", () => {
    expect(when(now - 100 * MIN, now)).toBe("2026-11-27 23:34:00Z (1 h ago)");
    expect(when(null, now)).toBe("—");
  });
});

describe("incidents list and get: when it opened", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => {
    await svc?.dispose();
  });

  it("is its first update's time, as the console's, not the bare created_at date", async () => {
    const service = (await svc.call("POST", "/v1/status-pages/services", { name: "Payments" })).body;
    const opened = new Date(Date.now() - 100 * MIN).toISOString();
    const later = new Date(Date.now() - 30 * MIN).toISOString();
    const r = await svc.call("POST", "/v1/status-pages/incidents", {
      name: "Checkout errors",
      severity: "MAJOR",
      services: [{ id: service.id }],
      incidentUpdates: [
        { description: "investigating", status: "INVESTIGATING", publicIncidentUpdateDate: opened },
        { description: "found it", status: "IDENTIFIED", publicIncidentUpdateDate: later },
      ],
    });
    expect(r.status).toBe(201);
    const env = { VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey };
    const list = await runCli(["incidents", "list"], { env });
    expect(list.stderr).toBe("");
    expect(list.stdout).toMatch(/^ID\s+NAME\s+SEVERITY\s+STATUS\s+SERVICES\s+OPENED$/m);
    const stamp = `${opened.slice(0, 10)} ${opened.slice(11, 19)}Z`;
    const row = list.stdout.split("\n").find((l) => l.includes("Checkout errors")) ?? "";
    expect(row).toContain(`${stamp} (1 h ago)`);
    const get = await runCli(["incidents", "get", r.body.id], { env });
    expect(get.stdout).toContain(`Opened:    ${stamp} (1 h ago)`);
    expect(get.stdout).not.toMatch(/\b1 d ago\b/);
  });
});
