/**
 * From an alert to stored deliveries: records the check alert, finds the channels subscribed to the check
 * (directly or through its group, activated subscriptions only) whose switch for the alert's family is on,
 * renders each channel's payload and stores it in the outbox — SKIPPED or FAILURE rows when the transport
 * is not configured or the template is broken, so nothing is silent. The caller wakes the worker.
 */

import { maskAlertChannel } from "../../contract/channel-types.ts";
import { type AlertInput, alertVariables } from "../../shared/webhook/variables.ts";
import type { SubscribedChannel } from "../repo/alert-records.ts";
import type { Repo } from "../repo/store.ts";
import { transportFor } from "./channels/registry.ts";
import type { AlertFamily } from "./channels/types.ts";
import type { AlertingConfig } from "./config.ts";
import { familyOf } from "./rules.ts";

// the storage side (which channels, the check-alert record) is in repo/alert-records.ts

export function channelWants(c: SubscribedChannel, family: AlertFamily): boolean {
  switch (family) {
    case "failure":
      return c.sendFailure;
    case "degraded":
      return c.sendDegraded;
    case "recovery":
      return c.sendRecovery;
    case "ssl":
      return c.sslExpiry;
  }
}

export type DispatchDeps = {
  repo: Repo;
  config: AlertingConfig;
  userVariables: Record<string, unknown>;
  now: number;
};

/** Stores one delivery per channel for `alert`; returns the delivery ids. */
export function dispatchAlert(
  deps: DispatchDeps,
  alert: AlertInput,
  alertId: string,
  channels: SubscribedChannel[],
): string[] {
  const family = familyOf(String(alert.alertType));
  const variables = alertVariables(alert);
  const userVariables = deps.repo.templateVariables(deps.userVariables);
  const ids: string[] = [];
  for (const ch of channels) {
    if (!channelWants(ch, family)) continue;
    const transport = transportFor(ch.type);
    const prepared = transport
      ? transport.prepare(ch, {
          alert,
          family,
          variables,
          userVariables,
          now: deps.now,
          config: deps.config,
        })
      : ({ kind: "skip", reason: `no transport for channel type ${ch.type}` } as const);
    const base = {
      kind: "CHECK_ALERT" as const,
      channelId: ch.id,
      channelType: ch.type,
      alertId,
      alertType: String(alert.alertType),
      checkId: alert.check.id,
      checkType: alert.check.checkType,
      checkResultId: alert.result?.id ?? null,
      alertConfig: maskAlertChannel({ type: ch.type, config: ch.config }).config,
    };
    const maxAttempts = deps.config.maxRetries + 1;
    if (prepared.kind === "ready") {
      ids.push(
        deps.repo.enqueue(
          { ...base, payload: prepared.payload, secret: prepared.secret },
          deps.now,
          maxAttempts,
        ),
      );
    } else {
      const final = {
        status: prepared.kind === "skip" ? "SKIPPED" : "FAILURE",
        reason: prepared.reason,
      } as const;
      ids.push(deps.repo.enqueue({ ...base, payload: {}, final }, deps.now, maxAttempts));
    }
  }
  return ids;
}
