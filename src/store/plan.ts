/**
 * What the visible pane needs, as poller jobs with per-resource intervals:
 *
 * | pane | jobs |
 * |---|---|
 * | checks list | checks, statuses, results of the rows on screen (their last response time) |
 * | check detail | checks, statuses, results of that check, alert channels (subscription names) |
 * | sessions | — (each session is followed by its own long-poll, see actions.ts) |
 * | analytics | checks, statuses, the report of the shown check and query |
 * | heartbeats | checks, the events of the shown heartbeat check |
 * | incidents | the list, the services (pickers); detail: the incident (full history) |
 * | alert channels | the list, checks (subscription names) |
 * | status pages | the list; detail: the page (cards, services), checks and statuses |
 * | private locations | the list; detail: the location (agents, last seen), checks |
 *
 * Check results live in a tighter route family (60 / 60 s), so per-row results refresh once a minute and
 * only for at most `maxResultRows` rows on screen.
 *
 * Liveness: one cheap probe (GET /v1/locations) every 4 s whatever the pane, so a service that went away
 * shows as offline within ~4 s even when no other request is due (statuses come every 10 s). While the
 * service is unreachable (connection "offline"), nothing else runs: only the probe, on a short backoff —
 * 1 s, 2 s, then every 4 s — so the console notices within a few seconds that the service answers again,
 * with fewer requests than it sends when online.
 */

import { analyticsKey } from "./analytics-query.ts";
import { statusPageRows } from "./lists.ts";
import type { Loaders } from "./loaders.ts";
import { analyticsKind, paneCheck } from "./pane-selectors.ts";
import type { Job, Planner } from "./poller.ts";
import { visibleCheckRows } from "./selectors.ts";

export type Intervals = {
  checks: number;
  statuses: number;
  results: number;
  analytics: number;
  heartbeats: number;
  lists: number;
};

/**
 * The full checks list (100 per request: 100 requests for 10,000 checks) is read every 5 minutes, `r`, or
 * soon after a status names a check the list lacks; the statuses (one request) every 10 s.
 */
export const DEFAULT_INTERVALS: Intervals = {
  checks: 300_000,
  statuses: 10_000,
  results: 60_000,
  analytics: 60_000,
  heartbeats: 30_000,
  lists: 30_000,
};

/** The longest wait between two probes while offline. */
export const PROBE_MAX_MS = 4000;

export function createPlanner(
  loaders: Loaders,
  intervals: Intervals = DEFAULT_INTERVALS,
  opts: { maxResultRows?: number } = {},
): Planner {
  const maxRows = opts.maxResultRows ?? 40;
  const checks: Job = { key: "checks", intervalMs: intervals.checks, run: (sig) => loaders.checks(sig) };
  const statuses: Job = {
    key: "statuses",
    intervalMs: intervals.statuses,
    run: (sig) => loaders.statuses(sig),
  };
  const one = (key: string, run: () => Promise<void>): Job => ({ key, intervalMs: intervals.lists, run });
  const list = (
    key: "incidents" | "alertChannels" | "statusPages" | "privateLocations" | "services",
  ): Job => ({
    key,
    intervalMs: intervals.lists,
    run: () => loaders[key](),
  });
  const results = (id: string): Job => ({
    key: `results:${id}`,
    intervalMs: intervals.results,
    afterRest: true,
    run: (sig) => loaders.results(id, sig),
  });

  const probe: Job = {
    key: "probe",
    intervalMs: PROBE_MAX_MS,
    maxBackoffMs: PROBE_MAX_MS,
    run: (sig) => loaders.probe(sig),
  };

  return (s) => {
    if (s.ui.connection === "offline") return [probe];
    const jobs: Job[] = [probe];
    switch (s.ui.pane) {
      case "checks": {
        jobs.push(checks, statuses);
        const detail = s.ui.detail.checks;
        if (detail) {
          jobs.push(
            { key: `check:${detail}`, intervalMs: intervals.lists, run: (sig) => loaders.check(detail, sig) },
            results(detail),
            list("alertChannels"),
          );
        } else if (s.checks.loadedAt !== undefined) {
          const rows = visibleCheckRows(s);
          const { first, count } = s.ui.checksWindow;
          for (const r of rows.slice(first, first + Math.min(count, maxRows))) {
            if (r.check.checkType !== "HEARTBEAT") jobs.push(results(r.id));
          }
        }
        break;
      }
      case "sessions":
        break;
      case "analytics": {
        jobs.push(checks, statuses);
        const row = paneCheck(s, "analytics");
        const kind = analyticsKind(row?.check.checkType);
        if (row && kind) {
          const o = s.ui.analytics;
          jobs.push({
            key: `analytics:${analyticsKey(row.id, o)}`,
            // A custom window does not move: load it once.
            intervalMs: o.range === "custom" ? Number.POSITIVE_INFINITY : intervals.analytics,
            afterRest: true,
            run: (sig) => loaders.analytics(row.id, kind, o, sig),
          });
        }
        break;
      }
      case "heartbeats": {
        jobs.push(checks);
        const row = paneCheck(s, "heartbeats");
        if (row)
          jobs.push({
            key: `heartbeats:${row.id}`,
            intervalMs: intervals.heartbeats,
            afterRest: true,
            run: (sig) => loaders.heartbeats(row.id, sig),
          });
        break;
      }
      case "incidents": {
        jobs.push(list("incidents"), list("services"));
        const id = s.ui.detail.incidents;
        if (id) jobs.push(one(`incident:${id}`, () => loaders.incident(id)));
        break;
      }
      case "alerts":
        jobs.push(list("alertChannels"), checks);
        if (s.ui.detail.alerts) jobs.push(one("variables", () => loaders.variables()));
        break;
      case "pages": {
        jobs.push(list("statusPages"));
        const id = s.ui.detail.pages;
        // the cursor on the last row and more behind the cursor: read the next page
        const next = s.statusPages.nextId;
        if (!id && next && (s.ui.cursor.pages ?? 0) >= statusPageRows(s).length - 1)
          jobs.push({
            key: `pages-more:${next}`,
            intervalMs: Number.POSITIVE_INFINITY,
            run: () => loaders.moreStatusPages(),
          });
        if (id)
          jobs.push(
            one(`page:${id}`, () => loaders.statusPage(id)),
            checks,
            statuses,
          );
        break;
      }
      case "locations": {
        // agents come and go within seconds: the list (agent count, last seen) is read at the status pace
        jobs.push({ ...list("privateLocations"), intervalMs: intervals.statuses });
        const id = s.ui.detail.locations;
        if (id)
          jobs.push(
            { ...one(`location:${id}`, () => loaders.privateLocation(id)), intervalMs: intervals.statuses },
            checks,
          );
        break;
      }
    }
    // a form with a services picker needs the services, whatever the pane
    const f = s.work.form;
    if (f && (f.kind === "incident" || f.kind === "incident-edit") && s.ui.pane !== "incidents")
      jobs.push(list("services"));
    return jobs;
  };
}
