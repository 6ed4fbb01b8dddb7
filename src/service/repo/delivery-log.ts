/**
 * The outbox as the hosted delivery log shows it (`GET /v1/alert-notifications`, api-notes §3.5): hosted
 * statuses (PENDING and SENDING are IN_PROGRESS), `notificationResult` = the last attempt's result, every
 * attempt listed; `checkAlertId` joins a delivery to its check alert (`GET /v1/check-alerts`), and vigil
 * adds that alert's `checkName` and `runLocation` so a delivery reads on its own. Secrets never leave: the
 * payload and the secret column are not part of the view, and `alertConfig` was masked when the delivery
 * was stored.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { jsonObject, num, numOrNull, type Row, text, textOrNull } from "./rows.ts";

export type LogFilter = {
  fromMs: number;
  toMs: number;
  alertChannelId?: number | undefined;
  hasFailures?: boolean | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
};

const FAILED = ["FAILURE", "RATE_LIMITED", "SKIPPED"];
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A delivery as the log reads it, parsed from its row. */
function deliveryOf(r: Row) {
  return {
    id: text(r, "id"),
    kind: text(r, "kind"),
    channelId: numOrNull(r, "channel_id"),
    channelType: text(r, "channel_type"),
    alertId: textOrNull(r, "alert_id"),
    alertType: textOrNull(r, "alert_type"),
    checkId: textOrNull(r, "check_id"),
    checkType: textOrNull(r, "check_type"),
    checkResultId: textOrNull(r, "check_result_id"),
    statusPageId: textOrNull(r, "status_page_id"),
    incidentId: textOrNull(r, "incident_id"),
    alertConfig: jsonObject(r, "alert_config"), // damaged: a 500 naming the DB
    status: text(r, "status"),
    attempts: num(r, "attempts"),
    nextAttemptAt: numOrNull(r, "next_attempt_at"),
    lastError: textOrNull(r, "last_error"),
    createdAt: num(r, "created_at"),
    updatedAt: num(r, "updated_at"),
  };
}

export function hostedStatus(s: string): string {
  return s === "PENDING" || s === "SENDING" ? "IN_PROGRESS" : s;
}

function statusSql(status: string): string[] {
  return status === "IN_PROGRESS" ? ["PENDING", "SENDING"] : [status];
}

function deliveryWhere(f: LogFilter): { sql: string; params: SQLInputValue[] } {
  const where = ["created_at >= ?", "created_at <= ?"];
  const params: SQLInputValue[] = [f.fromMs, f.toMs];
  if (f.alertChannelId !== undefined) {
    where.push("channel_id = ?");
    params.push(f.alertChannelId);
  }
  if (f.hasFailures !== undefined) {
    where.push(`status ${f.hasFailures ? "" : "NOT "}IN (${FAILED.map(() => "?").join(", ")})`);
    params.push(...FAILED);
  }
  if (f.status !== undefined) {
    const list = statusSql(f.status);
    where.push(`status IN (${list.map(() => "?").join(", ")})`);
    params.push(...list);
  }
  return { sql: where.join(" AND "), params };
}

/** How many deliveries match (the total of the paged list). */
export function countDeliveries(db: DatabaseSync, f: LogFilter): number {
  const w = deliveryWhere(f);
  const r = db.prepare(`SELECT COUNT(*) AS n FROM alert_deliveries WHERE ${w.sql}`).get(...w.params);
  return r ? num(r, "n") : 0;
}

export function listDeliveries(db: DatabaseSync, f: LogFilter): Record<string, unknown>[] {
  const w = deliveryWhere(f);
  const rows = db
    .prepare(`SELECT * FROM alert_deliveries WHERE ${w.sql} ORDER BY seq DESC LIMIT ? OFFSET ?`)
    .all(...w.params, f.limit, f.offset);
  const attemptsOf = db.prepare(
    "SELECT * FROM alert_delivery_attempts WHERE delivery_id = ? ORDER BY attempt",
  );
  const alertOf = db.prepare("SELECT name, run_location FROM check_alerts WHERE id = ?");
  return rows.map((row) => {
    const r = deliveryOf(row);
    const attempts = attemptsOf.all(r.id).map((a) => ({
      attempt: num(a, "attempt"),
      startedAt: iso(num(a, "started_at")),
      finishedAt: iso(numOrNull(a, "finished_at")),
      outcome: text(a, "outcome"),
      httpStatus: numOrNull(a, "http_status"),
      error: textOrNull(a, "error"),
    }));
    const last = attempts[attempts.length - 1];
    const alert = r.alertId ? alertOf.get(r.alertId) : undefined;
    return {
      id: r.id,
      type: r.channelType,
      status: hostedStatus(r.status),
      alertConfig: r.alertConfig,
      notificationResult: last ? (last.error ?? last.outcome) : r.lastError,
      timestamp: iso(r.updatedAt),
      checkType: r.checkType,
      checkId: r.checkId,
      checkAlertId: r.alertId,
      alertChannelId: r.channelId,
      checkResultId: r.checkResultId,
      alertType: r.alertType,
      checkName: alert ? text(alert, "name") : null,
      runLocation: alert ? textOrNull(alert, "run_location") : null,
      kind: r.kind,
      ...(r.statusPageId ? { statusPageId: r.statusPageId, incidentId: r.incidentId } : {}),
      attemptCount: r.attempts,
      nextAttemptAt: iso(r.nextAttemptAt),
      lastError: r.lastError,
      created_at: iso(r.createdAt),
      attempts,
    };
  });
}
