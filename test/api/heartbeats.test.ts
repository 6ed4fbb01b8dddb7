import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError, UsageError } from "../../src/api/errors.ts";
import { heartbeatsApi } from "../../src/api/heartbeats.ts";
import {
  expectRequest,
  type Harness,
  heartbeatEvent,
  heartbeatStats,
  notFound,
  startHarness,
} from "../support/fixtures-b.ts";

let h: Harness;
let api: ReturnType<typeof heartbeatsApi>;
beforeEach(async () => {
  h = await startHarness();
  api = heartbeatsApi(h.http);
});
afterEach(() => h.close());

const CHECK = "1f0e6c1a-2b3c-4d5e-8f90-123456789abc";
const BASE = `/v1/checks/heartbeats/${CHECK}`;

describe("heartbeatsApi.events", () => {
  it("GETs the events with startTime, endTime and limit; parses events and stats", async () => {
    const body = [
      { events: [heartbeatEvent, { ...heartbeatEvent, id: "e2", state: "FAILING" }], stats: heartbeatStats },
    ];
    h.srv.reply({ json: body });
    const res = await api.events(CHECK, {
      startTime: "2026-11-20",
      endTime: "2026-11-21T07:00:00.000Z",
      limit: 10,
    });
    const r = h.srv.last;
    expectRequest(r, "GET", `${BASE}/events`, {
      query: "startTime=2026-11-20&endTime=2026-11-21T07%3A00%3A00.000Z&limit=10",
    });
    expect(res).toEqual(body);
    expect(res[0]?.stats?.last24Hours?.successRatio?.currentPeriod).toBe(95.8);
  });

  it("sends Date objects as ISO date-times and nothing when no options are given", async () => {
    h.srv.reply({ json: [] }, { json: [] });
    await api.events(CHECK, { startTime: new Date(Date.UTC(2026, 10, 20, 6, 0, 0)) });
    expect(h.srv.last.query.get("startTime")).toBe("2026-11-20T06:00:00.000Z");
    await api.events(CHECK);
    expect(h.srv.last.rawQuery).toBe("");
  });

  it("passes an unknown state through", async () => {
    h.srv.reply({ json: [{ events: [{ ...heartbeatEvent, state: "SNOOZED" }], stats: heartbeatStats }] });
    const res = await api.events(CHECK);
    expect(res[0]?.events?.[0]?.state).toBe("SNOOZED");
  });

  it.each([
    ["limit 11", { limit: 11 }],
    ["limit 0", { limit: 0 }],
    ["a fractional limit", { limit: 2.5 }],
    ["a non-ISO startTime", { startTime: "yesterday" }],
    ["a non-ISO endTime", { endTime: "21/11/2026" }],
    ["an invalid Date", { startTime: new Date(Number.NaN) }],
  ])("refuses %s with a UsageError before sending", async (_label, opts) => {
    await expect(api.events(CHECK, opts)).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("404 on an unknown check is an ApiError", async () => {
    h.srv.reply(notFound("Check not found"));
    const e = await api.events(CHECK).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe(`GET ${BASE}/events failed: 404 Check not found`);
  });
});

describe("heartbeatsApi.event and availability", () => {
  it("event GETs one event with stats", async () => {
    h.srv.reply({ json: { event: heartbeatEvent, stats: heartbeatStats } });
    const res = await api.event(CHECK, heartbeatEvent.id);
    expectRequest(h.srv.last, "GET", `${BASE}/events/${heartbeatEvent.id}`);
    expect(res).toEqual({ event: heartbeatEvent, stats: heartbeatStats });
  });

  it("event: empty ids are UsageErrors", async () => {
    await expect(api.event(CHECK, "")).rejects.toBeInstanceOf(UsageError);
    await expect(api.event("", "e")).rejects.toBeInstanceOf(UsageError);
    expect(h.srv.requests).toHaveLength(0);
  });

  it("availability GETs the summary with the window", async () => {
    const body = heartbeatStats.last7Days;
    h.srv.reply({ json: body });
    const res = await api.availability(CHECK, { startTime: "2026-11-14", endTime: "2026-11-21" });
    expectRequest(h.srv.last, "GET", `${BASE}/availability`, {
      query: "startTime=2026-11-14&endTime=2026-11-21",
    });
    expect(res).toEqual(body);
  });
});
