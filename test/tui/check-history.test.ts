/**
 * The check detail's history lines (src/tui/panes/checks/history-lines.ts), pure: since when, the state
 * changes as one chain cut to the width from the oldest end, and the alerts with what each channel was told.
 */
import { describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../src/contract/schemas/alert-notifications.ts";
import type { CheckAlert } from "../../src/contract/schemas/check-alerts.ts";
import type { CheckAlerts } from "../../src/store/results/types.ts";
import {
  alertLines,
  alertWords,
  deliveryText,
  sinceLine,
  timelineText,
} from "../../src/tui/panes/checks/history-lines.ts";

const at = (h: number, m: number) => new Date(2026, 10, 25, h, m).getTime();
const iso = (h: number, m: number) => new Date(at(h, m)).toISOString();
const NOW = at(10, 30);
const run = (h: number, m: number, state: "pass" | "fail", loc = "eu-west-1") => ({
  resultType: "FINAL",
  startedAt: iso(h, m),
  runLocation: loc,
  hasFailures: state === "fail",
});

const history = [
  run(9, 0, "pass"),
  run(9, 10, "pass", "us-east-1"),
  run(9, 41, "fail"),
  run(9, 50, "fail"),
  run(10, 2, "pass"),
  run(10, 15, "fail", "us-east-1"),
  run(10, 20, "fail", "us-east-1"),
];

describe("state changes", () => {
  it("since when, in how many locations", () => {
    expect(sinceLine(history, "failing", NOW)).toBe("for 15 min (since 10:15) · 1 of 2 locations");
    expect(sinceLine(history, "pending", NOW)).toBeUndefined();
    expect(sinceLine([], "failing", NOW)).toBeUndefined();
  });

  it("one chain, oldest first; cut from the oldest end to the width", () => {
    expect(timelineText(history, NOW, 200)).toBe(
      "passing since before 09:01 → failing at 09:41 in eu-west-1 → passing at 10:02 in eu-west-1 → failing at 10:15 in us-east-1",
    );
    expect(timelineText(history, NOW, 60)).toBe("… → failing at 10:15 in us-east-1");
    expect(timelineText(history, NOW, 80)).toBe(
      "… → passing at 10:02 in eu-west-1 → failing at 10:15 in us-east-1",
    );
    // every result held failing: it began no later than the oldest — "since before" the minute after it
    expect(timelineText([run(9, 0, "fail"), run(9, 5, "fail")], NOW, 80)).toBe(
      "failing since before 09:01 (no change in the 2 results held)",
    );
    expect(timelineText([], NOW, 80)).toBe("no results held yet");
  });

  it("since its first run: only when the results held are shown to begin there", () => {
    const all = [run(9, 0, "fail"), run(9, 5, "fail")];
    expect(timelineText(all, NOW, 80, true)).toBe(
      "failing since its first run at 09:00 (no change in the 2 results held)",
    );
    expect(timelineText(history, NOW, 200, true)).toMatch(
      /^passing since its first run at 09:00 → failing at 09:41/,
    );
    // the state line: a start, not a bound
    expect(sinceLine(all, "failing", NOW, true)).toBe("for 1 h 30 min (since 09:00)");
    expect(sinceLine(all, "failing", NOW)).toBe("for over 1 h 30 min (since before 09:01)");
  });
});

describe("alerts and deliveries", () => {
  const channels = [
    { id: 1, type: "EMAIL", config: { address: "ops@example.com" } },
    { id: 3, type: "WEBHOOK", config: { url: "https://hooks.example.com/x" } },
  ] as unknown as AlertChannel[];
  const target = (c: AlertChannel) =>
    String((c.config as Record<string, unknown>).address ?? (c.config as Record<string, unknown>).url);
  const alert = (
    id: string,
    type: string,
    h: number,
    m: number,
    extra: Partial<CheckAlert> = {},
  ): CheckAlert => ({
    id,
    alertType: type as CheckAlert["alertType"],
    runLocation: "eu-west-1",
    startedAt: iso(h, m),
    ...extra,
  });
  const delivery = (p: Partial<AlertNotification>): AlertNotification =>
    ({ id: `d${Math.random()}`, ...p }) as AlertNotification;
  const entry = (p: Partial<CheckAlerts>): CheckAlerts => ({
    alerts: [],
    deliveries: [],
    deliveriesError: undefined,
    loadedAt: NOW,
    error: undefined,
    ...p,
  });

  it("each alert with its time, type, location and every channel told, toned by kind", () => {
    const lines = alertLines(
      entry({
        alerts: [
          alert("a2", "ALERT_RECOVERY", 10, 2),
          alert("a1", "ALERT_FAILURE", 9, 41, { checkResultId: "r1" }),
        ],
        deliveries: [
          delivery({
            checkAlertId: "a2",
            alertChannelId: 1,
            type: "EMAIL",
            status: "SUCCESS",
            attemptCount: 1,
          }),
          delivery({
            checkAlertId: "a1",
            alertChannelId: 1,
            type: "EMAIL",
            status: "SUCCESS",
            attemptCount: 1,
          }),
          delivery({
            checkAlertId: "a1",
            alertChannelId: 3,
            type: "WEBHOOK",
            status: "FAILURE",
            attemptCount: 3,
            lastError: "HTTP 502",
          }),
        ],
      }),
      channels,
      target,
      NOW,
      5,
    );
    expect(lines).toEqual([
      { text: "10:02  recovery  eu-west-1  → email ops@example.com ✔ sent (1 try)", tone: "ok" },
      {
        text: "09:41  failure  eu-west-1  → email ops@example.com ✔ sent (1 try) · webhook https://hooks.example.com/x ✖ failed (3 tries: HTTP 502)",
        tone: "bad",
      },
    ]);
  });

  it("who was told first: sent, then failed, then sending; the channels it was not sent to last, in one part", () => {
    const lines = alertLines(
      entry({
        alerts: [alert("a1", "ALERT_FAILURE", 9, 41)],
        deliveries: [
          delivery({
            checkAlertId: "a1",
            alertChannelId: 9,
            type: "SMS",
            status: "SKIPPED",
            attemptCount: 0,
          }),
          delivery({
            checkAlertId: "a1",
            alertChannelId: 3,
            type: "WEBHOOK",
            status: "FAILURE",
            attemptCount: 3,
            lastError: "HTTP 502",
          }),
          delivery({
            checkAlertId: "a1",
            alertChannelId: 8,
            type: "PAGING",
            status: "SKIPPED",
            attemptCount: 0,
          }),
          delivery({
            checkAlertId: "a1",
            alertChannelId: 1,
            type: "EMAIL",
            status: "SUCCESS",
            attemptCount: 1,
          }),
        ],
      }),
      channels,
      target,
      NOW,
      5,
    );
    expect(lines.map((l) => l.text)).toEqual([
      "09:41  failure  eu-west-1  → email ops@example.com ✔ sent (1 try) · webhook https://hooks.example.com/x ✖ failed (3 tries: HTTP 502) · ⊘ not sent: sms #9, paging #8",
    ]);
  });

  it("an alert nobody was told of, a log joined by the run only, a log that could not be read", () => {
    const byRun = alertLines(
      entry({
        alerts: [
          alert("a1", "ALERT_DEGRADED", 9, 41, { checkResultId: "r1" }),
          alert("a0", "ALERT_FAILURE", 9, 0),
        ],
        deliveries: [
          delivery({ checkResultId: "r1", alertChannelId: 9, status: "IN_PROGRESS", attemptCount: 1 }),
        ],
      }),
      channels,
      target,
      NOW,
      5,
    );
    expect(byRun.map((l) => l.text)).toEqual([
      "09:41  degraded  eu-west-1  → channel #9 ◌ sending (1 try)",
      "09:00  failure  eu-west-1  → no channel told",
    ]);
    expect(byRun[0]!.tone).toBe("warn");
    const unread = alertLines(
      entry({ alerts: [alert("a1", "ALERT_FAILURE", 9, 41)], deliveriesError: "429 Too Many Requests" }),
      channels,
      target,
      NOW,
      5,
    );
    expect(unread.map((l) => l.text)).toEqual([
      "09:41  failure  eu-west-1  → deliveries not read",
      "delivery log: 429 Too Many Requests",
    ]);
  });

  it("loading, failed, none; at most `max` alerts", () => {
    expect(alertLines(undefined, channels, target, NOW, 3)).toEqual([{ text: "loading…", tone: "dim" }]);
    expect(
      alertLines(entry({ loadedAt: undefined, error: "404 Check not found" }), channels, target, NOW, 3),
    ).toEqual([{ text: "✖ 404 Check not found", tone: "bad" }]);
    expect(alertLines(entry({}), channels, target, NOW, 3)).toEqual([{ text: "none raised", tone: "dim" }]);
    const many = entry({ alerts: [1, 2, 3, 4].map((i) => alert(`a${i}`, "ALERT_FAILURE_REMAIN", 9, i)) });
    expect(alertLines(many, channels, target, NOW, 2)).toHaveLength(2);
  });

  it("words and a delivery on its own", () => {
    expect(alertWords("ALERT_DEGRADED_RECOVERY")).toBe("degraded recovery");
    expect(alertWords(undefined)).toBe("alert");
    expect(deliveryText(delivery({ alertChannelId: 3, status: "RATE_LIMITED" }), channels, target)).toBe(
      "webhook https://hooks.example.com/x ✖ rate limited",
    );
  });
});
