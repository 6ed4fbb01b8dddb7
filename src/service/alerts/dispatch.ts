/**
 * From an alert to stored deliveries: records the check alert, finds the channels subscribed to the check
 * (directly or through its group, activated subscriptions only) whose switch for the alert's family is on,
 * renders each channel's payload and stores it in the outbox — SKIPPED or FAILURE rows when the transport
 * is not configured or the template is broken, so nothing is silent. The caller wakes the worker.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { maskAlertChannel } from "../../api/secrets.ts";
import { type AlertInput, alertVariables } from "../../shared/webhook/variables.ts";
import { enqueue } from "../repo/outbox.ts";
import { parseJson } from "../repo/util.ts";
import { templateVariables } from "../repo/variables.ts";
import { transportFor } from "./channels/registry.ts";
import type { AlertFamily, ChannelRecord } from "./channels/types.ts";
import type { AlertingConfig } from "./config.ts";
import { familyOf } from "./rules.ts";

type ChannelRow = {
  id: number;
  type: string;
  config: string;
  send_failure: number;
  send_recovery: number;
  send_degraded: number;
  ssl_expiry: number;
  ssl_expiry_threshold: number;
};

export type SubscribedChannel = ChannelRecord & {
  sendFailure: boolean;
  sendRecovery: boolean;
  sendDegraded: boolean;
  sslExpiry: boolean;
  sslExpiryThreshold: number;
};

export function subscribedChannels(
  db: DatabaseSync,
  checkId: string,
  groupId: number | null,
): SubscribedChannel[] {
  const rows = db
    .prepare(
      `SELECT DISTINCT c.* FROM alert_subscriptions s JOIN alert_channels c ON c.id = s.channel_id
       WHERE s.activated = 1 AND (s.check_id = ? OR (s.group_id IS NOT NULL AND s.group_id = ?)) ORDER BY c.id`,
    )
    .all(checkId, groupId ?? -1) as ChannelRow[];
  return rows.map((r) => {
    // a damaged config throws CorruptRowError: the alert is not sent to a channel whose target is unknown,
    // and the error reaches the caller's log (evaluate/ssl/monitor)
    const config = parseJson<Record<string, unknown>>(r.config, {});
    return {
      id: Number(r.id),
      type: r.type,
      config,
      sendFailure: r.send_failure === 1,
      sendRecovery: r.send_recovery === 1,
      sendDegraded: r.send_degraded === 1,
      sslExpiry: r.ssl_expiry === 1,
      sslExpiryThreshold: Number(r.ssl_expiry_threshold),
    };
  });
}

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
  db: DatabaseSync;
  config: AlertingConfig;
  userVariables: Record<string, unknown>;
  now: number;
};

export function recordCheckAlert(db: DatabaseSync, a: AlertInput, now: number): string {
  const id = randomUUID();
  const r = a.result ?? {};
  db.prepare(
    `INSERT INTO check_alerts (id, check_id, name, check_type, alert_type, run_location, response_time,
       check_result_id, started_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    a.check.id,
    a.check.name,
    a.check.checkType,
    a.alertType,
    r.runLocation ?? null,
    r.responseTime ?? null,
    r.id ?? null,
    r.startedAt ? Date.parse(r.startedAt) : null,
    now,
  );
  return id;
}

/** Stores one delivery per channel for `alert`; returns the delivery ids. */
export function dispatchAlert(
  deps: DispatchDeps,
  alert: AlertInput,
  alertId: string,
  channels: SubscribedChannel[],
): string[] {
  const family = familyOf(String(alert.alertType));
  const variables = alertVariables(alert);
  const userVariables = templateVariables(deps.db, deps.userVariables);
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
      alertConfig: (maskAlertChannel({ type: ch.type, config: ch.config }).config ?? {}) as Record<
        string,
        unknown
      >,
    };
    const maxAttempts = deps.config.maxRetries + 1;
    if (prepared.kind === "ready") {
      ids.push(
        enqueue(
          deps.db,
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
      ids.push(enqueue(deps.db, { ...base, payload: {}, final }, deps.now, maxAttempts));
    }
  }
  return ids;
}
