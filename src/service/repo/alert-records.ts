/**
 * The alerting's stored records: which channels a check's alerts go to (activated subscriptions, directly
 * or through the check's group), the check alerts raised (and read back for `GET /v1/check-alerts`), the
 * per-location alert states the rules step, and the SSL expiry alerts already sent. The logic that uses
 * them is in src/service/alerts/.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { type AlertInput, alertTitle } from "../../shared/webhook/variables.ts";
import type { AlertState } from "../alerts/rules.ts";
import { flag, jsonObject, num, numOrNull, text, textOrNull } from "./rows.ts";

type ChannelRecord = { id: number; type: string; config: Record<string, unknown> };

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
    .all(checkId, groupId ?? -1);
  // a damaged config throws CorruptRowError: the alert is not sent to a channel whose target is unknown,
  // and the error reaches the caller's log (evaluate/ssl/monitor)
  return rows.map((r) => ({
    id: num(r, "id"),
    type: text(r, "type"),
    config: jsonObject(r, "config"),
    sendFailure: flag(r, "send_failure"),
    sendRecovery: flag(r, "send_recovery"),
    sendDegraded: flag(r, "send_degraded"),
    sslExpiry: flag(r, "ssl_expiry"),
    sslExpiryThreshold: num(r, "ssl_expiry_threshold"),
  }));
}

/**
 * Records one check alert — the state change itself, whether or not any channel hears of it — with what
 * the run that raised it saw (error message, status code); an alert without a run (ALERT_SSL) stores its
 * title as the error. Returns the alert's id (deliveries refer to it).
 */
export function recordCheckAlert(db: DatabaseSync, a: AlertInput, now: number): string {
  const id = randomUUID();
  const r = a.result ?? {};
  const error = r.errorMessage ?? (a.ssl ? alertTitle(a) : null);
  db.prepare(
    `INSERT INTO check_alerts (id, check_id, name, check_type, alert_type, run_location, response_time,
       check_result_id, started_at, created_at, error, status_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    error,
    r.statusCode ?? null,
  );
  return id;
}

export type CheckAlertFilter = {
  /** Only this check's alerts. */
  checkId?: string | undefined;
  /** `created_at` window, ms, inclusive. */
  fromMs?: number | undefined;
  toMs?: number | undefined;
  limit: number;
  offset: number;
};

function checkAlertWhere(f: CheckAlertFilter): { sql: string; params: SQLInputValue[] } {
  const where: string[] = [];
  const params: SQLInputValue[] = [];
  if (f.checkId !== undefined) {
    where.push("check_id = ?");
    params.push(f.checkId);
  }
  if (f.fromMs !== undefined) {
    where.push("created_at >= ?");
    params.push(f.fromMs);
  }
  if (f.toMs !== undefined) {
    where.push("created_at <= ?");
    params.push(f.toMs);
  }
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Check alerts in the hosted shape (CheckAlert: `statusCode` is a string there), newest first. Vigil adds
 * `checkResultId`, the run that raised the alert (null for SSL and no-agent alerts).
 */
export function listCheckAlerts(db: DatabaseSync, f: CheckAlertFilter): Record<string, unknown>[] {
  const w = checkAlertWhere(f);
  const rows = db
    .prepare(`SELECT * FROM check_alerts ${w.sql} ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?`)
    .all(...w.params, f.limit, f.offset);
  return rows.map((r) => {
    const statusCode = numOrNull(r, "status_code");
    return {
      id: text(r, "id"),
      name: text(r, "name"),
      checkId: text(r, "check_id"),
      alertType: text(r, "alert_type"),
      checkType: text(r, "check_type"),
      runLocation: textOrNull(r, "run_location"),
      responseTime: numOrNull(r, "response_time"),
      error: textOrNull(r, "error"),
      statusCode: statusCode === null ? null : String(statusCode),
      created_at: new Date(num(r, "created_at")).toISOString(),
      startedAt: isoOrNull(numOrNull(r, "started_at")),
      checkResultId: textOrNull(r, "check_result_id"),
    };
  });
}

/** How many check alerts match (the total of the paged list). */
export function countCheckAlerts(db: DatabaseSync, f: CheckAlertFilter): number {
  const w = checkAlertWhere(f);
  const row = db.prepare(`SELECT COUNT(*) AS n FROM check_alerts ${w.sql}`).get(...w.params);
  return row ? num(row, "n") : 0;
}

/** The alert state of a check at a location, if one was stored. */
export function readAlertState(db: DatabaseSync, checkId: string, location: string): AlertState | undefined {
  const r = db
    .prepare("SELECT * FROM alert_states WHERE check_id = ? AND location = ?")
    .get(checkId, location);
  if (!r) return undefined;
  const alerted = text(r, "alerted");
  return {
    alerted: alerted === "FAILURE" || alerted === "DEGRADED" ? alerted : "NONE",
    failStreak: num(r, "fail_streak"),
    degradedStreak: num(r, "degraded_streak"),
    failingSince: numOrNull(r, "failing_since"),
    degradedSince: numOrNull(r, "degraded_since"),
    remindersSent: num(r, "reminders_sent"),
    lastAlertAt: numOrNull(r, "last_alert_at"),
    hadFailure: flag(r, "had_failure"),
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
