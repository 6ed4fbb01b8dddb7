/**
 * The outbox: every delivery is a row stored BEFORE anything is sent — channel, alert, rendered payload,
 * attempt count, next attempt time, last status / error — plus one row per attempt.
 *
 * Exactly-once per attempt: the worker claims a due row in a transaction (PENDING → SENDING, attempts + 1,
 * an IN_PROGRESS attempt row) before sending, and records the outcome afterwards. A row found SENDING at
 * start-up was interrupted by a stop or crash mid-attempt: that attempt is recorded INTERRUPTED (it may or
 * may not have arrived — receivers de-duplicate on the delivery id) and the delivery is due again, so
 * nothing is lost and no attempt is ever sent twice.
 *
 * Statuses: PENDING (waiting for its next attempt), SENDING (an attempt in flight), SUCCESS, FAILURE
 * (attempts exhausted, a template error, or an attempt that may have arrived and is not retried), RATE_LIMITED (exhausted, the last answer was 429), SKIPPED
 * (the channel's transport is not configured; the reason is the last error).
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { SendResult } from "../alerts/channels/types.ts";
import type { AlertingConfig } from "../alerts/config.ts";
import { transaction } from "../db/open.ts";
import { jsonObject, num, numOrNull, text, textOrNull } from "./rows.ts";
import { cached } from "./statements.ts";

export type DeliveryKind = "CHECK_ALERT" | "SUBSCRIBER";

export type NewDelivery = {
  kind: DeliveryKind;
  channelId: number | null;
  channelType: string;
  alertId?: string | null;
  alertType?: string | null;
  checkId?: string | null;
  checkType?: string | null;
  checkResultId?: string | null;
  statusPageId?: string | null;
  incidentId?: string | null;
  /** Channel config as shown in the log (secrets masked by the caller). */
  alertConfig: Record<string, unknown>;
  payload: Record<string, unknown>;
  secret?: string | null | undefined;
  /** Final outcome decided at enqueue time (SKIPPED / FAILURE with the reason), else sent by the worker. */
  final?: { status: "SKIPPED" | "FAILURE"; reason: string };
};

export type ClaimedDelivery = {
  id: string;
  channelType: string;
  payload: Record<string, unknown>;
  secret: string | null;
  attempt: number;
  maxAttempts: number;
};

/** What code that only has the database (routes) needs from the running alerting module. */
export type OutboxRuntime = { wake(): void; config: AlertingConfig };

const runtimes = new WeakMap<DatabaseSync, OutboxRuntime>();

export function setRuntime(db: DatabaseSync, rt: OutboxRuntime | undefined): void {
  if (rt) runtimes.set(db, rt);
  else runtimes.delete(db);
}

/** The running alerting module of this database, if any. */
export function runtimeOf(db: DatabaseSync): OutboxRuntime | undefined {
  return runtimes.get(db);
}

export function wake(db: DatabaseSync): void {
  runtimes.get(db)?.wake();
}

export function enqueue(db: DatabaseSync, d: NewDelivery, now: number, maxAttempts: number): string {
  const id = randomUUID();
  db.prepare(
    `INSERT INTO alert_deliveries (id, kind, channel_id, channel_type, alert_id, alert_type, check_id, check_type,
       check_result_id, status_page_id, incident_id, alert_config, payload, secret, status, attempts, max_attempts,
       next_attempt_at, last_error, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    d.kind,
    d.channelId,
    d.channelType,
    d.alertId ?? null,
    d.alertType ?? null,
    d.checkId ?? null,
    d.checkType ?? null,
    d.checkResultId ?? null,
    d.statusPageId ?? null,
    d.incidentId ?? null,
    JSON.stringify(d.alertConfig),
    JSON.stringify(d.payload),
    d.final ? null : (d.secret ?? null),
    d.final ? d.final.status : "PENDING",
    maxAttempts,
    d.final ? null : now,
    d.final ? d.final.reason : null,
    now,
    now,
  );
  return id;
}

const DUE_ONE = "SELECT 1 FROM alert_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ? LIMIT 1";

/** Claims up to `limit` due deliveries (PENDING, next attempt ≤ now) for one attempt each. */
export function claimDue(db: DatabaseSync, now: number, limit: number): ClaimedDelivery[] {
  if (limit <= 0) return [];
  // the worker asks every second: with nothing due (nearly always) one indexed read answers, no write
  // transaction is begun and committed empty
  if (!cached(db, DUE_ONE).get(now)) return [];
  return transaction(db, () => {
    const rows = cached(
      db,
      `SELECT id, channel_type, payload, secret, attempts, max_attempts FROM alert_deliveries
         WHERE status = 'PENDING' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`,
    ).all(now, limit);
    const claim = cached(
      db,
      "UPDATE alert_deliveries SET status = 'SENDING', attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'PENDING'",
    );
    const attemptRow = cached(
      db,
      "INSERT INTO alert_delivery_attempts (delivery_id, attempt, started_at, outcome) VALUES (?, ?, ?, 'IN_PROGRESS')",
    );
    const out: ClaimedDelivery[] = [];
    for (const r of rows) {
      const id = text(r, "id");
      if (Number(claim.run(now, id).changes) !== 1) continue;
      const attempt = num(r, "attempts") + 1;
      attemptRow.run(id, attempt, now);
      out.push({
        id,
        channelType: text(r, "channel_type"),
        payload: jsonObject(r, "payload"),
        secret: textOrNull(r, "secret"),
        attempt,
        maxAttempts: num(r, "max_attempts"),
      });
    }
    return out;
  });
}

const outcomeOf = (r: SendResult) => (r.ok ? "SUCCESS" : r.uncertain ? "UNKNOWN" : "FAILURE");

/**
 * Records the outcome of a claimed attempt and decides what comes next: a failed attempt is retried while
 * attempts are left, except an `uncertain` one (it may have arrived: attempt UNKNOWN, delivery FAILURE with
 * the error saying so) — a retry could deliver it twice.
 */
export function complete(
  db: DatabaseSync,
  d: ClaimedDelivery,
  result: SendResult,
  now: number,
  retryIntervalMs: number,
): void {
  transaction(db, () => {
    const error = result.ok ? (result.info ?? null) : result.error;
    db.prepare(
      "UPDATE alert_delivery_attempts SET finished_at = ?, outcome = ?, http_status = ?, error = ? WHERE delivery_id = ? AND attempt = ?",
    ).run(now, outcomeOf(result), result.status ?? null, error, d.id, d.attempt);
    let status: string;
    let next: number | null = null;
    if (result.ok) status = "SUCCESS";
    else if (d.attempt < d.maxAttempts && !result.uncertain) {
      status = "PENDING";
      next = now + retryIntervalMs;
    } else status = !result.ok && result.rateLimited ? "RATE_LIMITED" : "FAILURE";
    db.prepare(
      "UPDATE alert_deliveries SET status = ?, next_attempt_at = ?, last_status = ?, last_error = ?, updated_at = ? WHERE id = ?",
    ).run(status, next, result.status ?? null, result.ok ? null : result.error, now, d.id);
  });
}

/** At start-up: attempts a previous process left in flight are INTERRUPTED; their deliveries are due again. */
export function recoverInterrupted(db: DatabaseSync, now: number): number {
  return transaction(db, () => {
    const rows = db
      .prepare("SELECT id, attempts, max_attempts FROM alert_deliveries WHERE status = 'SENDING'")
      .all()
      .map((r) => ({
        id: text(r, "id"),
        attempts: num(r, "attempts"),
        max_attempts: num(r, "max_attempts"),
      }));
    const reason = "interrupted: the service stopped during the attempt";
    for (const r of rows) {
      db.prepare(
        "UPDATE alert_delivery_attempts SET finished_at = ?, outcome = 'INTERRUPTED', error = ? WHERE delivery_id = ? AND attempt = ?",
      ).run(now, reason, r.id, r.attempts);
      const more = r.attempts < r.max_attempts;
      db.prepare(
        "UPDATE alert_deliveries SET status = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ?",
      ).run(more ? "PENDING" : "FAILURE", more ? now : null, reason, now, r.id);
    }
    return rows.length;
  });
}

/** When the next PENDING delivery is due (ms), or undefined when none waits. */
export function nextDueAt(db: DatabaseSync): number | undefined {
  const r = cached(
    db,
    "SELECT MIN(next_attempt_at) AS t FROM alert_deliveries WHERE status = 'PENDING'",
  ).get();
  return (r && numOrNull(r, "t")) ?? undefined;
}
