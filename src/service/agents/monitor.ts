/**
 * The no-agent alert. A private location's checks are run by its agents only (queue.ts); when a location
 * that has activated, unmuted checks has had no live agent for `graceMs` (default 10 min; counted from the
 * last agent contact, or from the service's start when that is later), every such check's subscribed
 * channels get ALERT_NO_AGENT (a failure-family alert: the channel's `sendFailure` switch decides), once.
 * When an agent is back, the same checks' channels get ALERT_NO_AGENT_RECOVERY (recovery family).
 * Which locations are in alert is kept in `agent_alerts`, so a restart neither repeats nor forgets one.
 */
import type { AlertInput } from "../../shared/webhook/variables.ts";
import { type DispatchDeps, dispatchAlert } from "../alerts/dispatch.ts";
import { checkInfo } from "../alerts/evaluate.ts";
import type { LocationHealth } from "../repo/agents.ts";

export type NoAgentDeps = Omit<DispatchDeps, "now"> & {
  now(): number;
  health(locationId: string): LocationHealth;
  /** How long a location may be without a live agent before its checks alert (ms). */
  graceMs: number;
  /** When this process started watching (the grace never counts time the service was down). */
  startedAt: number;
};

/**
 * One look at every private location; returns the delivery ids stored. The checks are read only when a
 * location is due a change (an alert or a recovery) — most scans change nothing, and reading every check
 * and its document every 30 s held a service with 100,000 checks for ~2 s each time.
 */
export function noAgentScan(deps: NoAgentDeps): string[] {
  const repo = deps.repo;
  const now = deps.now();
  const alerted = repo.noAgentAlerts();
  let active: ReturnType<typeof repo.alertableChecks> | undefined;
  const checksOf = (slug: string) => {
    active ??= repo.alertableChecks();
    return active.filter(
      (c) => Array.isArray(c.doc.privateLocations) && c.doc.privateLocations.includes(slug),
    );
  };
  const ids: string[] = [];
  for (const loc of repo.listLocationSlugs()) {
    const h = deps.health(loc.id);
    const since = Math.max(h.lastSeen ?? 0, deps.startedAt);
    const missing = h.agentCount === 0 && !alerted.has(loc.id) && now - since >= deps.graceMs;
    const back = h.agentCount > 0 && alerted.has(loc.id);
    if (!missing && !back) continue;
    const own = checksOf(loc.slug);
    let type: "ALERT_NO_AGENT" | "ALERT_NO_AGENT_RECOVERY" | undefined;
    if (missing && own.length > 0) {
      repo.markNoAgentAlert(loc.id, now);
      type = "ALERT_NO_AGENT";
    } else if (back) {
      repo.clearNoAgentAlert(loc.id);
      type = "ALERT_NO_AGENT_RECOVERY";
    }
    if (!type) continue;
    for (const check of own) {
      const groupId = typeof check.doc.groupId === "number" ? check.doc.groupId : null;
      const channels = repo.subscribedChannels(check.id, groupId);
      // the check alert is recorded even with no channel to tell (GET /v1/check-alerts shows it)
      const alert: AlertInput = {
        alertType: type,
        check: checkInfo(check),
        location: loc.slug,
        result: {
          runLocation: loc.slug,
          errorMessage:
            type === "ALERT_NO_AGENT"
              ? `no agent of private location ${loc.slug} has been seen for ${Math.round((now - since) / 60_000)} min: its checks do not run there`
              : null,
        },
      };
      ids.push(...dispatchAlert({ ...deps, now }, alert, repo.recordCheckAlert(alert, now), channels));
    }
  }
  return ids;
}
