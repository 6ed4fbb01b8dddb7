/**
 * The outbox as the hosted delivery log shows it (`GET /v1/alert-notifications`, api-notes §3.5): hosted
 * statuses (PENDING and SENDING are IN_PROGRESS), `notificationResult` = the last attempt's result, every
 * attempt listed; `checkAlertId` joins a delivery to its check alert (`GET /v1/check-alerts`), and vigil
 * adds that alert's `checkName` and `runLocation` so a delivery reads on its own. Secrets never leave: the
 * payload and the secret column are not part of the view, and `alertConfig` was masked when the delivery
 * was stored.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { num } from "./rows.ts";
import { parseJson } from "./util.ts";

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

type Row = {
  id: string;
  kind: string;
  channel_id: number | null;
  channel_type: string;
  alert_id: string | null;
  alert_type: string | null;
  check_id: string | null;
  check_type: string | null;
  check_result_id: string | null;
  status_page_id: string | null;
  incident_id: string | null;
  alert_config: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
};

type AttemptRow = {
  attempt: number;
  started_at: number;
  finished_at: number | null;
  outcome: string;
  http_status: number | null;
  error: string | null;
};

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
    .all(...w.params, f.limit, f.offset) as Row[];
  const attemptsOf = db.prepare(
    "SELECT * FROM alert_delivery_attempts WHERE delivery_id = ? ORDER BY attempt",
  );
  const alertOf = db.prepare("SELECT name, run_location FROM check_alerts WHERE id = ?");
  return rows.map((r) => {
    const attempts = (attemptsOf.all(r.id) as AttemptRow[]).map((a) => ({
      attempt: a.attempt,
      startedAt: iso(a.started_at),
      finishedAt: iso(a.finished_at),
      outcome: a.outcome,
      httpStatus: a.http_status,
      error: a.error,
    }));
    const last = attempts[attempts.length - 1];
    const alertConfig = parseJson<Record<string, unknown>>(r.alert_config, {}); // damaged: a 500 naming the DB
    const alert = r.alert_id
      ? (alertOf.get(r.alert_id) as { name: string; run_location: string | null } | undefined)
      : undefined;
    return {
      id: r.id,
      type: r.channel_type,
      status: hostedStatus(r.status),
      alertConfig,
      notificationResult: last ? (last.error ?? last.outcome) : r.last_error,
      timestamp: iso(r.updated_at),
      checkType: r.check_type,
      checkId: r.check_id,
      checkAlertId: r.alert_id,
      alertChannelId: r.channel_id,
      checkResultId: r.check_result_id,
      alertType: r.alert_type,
      checkName: alert?.name ?? null,
      runLocation: alert?.run_location ?? null,
      kind: r.kind,
      ...(r.status_page_id ? { statusPageId: r.status_page_id, incidentId: r.incident_id } : {}),
      attemptCount: r.attempts,
      nextAttemptAt: iso(r.next_attempt_at),
      lastError: r.last_error,
      created_at: iso(r.created_at),
      attempts,
    };
  });
}
