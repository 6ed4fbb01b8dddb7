/**
 * The overview: what is broken, why, since when, and who knows — one pure model that the console's landing
 * pane (src/tui/panes/overview/) and `vigil status` (src/cli/commands/status.ts) both draw. No Ink, no
 * network: the inputs are what the store holds (or what the CLI read), `now` only where a text needs it.
 *
 * Sections:
 * - counts: failing · degraded · passing · deactivated · muted · overdue heartbeats · open incidents
 *   (a deactivated check counts as deactivated only: it does not run, whatever its last state said);
 * - checks that need a look (active, not heartbeats): failing, then degraded, then "cannot run"; unmuted
 *   before muted (someone silenced those), then by name. The order never depends on the results held, so
 *   rows do not jump while the results of the rows on screen arrive. Each row's since / reason / locations
 *   come from its held results (`checkTriage`), computed only for the rows shown;
 * - overdue heartbeats: heartbeat checks whose state is failing, with when a ping was expected (the last
 *   real ping + period), how late it is, and that last ping (a FAILING event is not a ping);
 * - open incidents (not RESOLVED): severity, status, services, age of the last update; worst severity first;
 * - alert delivery trouble: channels whose newest delivery failed, was rate limited, was not sent, or is
 *   being retried, with its error;
 * - private locations with checks (or groups) assigned and no live agent: their checks do not run.
 *
 * "Since" is always true (triage/timeline.ts): a streak older than the results held is "over … (since
 * before …)", never an exact start. The words the pane and the CLI show for all this: overview-text.ts.
 */

import { channelTarget } from "../../contract/channel-types.ts";
import { isPassive } from "../../contract/check-types.ts";
import type { AlertChannel } from "../../contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../contract/schemas/private-locations.ts";
import type { CheckState } from "../../shared/check-state.ts";
import { toEpochMs } from "../../shared/format.ts";
import { type LastPass, lastPassHolds, lastPassKey } from "../data/last-pass.ts";
import type { CheckSummary, ResultSummary, StatusSummary } from "../data/summary.ts";
import { type DeliveryState, deliveryState } from "./delivery-state.ts";
import { runReason } from "./reason.ts";
import { atLocations, locationStreaks, runAt, runState, type Since, stateSince } from "./timeline.ts";

/** A check joined with its status (what selectors.ts's `allCheckRows` gives; the CLI builds the same). */
export type OverviewCheck = {
  id: string;
  check: CheckSummary;
  status: StatusSummary | undefined;
  health: CheckState;
  /** Epoch ms of the status's last run, NaN when unknown. */
  statusAt: number;
};

export type TriageState = "failing" | "degraded" | "cannot run";

export type OverviewCounts = {
  checks: number;
  failing: number;
  degraded: number;
  passing: number;
  pending: number;
  cannotRun: number;
  deactivated: number;
  muted: number;
  /** The newest run of any check (epoch ms), NaN when none ran. */
  lastRunAt: number;
};

const isHeartbeat = (c: OverviewCheck) => isPassive(c.check.checkType);
const active = (c: OverviewCheck) => c.check.activated !== false;

/** The counts of the checks (heartbeats included). */
export function overviewCounts(rows: readonly OverviewCheck[]): OverviewCounts {
  const n: OverviewCounts = {
    checks: rows.length,
    failing: 0,
    degraded: 0,
    passing: 0,
    pending: 0,
    cannotRun: 0,
    deactivated: 0,
    muted: 0,
    lastRunAt: Number.NaN,
  };
  let last = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    countRow(n, r, 1);
    if (r.statusAt > last) last = r.statusAt;
  }
  n.lastRunAt = Number.isFinite(last) ? last : Number.NaN;
  return n;
}

/** Add (1) or take away (-1) one check's share of the counts — all but `checks` and `lastRunAt`. */
export function countRow(n: OverviewCounts, r: OverviewCheck, sign: 1 | -1): void {
  if (r.check.muted === true) n.muted += sign;
  if (!active(r)) n.deactivated += sign;
  else if (r.health === "failing") n.failing += sign;
  else if (r.health === "degraded") n.degraded += sign;
  else if (r.health === "passing") n.passing += sign;
  else if (r.health === "cannot run") n.cannotRun += sign;
  else n.pending += sign;
}

const RANK: Record<string, number> = { failing: 0, degraded: 1, "cannot run": 2 };

function byName(a: OverviewCheck, b: OverviewCheck): number {
  const x = a.check.name.toLowerCase();
  const y = b.check.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** An active check (not a heartbeat) that is failing, degraded or cannot run: it needs a look. */
export const needsAttention = (r: OverviewCheck): boolean =>
  active(r) && !isHeartbeat(r) && RANK[r.health] !== undefined;

/** The order of the checks that need a look: worst first, unmuted first, by name (module comment). */
export const attentionOrder = (a: OverviewCheck, b: OverviewCheck): number =>
  (RANK[a.health] as number) - (RANK[b.health] as number) ||
  Number(a.check.muted === true) - Number(b.check.muted === true) ||
  byName(a, b);

/** Active checks (not heartbeats) that are failing, degraded or cannot run, worst first (module comment). */
export function attentionChecks(rows: readonly OverviewCheck[]): OverviewCheck[] {
  return rows.filter(needsAttention).sort(attentionOrder);
}

/** An active heartbeat check whose state is failing (no ping within period + grace). */
export const isOverdue = (r: OverviewCheck): boolean => active(r) && isHeartbeat(r) && r.health === "failing";

/** The order of the overdue heartbeats: unmuted first, by name. */
export const overdueOrder = (a: OverviewCheck, b: OverviewCheck): number =>
  Number(a.check.muted === true) - Number(b.check.muted === true) || byName(a, b);

/** Active heartbeat checks whose state is failing (no ping within period + grace), unmuted first, by name. */
export function overdueHeartbeats(rows: readonly OverviewCheck[]): OverviewCheck[] {
  return rows.filter(isOverdue).sort(overdueOrder);
}

/** One check that needs a look, with what its held results say. */
export type CheckTriage = {
  id: string;
  name: string;
  checkType: string;
  state: TriageState;
  muted: boolean;
  /** Results of the check are held (undefined: not read yet, so since / reason / locations are unknown). */
  resultsHeld: boolean;
  /** Since when it is in its state; undefined when the results held do not show it (yet). */
  since: Since | undefined;
  /**
   * With a `since` that is not exact: the streak began after this (a pass found before it by asking the
   * service, see last-pass.ts), epoch ms; undefined when not known.
   */
  sinceAfter: number | undefined;
  /** Failing locations whose streak is older than the results held: what to ask the last pass for. */
  openStreaks: { location: string; before: number }[];
  /** Why, in one line (raw: sanitise before printing); undefined when the results held do not say. */
  reason: string | undefined;
  /** Locations whose newest result is in the state, and of how many (configured, or seen). */
  locationsIn: number | undefined;
  locationsOf: number | undefined;
  /** The status's last run (epoch ms), NaN when unknown. */
  lastRunAt: number;
};

/**
 * A check's triage from its held results (newest first or in any order; FINAL ones count) and, for a
 * failing streak older than them, the last passes found before it (`lastPass` of a location). Pure; the
 * console calls it only for the rows on screen.
 */
export function checkTriage(
  row: OverviewCheck,
  held: readonly ResultSummary[] | undefined,
  lastPass?: (location: string) => LastPass | undefined,
): CheckTriage {
  const state = (RANK[row.health] === undefined ? "failing" : row.health) as TriageState;
  const configured = (row.check.locations?.length ?? 0) + (row.check.privateLocations?.length ?? 0);
  const out: CheckTriage = {
    id: row.id,
    name: row.check.name,
    checkType: String(row.check.checkType),
    state,
    muted: row.check.muted === true,
    resultsHeld: held !== undefined,
    since: undefined,
    sinceAfter: undefined,
    openStreaks: [],
    reason: undefined,
    locationsIn: undefined,
    locationsOf: configured > 0 ? configured : undefined,
    lastRunAt: row.statusAt,
  };
  if (!held) return out;
  const results = atLocations(held, row.check);
  const since = stateSince(results, state);
  if (since) {
    out.since = since;
    out.locationsIn = since.locationsIn;
    out.locationsOf = Math.max(configured, since.locationsSeen);
    if (!since.exact && state === "failing")
      bound(out, since, locationStreaks(results, state).streaks, lastPass);
  }
  // the reason: the newest FINAL result in the check's state
  let newest: ResultSummary | undefined;
  let newestAt = Number.NEGATIVE_INFINITY;
  for (const r of results) {
    if (r.resultType === "ATTEMPT" || runState(r) !== state) continue;
    const at = runAt(r);
    if (newest === undefined || at > newestAt) {
      newest = r;
      newestAt = at;
    }
  }
  if (newest) out.reason = runReason(newest, row.check);
  return out;
}

/**
 * A failing streak older than the results held, bounded by the last passes before it: the check began
 * failing at the earliest of its locations' starts, each after that location's last pass — so after the
 * earliest of those bounds (`sinceAfter`), or exactly at a known start no pass comes after. Without a
 * pass for every such location nothing more is claimed than "since before".
 */
function bound(
  out: CheckTriage,
  since: Since,
  streaks: readonly { location: string; start: number; exact: boolean }[],
  lastPass: ((location: string) => LastPass | undefined) | undefined,
): void {
  out.openStreaks = streaks.filter((s) => !s.exact).map((s) => ({ location: s.location, before: s.start }));
  if (!lastPass) return;
  let exactStart = Number.POSITIVE_INFINITY;
  let after = Number.POSITIVE_INFINITY;
  for (const s of streaks) {
    if (s.exact) {
      exactStart = Math.min(exactStart, s.start);
      continue;
    }
    const p = lastPass(s.location);
    if (!p || p.at === null || !lastPassHolds(p, s.start)) return;
    after = Math.min(after, p.at);
  }
  if (exactStart <= after) out.since = { ...since, at: exactStart, exact: true };
  else out.sinceAfter = after;
}

/** An overdue heartbeat with what its events and results say. */
export type HeartbeatTriage = {
  id: string;
  name: string;
  muted: boolean;
  /** The heartbeat events were read (undefined: not yet, so the last ping is unknown). */
  eventsHeld: boolean;
  /** The newest real ping (epoch ms); undefined when none is in the events held (`pingsFrom` on). */
  lastPingAt: number | undefined;
  /** The start of the events held (epoch ms): "no ping since …". */
  pingsFrom: number | undefined;
  /** When the next ping was expected: the last ping + period; undefined when either is unknown. */
  expectedAt: number | undefined;
  periodMs: number | undefined;
  graceMs: number | undefined;
  /** Overdue since (from its FAILING results), when held. */
  since: Since | undefined;
  lastRunAt: number;
};

export function heartbeatTriage(
  row: OverviewCheck,
  results: readonly ResultSummary[] | undefined,
  events: { events: readonly HeartbeatEvent[]; from: number } | undefined,
): HeartbeatTriage {
  let lastPingAt: number | undefined;
  for (const e of events?.events ?? []) {
    if (e.state === "FAILING") continue;
    const at = toEpochMs(e.timestamp);
    if (Number.isFinite(at) && (lastPingAt === undefined || at > lastPingAt)) lastPingAt = at;
  }
  const periodMs = row.check.heartbeatPeriodMs;
  return {
    id: row.id,
    name: row.check.name,
    muted: row.check.muted === true,
    eventsHeld: events !== undefined,
    lastPingAt,
    pingsFrom: events?.from,
    expectedAt: lastPingAt !== undefined && periodMs !== undefined ? lastPingAt + periodMs : undefined,
    periodMs,
    graceMs: row.check.heartbeatGraceMs,
    since: results ? stateSince(results, "failing") : undefined,
    lastRunAt: row.statusAt,
  };
}

export type OpenIncident = {
  id: string;
  name: string;
  severity: string;
  status: string;
  services: string[];
  /** The newest update's time (epoch ms), else the incident's; NaN when none parses. */
  lastUpdateAt: number;
};

const SEVERITY: Record<string, number> = { CRITICAL: 0, MAJOR: 1, MEDIUM: 2, MINOR: 3 };

function lastUpdateOf(i: Incident): number {
  let at = Number.NEGATIVE_INFINITY;
  for (const u of i.incidentUpdates ?? []) {
    const t = toEpochMs(u.publicIncidentUpdateDate ?? u.created_at);
    if (t > at) at = t;
  }
  if (Number.isFinite(at)) return at;
  const t = toEpochMs(i.updated_at ?? i.created_at);
  return Number.isFinite(t) ? t : Number.NaN;
}

/** Incidents not RESOLVED: the worst severity first, then the most recently updated. */
export function openIncidents(items: readonly Incident[]): OpenIncident[] {
  return items
    .filter((i) => i.lastUpdateStatus !== "RESOLVED")
    .map((i) => ({
      id: i.id,
      name: i.name,
      severity: String(i.severity),
      status: String(i.lastUpdateStatus),
      services: (i.services ?? []).map((s) => s.name ?? s.id),
      lastUpdateAt: lastUpdateOf(i),
    }))
    .sort(
      (a, b) =>
        (SEVERITY[a.severity] ?? 9) - (SEVERITY[b.severity] ?? 9) ||
        (Number.isFinite(b.lastUpdateAt) ? b.lastUpdateAt : 0) -
          (Number.isFinite(a.lastUpdateAt) ? a.lastUpdateAt : 0),
    );
}

/** A delivery in trouble, in the words of delivery-state.ts. */
export type DeliveryProblem = Exclude<DeliveryState, "sent" | "sending">;

export type DeliveryTrouble = {
  channelId: number;
  /** The channel's type and target (secrets masked), when the channels are loaded. */
  channelType: string | undefined;
  channelTarget: string | undefined;
  problem: DeliveryProblem;
  /** The newest delivery's error (raw), or undefined when it recorded none. */
  error: string | undefined;
  /** When the newest delivery was made (epoch ms), NaN when unknown. */
  at: number;
  attempts: number | undefined;
  /** The next attempt of a delivery being retried (epoch ms). */
  nextAttemptAt: number | undefined;
  /** Deliveries of this channel that did not go out, among those read. */
  failedCount: number;
  /** The check the newest delivery was about (name), when the log says. */
  checkName: string | undefined;
};

const FAILED_STATUSES = new Set(["FAILURE", "RATE_LIMITED", "SKIPPED"]);

function problemOf(n: AlertNotification): DeliveryProblem | undefined {
  const state = deliveryState(n);
  return state === "sent" || state === "sending" ? undefined : state;
}

function errorOf(n: AlertNotification): string | undefined {
  const last = [...(n.attempts ?? [])].reverse().find((a) => a.error);
  const text = n.lastError || last?.error || n.notificationResult || undefined;
  return text ? (text.split("\n").find((l) => l.trim() !== "") ?? text).trim() : undefined;
}

/**
 * Channels in trouble: the newest delivery of each channel (by time) failed, was rate limited, was not
 * sent, or is being retried. Newest trouble first.
 */
export function deliveryTrouble(
  notifications: readonly AlertNotification[],
  channels: readonly AlertChannel[] = [],
): DeliveryTrouble[] {
  const newest = new Map<number, { n: AlertNotification; at: number }>();
  const failed = new Map<number, number>();
  for (const n of notifications) {
    const id = n.alertChannelId;
    if (typeof id !== "number") continue;
    if (n.status && FAILED_STATUSES.has(n.status)) failed.set(id, (failed.get(id) ?? 0) + 1);
    const at = toEpochMs(n.timestamp);
    const held = newest.get(id);
    if (!held || (Number.isFinite(at) && !(at <= held.at))) newest.set(id, { n, at });
  }
  const byId = new Map(channels.map((c) => [c.id, c]));
  const out: DeliveryTrouble[] = [];
  for (const [id, { n, at }] of newest) {
    const problem = problemOf(n);
    if (!problem) continue;
    const ch = byId.get(id);
    const next = toEpochMs(n.nextAttemptAt);
    out.push({
      channelId: id,
      channelType: ch ? String(ch.type) : undefined,
      channelTarget: ch ? channelTarget(ch) || undefined : undefined,
      problem,
      error: errorOf(n),
      at,
      attempts: n.attemptCount ?? (n.attempts?.length || undefined),
      nextAttemptAt: Number.isFinite(next) ? next : undefined,
      failedCount: failed.get(id) ?? 0,
      checkName: n.checkName ?? undefined,
    });
  }
  return out.sort((a, b) => (Number.isFinite(b.at) ? b.at : 0) - (Number.isFinite(a.at) ? a.at : 0));
}

export type DeadLocation = {
  id: string;
  name: string;
  slug: string;
  checks: number;
  groups: number;
  /** The last contact of any of its agents (epoch ms); undefined: never. */
  lastSeenAt: number | undefined;
};

/**
 * Private locations with checks or groups assigned and no live agent (agentCount 0). A location whose
 * agent count is not known (a service that does not say) is not listed: nothing is claimed about it.
 */
export function deadLocations(items: readonly PrivateLocation[]): DeadLocation[] {
  return items
    .filter(
      (l) => l.agentCount === 0 && (l.checkAssignments?.length ?? 0) + (l.groupAssignments?.length ?? 0) > 0,
    )
    .map((l) => {
      const seen = toEpochMs(l.lastSeen);
      return {
        id: l.id,
        name: l.name,
        slug: l.slugName,
        checks: l.checkAssignments?.length ?? 0,
        groups: l.groupAssignments?.length ?? 0,
        lastSeenAt: Number.isFinite(seen) ? seen : undefined,
      };
    })
    .sort((a, b) => b.checks - a.checks || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// ---- the whole overview (what `vigil status` prints; the console builds it from memoised parts) ----

export type OverviewInput = {
  checks: readonly OverviewCheck[];
  /** Held results per check id (newest first or in any order). */
  results: ReadonlyMap<string, readonly ResultSummary[]>;
  /** Held heartbeat events per heartbeat check id, and the start of the window they cover (epoch ms). */
  heartbeats: ReadonlyMap<string, { events: readonly HeartbeatEvent[]; from: number }>;
  /** undefined: not read (the section says so instead of claiming "none"). */
  incidents: readonly Incident[] | undefined;
  notifications: readonly AlertNotification[] | undefined;
  channels: readonly AlertChannel[] | undefined;
  privateLocations: readonly PrivateLocation[] | undefined;
  /** The last passes found before failing streaks older than the results held (last-pass.ts), by lastPassKey. */
  lastPasses?: ReadonlyMap<string, LastPass>;
};

export type Overview = {
  counts: OverviewCounts;
  checks: CheckTriage[];
  heartbeats: HeartbeatTriage[];
  incidents: OpenIncident[] | undefined;
  deliveries: DeliveryTrouble[] | undefined;
  locations: DeadLocation[] | undefined;
};

export function buildOverview(input: OverviewInput): Overview {
  return {
    counts: overviewCounts(input.checks),
    checks: attentionChecks(input.checks).map((r) =>
      checkTriage(r, input.results.get(r.id), (loc) => input.lastPasses?.get(lastPassKey(r.id, loc))),
    ),
    heartbeats: overdueHeartbeats(input.checks).map((r) =>
      heartbeatTriage(r, input.results.get(r.id), input.heartbeats.get(r.id)),
    ),
    incidents: input.incidents && openIncidents(input.incidents),
    deliveries: input.notifications && deliveryTrouble(input.notifications, input.channels),
    locations: input.privateLocations && deadLocations(input.privateLocations),
  };
}

/** Something is failing: an active check failing, or a heartbeat overdue (`vigil status` exits 1). */
export const somethingFailing = (o: Pick<Overview, "counts">): boolean => o.counts.failing > 0;
