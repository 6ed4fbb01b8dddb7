/**
 * One word and one mark per delivery state (src/store/triage/delivery-state.ts), and every place that shows
 * a delivery saying it the same way: the check detail's alerts, an alert channel's deliveries, the
 * overview's delivery trouble.
 */
import { describe, expect, it } from "vitest";
import type { AlertChannel } from "../../../src/contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../../src/contract/schemas/alert-notifications.ts";
import { deliveryLabel, deliveryMark, deliveryState } from "../../../src/store/triage/delivery-state.ts";
import { deliveryTrouble } from "../../../src/store/triage/overview.ts";
import { deliveryText } from "../../../src/store/triage/overview-text.ts";
import { deliveryOutcome } from "../../../src/tui/panes/checks/history-lines.ts";

const d = (over: Partial<AlertNotification>): AlertNotification => ({
  id: "n1",
  alertChannelId: 4,
  timestamp: "2026-11-25T09:41:00Z",
  ...over,
});

describe("a delivery's state", () => {
  it("has one word and one mark per status (the module's table)", () => {
    const table = [
      [{ status: "SUCCESS" }, "✔ sent"],
      [{ status: "FAILURE" }, "✖ failed"],
      [{ status: "RATE_LIMITED" }, "✖ rate limited"],
      [{ status: "SKIPPED" }, "⊘ not sent"],
      [{ status: "IN_PROGRESS", attemptCount: 1 }, "◌ sending"],
      [{ status: "IN_PROGRESS", attemptCount: 2 }, "◌ retrying"],
      [{ status: "IN_PROGRESS", attemptCount: 1, lastError: "timeout" }, "◌ retrying"],
      [{ status: "QUEUED_SOMEWHERE" }, "? queued_somewhere"],
      [{}, "? not recorded"],
    ] as const;
    for (const [n, label] of table) expect(deliveryLabel(d(n as Partial<AlertNotification>))).toBe(label);
  });

  it("is said the same in the check detail, a channel's deliveries and the overview's trouble", () => {
    const skipped = d({ status: "SKIPPED", notificationResult: "SMS gateway not configured" });
    // the check detail and the channel's deliveries (one function)
    expect(deliveryOutcome(skipped)).toBe("⊘ not sent: SMS gateway not configured");
    // the overview and `vigil status`: the same word, the same mark
    const [trouble] = deliveryTrouble([skipped], [{ id: 4, type: "SMS" } as unknown as AlertChannel]);
    expect(trouble?.problem).toBe("not sent");
    expect(trouble && deliveryText(trouble, Date.now())).toBe("not sent");
    expect(trouble && deliveryMark(trouble.problem)).toBe("⊘");
    expect(deliveryState(skipped)).toBe("not sent");
  });

  it("is trouble on the overview only when it did not go out (or is retried)", () => {
    const states = ["SUCCESS", "FAILURE", "RATE_LIMITED", "SKIPPED", "IN_PROGRESS"] as const;
    const problems = states.map(
      (status, i) => deliveryTrouble([d({ alertChannelId: i + 1, status, attemptCount: 1 })])[0]?.problem,
    );
    expect(problems).toEqual([undefined, "failed", "rate limited", "not sent", undefined]);
    expect(deliveryTrouble([d({ status: "IN_PROGRESS", attemptCount: 3 })])[0]?.problem).toBe("retrying");
  });
});
