/**
 * SSL certificate expiry alerts (api-notes §6.3, ALERT_SSL): about hourly (configurable) the service reads
 * the certificate of every activated, unmuted HTTPS check that has a subscribed channel with `sslExpiry`
 * on — the host of an API/URL check's request URL, or `sslCheckDomain` of a browser check — and raises
 * ALERT_SSL for each such channel whose `sslExpiryThreshold` (days) is reached.
 *
 * No duplicates: one ALERT_SSL per check, channel and certificate (its expiry date); a renewed certificate
 * can alert again. The certificate is read without verifying the chain (only its dates matter here).
 */

import { isIP } from "node:net";
import { connect } from "node:tls";
import { objectIn, stringIn } from "../../shared/json.ts";
import type { AlertInput } from "../../shared/webhook/variables.ts";
import { type DispatchDeps, dispatchAlert } from "./dispatch.ts";
import { checkInfo } from "./evaluate.ts";

const DAY = 86_400_000;

export type SslTarget = { host: string; port: number };

export function sslTargetOf(checkType: string, doc: Record<string, unknown>): SslTarget | undefined {
  if (checkType === "API" || checkType === "URL") {
    const url = stringIn(objectIn(doc, "request") ?? {}, "url");
    if (url === undefined) return undefined;
    try {
      const u = new URL(url);
      if (u.protocol !== "https:") return undefined;
      return { host: u.hostname.replace(/^\[|\]$/g, ""), port: u.port ? Number(u.port) : 443 };
    } catch {
      return undefined;
    }
  }
  if (typeof doc.sslCheckDomain === "string" && doc.sslCheckDomain.trim() !== "")
    return { host: doc.sslCheckDomain.trim(), port: 443 };
  return undefined;
}

/** The certificate's expiry (ms), read over TLS within `timeoutMs`. */
export function certificateExpiry(target: SslTarget, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: target.host,
      port: target.port,
      rejectUnauthorized: false,
      ...(isIP(target.host) ? {} : { servername: target.host }),
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no TLS answer from ${target.host}:${target.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      // an empty object when the peer sent none (typed as always a certificate)
      const validTo: unknown = socket.getPeerCertificate().valid_to;
      socket.end();
      const t = typeof validTo === "string" && validTo ? Date.parse(validTo) : Number.NaN;
      if (Number.isNaN(t)) reject(new Error("no certificate expiry date"));
      else resolve(t);
    });
    socket.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export type SslDeps = Omit<DispatchDeps, "now"> & { now(): number; logError(err: unknown): void };

/** One scan over every eligible check; returns the delivery ids stored. */
export async function sslScan(deps: SslDeps, timeoutMs: number): Promise<string[]> {
  const repo = deps.repo;
  const ids: string[] = [];
  // no channel asks for SSL expiry: no check is read (at 100,000 checks, reading them held the service ~1.5 s);
  // asked of the channels' table alone — every channel read whole carries its subscriptions, 50,000 rows for
  // 5 auto-subscribed channels at 10,000 checks
  if (!repo.anySslExpiryChannel()) return ids;
  for (const check of repo.alertableChecks()) {
    const target = sslTargetOf(check.checkType, check.doc);
    if (!target) continue;
    const groupId = typeof check.doc.groupId === "number" ? check.doc.groupId : null;
    const channels = repo.subscribedChannels(check.id, groupId).filter((c) => c.sslExpiry);
    if (channels.length === 0) continue;
    let validTo: number;
    try {
      validTo = await certificateExpiry(target, timeoutMs);
    } catch {
      continue; // unreachable hosts are the check's own failure, not an SSL alert
    }
    const now = deps.now();
    const days = Math.floor((validTo - now) / DAY);
    const due = channels.filter(
      (c) =>
        days <= Math.max(1, Math.min(30, c.sslExpiryThreshold)) &&
        !repo.sslAlertSent(check.id, c.id, validTo),
    );
    if (due.length === 0) continue;
    const alert: AlertInput = {
      alertType: "ALERT_SSL",
      check: checkInfo(check),
      ssl: { daysRemaining: days, domain: target.host },
    };
    const alertId = repo.recordCheckAlert(alert, now);
    ids.push(...dispatchAlert({ ...deps, now }, alert, alertId, due));
    for (const c of due) repo.markSslAlertSent(check.id, c.id, validTo, now);
  }
  return ids;
}
