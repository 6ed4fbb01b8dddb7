/**
 * What the screen needs, as poller jobs with per-resource intervals: the shown pane's jobs come from its
 * spec (`jobs` in src/tui/panes/<pane>/index.ts, passed in as `paneJobs`, since the store does not know
 * the panes), built from the kit below; the planner adds the liveness probe and what an open form needs.
 *
 * Check results live in a tighter route family (60 / 60 s), so per-row results refresh once a minute and
 * only for at most `maxResultRows` rows on screen — and at once when a check's status says a run finished
 * since (resultsBehind; at most 20 such early reads a minute, the poller's `earlyRuns`).
 *
 * Liveness: one cheap probe (GET /v1/locations) every 4 s whatever the pane, so a service that went away
 * shows as offline within ~4 s even when no other request is due (statuses come every 10 s). While the
 * service is unreachable (connection "offline"), nothing else runs: only the probe, on a short backoff —
 * 1 s, 2 s, then every 4 s — so the console notices within a few seconds that the service answers again,
 * with fewer requests than it sends when online.
 */

import { toEpochMs } from "../../shared/format.ts";
import type { Loaders } from "../data/loaders.ts";
import type { ListKey } from "../data/types.ts";
import { readsServices } from "../forms/types.ts";
import type { ConsoleState } from "../state.ts";
import type { Job, Planner } from "./poller.ts";

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

/**
 * A check's results held are behind its status: the status says a run ended (updated_at) after the newest
 * result held, and after the status they were read with — so a run finished since they were read, and
 * RESP, LAST RUN and the detail's strip would lag it by up to a minute. Read again at once (the poller's
 * `stale`, within its budget of early runs): only for the rows on screen and the open detail (the jobs
 * the panes ask for), and once per change of the status. Both times are the service's (no clock skew).
 */
export function resultsBehind(s: ConsoleState, checkId: string): boolean {
  return heldBehindStatus(s, checkId, s.results.byCheck.get(checkId));
}

/**
 * The rule of resultsBehind for any results of a check held newest first with the status they were read
 * with (the rows' results, the results drill-down's pages).
 */
export function heldBehindStatus(
  s: ConsoleState,
  checkId: string,
  entry:
    | {
        items: readonly {
          stoppedAt?: string | null | undefined;
          startedAt?: string | null | undefined;
          created_at?: string | null | undefined;
        }[];
        loadedAt: number | undefined;
        error: string | undefined;
        statusAt?: number | undefined;
      }
    | undefined,
): boolean {
  if (!entry || entry.loadedAt === undefined || entry.error !== undefined) return false;
  const at = toEpochMs(s.statuses.byId.get(checkId)?.updated_at);
  if (!Number.isFinite(at)) return false;
  if (entry.statusAt !== undefined && at <= entry.statusAt) return false;
  const newest = entry.items[0];
  const newestAt = toEpochMs(newest?.stoppedAt ?? newest?.startedAt ?? newest?.created_at);
  return !(newestAt >= at);
}

/** The jobs a pane's spec builds its plan from (src/tui/panes/<pane>/index.ts `jobs`). */
export type JobKit = {
  loaders: Loaders;
  intervals: Intervals;
  /** At most this many rows on screen get their results read. */
  maxResultRows: number;
  checks: Job;
  statuses: Job;
  list: (key: ListKey) => Job;
  /** A single read at the lists' pace. */
  one: (key: string, run: () => Promise<void>) => Job;
  results: (checkId: string) => Job;
};

/** The shown pane's jobs (the pane registry's, src/tui/panes/registry.ts). */
export type PaneJobs = (s: ConsoleState, kit: JobKit) => Job[];

export function createPlanner(
  loaders: Loaders,
  paneJobs: PaneJobs,
  intervals: Intervals = DEFAULT_INTERVALS,
  opts: { maxResultRows?: number } = {},
): Planner {
  // Lists are read at the lists' pace, but for the private locations: agents come and go within seconds
  // (one counts as alive for 30 s after its last call) and the overview says which location has none, so
  // that list is read at the statuses' pace wherever it is shown (the overview, pane 8) — at the lists'
  // pace a fresh demo's overview said "no agent ever seen" for up to 30 s of an agent alive from its third.
  const list: JobKit["list"] = (key) => ({
    key,
    intervalMs: key === "privateLocations" ? intervals.statuses : intervals.lists,
    run: () => loaders[key](),
  });
  const kit: JobKit = {
    loaders,
    intervals,
    maxResultRows: opts.maxResultRows ?? 40,
    checks: { key: "checks", intervalMs: intervals.checks, run: (sig) => loaders.checks(sig) },
    statuses: { key: "statuses", intervalMs: intervals.statuses, run: (sig) => loaders.statuses(sig) },
    list,
    one: (key, run) => ({ key, intervalMs: intervals.lists, run }),
    results: (id) => ({
      key: `results:${id}`,
      intervalMs: intervals.results,
      afterRest: true,
      stale: (s) => resultsBehind(s, id),
      run: (sig) => loaders.results(id, sig),
    }),
  };
  const probe: Job = {
    key: "probe",
    intervalMs: PROBE_MAX_MS,
    maxBackoffMs: PROBE_MAX_MS,
    run: (sig) => loaders.probe(sig),
  };

  return (s) => {
    if (s.activity.connection === "offline") return [probe];
    const jobs: Job[] = [probe, ...paneJobs(s, kit)];
    // a form with a services picker needs the services, whatever the pane
    const f = s.work.form;
    if (f && readsServices(f) && !jobs.some((j) => j.key === "services")) jobs.push(list("services"));
    return jobs;
  };
}
