/**
 * An alert delivery's state, one word and one mark for each, wherever a delivery is shown: the check
 * detail's alerts, an alert channel's deliveries, the overview's and `vigil status`'s delivery trouble,
 * `vigil alert-notifications list`. The log's `status` (api-notes §3.5) is the API's word; this is the one
 * a person reads:
 *
 * | status                                   | word                                    | mark |
 * |------------------------------------------|-----------------------------------------|------|
 * | SUCCESS                                  | `sent`                                  | ✔    |
 * | FAILURE                                  | `failed`                                | ✖    |
 * | RATE_LIMITED                             | `rate limited`                          | ✖    |
 * | SKIPPED (transport not configured, …)    | `not sent`                              | ⊘    |
 * | IN_PROGRESS, no attempt failed yet       | `sending`                               | ◌    |
 * | IN_PROGRESS after a failed attempt       | `retrying`                              | ◌    |
 * | none, or a status this table lacks       | `not recorded` / the status lower-cased | ?    |
 *
 * `not sent`, not "skipped": the service decided not to send it (no transport, …) and says why in the
 * log; "skipped" read as a choice of the channel. The marks are the console's (shared/format.ts
 * statusSymbol): ⊘ is every "did not happen" there (deactivated, cancelled, cannot run). Colour is each
 * place's (the overview's trouble list shows a not-sent delivery as trouble); the mark and word are not.
 */
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";

export type DeliveryState = "sent" | "failed" | "rate limited" | "not sent" | "sending" | "retrying";

const MARK: Record<DeliveryState, string> = {
  sent: "✔",
  failed: "✖",
  "rate limited": "✖",
  "not sent": "⊘",
  sending: "◌",
  retrying: "◌",
};

type Delivery = Pick<AlertNotification, "status" | "attemptCount" | "nextAttemptAt" | "lastError">;

/** The state of one delivery (see the table); undefined when its status is none this module knows. */
export function deliveryState(d: Delivery): DeliveryState | undefined {
  switch (d.status) {
    case "SUCCESS":
      return "sent";
    case "FAILURE":
      return "failed";
    case "RATE_LIMITED":
      return "rate limited";
    case "SKIPPED":
      return "not sent";
    case "IN_PROGRESS":
      // an attempt failed and another is due
      return (d.attemptCount ?? 0) > 1 || d.nextAttemptAt || d.lastError ? "retrying" : "sending";
    default:
      return undefined;
  }
}

/** A state's mark (the table). */
export const deliveryMark = (s: DeliveryState): string => MARK[s];

/** A delivery's mark and word, "⊘ not sent"; an unknown status lower-cased after "?", none "? not recorded". */
export function deliveryLabel(d: Delivery): string {
  const s = deliveryState(d);
  if (s) return `${MARK[s]} ${s}`;
  return `? ${d.status ? String(d.status).toLowerCase() : "not recorded"}`;
}
