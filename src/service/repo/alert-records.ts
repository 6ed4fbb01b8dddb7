/**
 * The alerting's stored records: which channels a check's alerts go to (activated subscriptions, directly
 * or through the check's group), the check alerts raised, the per-location alert states the rules step, and
 * the SSL expiry alerts already sent. The logic that uses them is in src/service/alerts/.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { AlertInput } from "../../shared/webhook/variables.ts";
import type { AlertState } from "../alerts/rules.ts";
import { parseJson } from "./util.ts";

type ChannelRecord = { id: number; type: string; config: Record<string, unknown> };

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

/** The channels subscribed to a check (activated subscriptions, directly or through its group). */
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

type StateRow = {
  alerted: string;
  fail_streak: number;
  degraded_streak: number;
  failing_since: number | null;
  degraded_since: number | null;
  reminders_sent: number;
  last_alert_at: number | null;
  had_failure: number;
};

/** The alert state of a check at a location, if one was stored. */
export function readAlertState(db: DatabaseSync, checkId: string, location: string): AlertState | undefined {
  const r = db
    .prepare("SELECT * FROM alert_states WHERE check_id = ? AND location = ?")
    .get(checkId, location) as StateRow | undefined;
  if (!r) return undefined;
  return {
    alerted: r.alerted === "FAILURE" || r.alerted === "DEGRADED" ? r.alerted : "NONE",
    failStreak: r.fail_streak,
    degradedStreak: r.degraded_streak,
    failingSince: r.failing_since,
    degradedSince: r.degraded_since,
    remindersSent: r.reminders_sent,
    lastAlertAt: r.last_alert_at,
    hadFailure: r.had_failure === 1,
  };
}

export function saveState(
  db: DatabaseSync,
  checkId: string,
  location: string,
  s: AlertState,
  now: number,
): void {
  db.prepare(
    `INSERT INTO alert_states (check_id, location, alerted, fail_streak, degraded_streak, failing_since,
       degraded_since, reminders_sent, last_alert_at, had_failure, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (check_id, location) DO UPDATE SET alerted = excluded.alerted, fail_streak = excluded.fail_streak,
       degraded_streak = excluded.degraded_streak, failing_since = excluded.failing_since,
       degraded_since = excluded.degraded_since, reminders_sent = excluded.reminders_sent,
       last_alert_at = excluded.last_alert_at, had_failure = excluded.had_failure, updated_at = excluded.updated_at`,
  ).run(
    checkId,
    location,
    s.alerted,
    s.failStreak,
    s.degradedStreak,
    s.failingSince,
    s.degradedSince,
    s.remindersSent,
    s.lastAlertAt,
    s.hadFailure ? 1 : 0,
    now,
  );
}

export function sslAlertSent(db: DatabaseSync, checkId: string, channelId: number, validTo: number): boolean {
  return (
    db
      .prepare("SELECT 1 FROM ssl_alerts_sent WHERE check_id = ? AND channel_id = ? AND valid_to = ?")
      .get(checkId, channelId, validTo) !== undefined
  );
}

export function markSslAlertSent(
  db: DatabaseSync,
  checkId: string,
  channelId: number,
  validTo: number,
  now: number,
): void {
  db.prepare(
    "INSERT OR IGNORE INTO ssl_alerts_sent (check_id, channel_id, valid_to, sent_at) VALUES (?, ?, ?, ?)",
  ).run(checkId, channelId, validTo, now);
}
