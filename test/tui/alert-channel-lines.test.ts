/**
 * An alert channel's detail lines (src/tui/panes/alerts/lines.ts), pure: its newest deliveries and how
 * each went — the why behind the overview's "alert delivery trouble", which opens this detail — and its
 * subscriptions said as on or off (no ✔ beside a check's name, where it would read as "passing").
 */
import { describe, expect, it } from "vitest";
import type { AlertChannel } from "../../src/contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../src/contract/schemas/alert-notifications.ts";
import type { Check } from "../../src/contract/schemas/checks.ts";
import { alertChannelLines, type DeliveriesHeld } from "../../src/tui/panes/alerts/lines.ts";

const NOW = Date.UTC(2026, 10, 28, 1, 0, 0);
const at = (min: number) => new Date(NOW - min * 60_000).toISOString();

const channel = {
  id: 4,
  type: "SMS",
  config: { name: "Primary on-call phone", number: "+15550100" },
  sendFailure: true,
  sendRecovery: true,
  sendDegraded: false,
  sslExpiry: false,
  subscriptions: [
    { id: 1, checkId: "c1", activated: true },
    { id: 2, checkId: "c2", activated: false },
  ],
} as unknown as AlertChannel;

const checks = new Map([
  ["c1", { id: "c1", name: "Checkout API" } as Check],
  ["c2", { id: "c2", name: "Search journey" } as Check],
]);

const delivery = (p: Partial<AlertNotification>): AlertNotification =>
  ({
    id: `d${Math.random()}`,
    alertChannelId: 4,
    alertType: "ALERT_FAILURE",
    checkName: "Checkout API",
    runLocation: "eu-west-1",
    ...p,
  }) as AlertNotification;

const lines = (deliveries: DeliveriesHeld | undefined) =>
  alertChannelLines(channel, {
    revealed: false,
    alertType: "ALERT_FAILURE",
    checks,
    now: NOW,
    renderer: undefined,
    deliveries,
  }).map((l) => l.text);

describe("an alert channel's detail", () => {
  it("its newest deliveries, newest first, each with how it went and why; other channels' left out", () => {
    const out = lines({
      loadedAt: NOW,
      error: undefined,
      items: [
        delivery({ timestamp: at(5), status: "SKIPPED", notificationResult: "no SMS provider configured" }),
        delivery({ timestamp: at(6), alertChannelId: 9, status: "SUCCESS", attemptCount: 1 }),
        delivery({ timestamp: at(15), status: "FAILURE", attemptCount: 3, lastError: "HTTP 502" }),
        delivery({ timestamp: at(45), alertType: "ALERT_RECOVERY", status: "SUCCESS", attemptCount: 1 }),
      ],
    });
    const start = out.indexOf("Deliveries (the newest of the last 24 h)");
    expect(start).toBeGreaterThanOrEqual(0);
    expect(out.slice(start + 1, start + 4)).toEqual([
      "  00:55  failure  Checkout API  eu-west-1  ⊘ not sent: no SMS provider configured",
      "  00:45  failure  Checkout API  eu-west-1  ✖ failed (3 tries: HTTP 502)",
      "  00:15  recovery  Checkout API  eu-west-1  ✔ sent (1 try)",
    ]);
    expect(out[start + 4]).toBe("Subscriptions (2)");
  });

  it("says when none of the deliveries held are its own, while they load, and when they could not be read", () => {
    expect(lines({ loadedAt: NOW, error: undefined, items: [delivery({ alertChannelId: 9 })] })).toContain(
      "  none among the 1 newest deliveries held",
    );
    expect(lines({ loadedAt: undefined, error: undefined, items: [] })).toContain("  loading…");
    expect(lines({ loadedAt: undefined, error: "429 Too Many Requests", items: [] })).toContain(
      "  ✖ 429 Too Many Requests",
    );
  });

  it("subscriptions on and off, without a ✔ that would read as passing", () => {
    const out = lines(undefined);
    const start = out.indexOf("Subscriptions (2)");
    expect(out.slice(start + 1, start + 3)).toEqual([
      "  Checkout API",
      "  Search journey (subscription off)",
    ]);
    expect(out.join("\n")).not.toContain("✔");
  });
});
