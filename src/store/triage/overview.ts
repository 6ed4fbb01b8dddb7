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
 * before …)", never an exact start.
 */

import { isPassive } from "../../contract/check-types.ts";
import type { AlertChannel } from "../../contract/schemas/alert-channels.ts";
import type { AlertNotification } from "../../contract/schemas/alert-notifications.ts";
import type { HeartbeatEvent } from "../../contract/schemas/heartbeats.ts";
import type { Incident } from "../../contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../contract/schemas/private-locations.ts";
import { channelTarget } from "../../contract/secrets.ts";
import type { CheckState } from "../../shared/check-state.ts";
import { formatAgo, thousands, toEpochMs } from "../../shared/format.ts";
import { type LastPass, lastPassHolds, lastPassKey } from "../data/last-pass.ts";
import type { CheckSummary, ResultSummary, StatusSummary } from "../data/summary.ts";
import { runReason } from "./reason.ts";
import {
  clockTime,
  formatAgeWords,
  locationStreaks,
  runAt,
  runState,
  type Since,
  sinceText,
  stateSince,
} from "./timeline.ts";

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
  results: readonly ResultSummary[] | undefined,
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
    resultsHeld: results !== undefined,
    since: undefined,
    sinceAfter: undefined,
    openStreaks: [],
    reason: undefined,
    locationsIn: undefined,
    locationsOf: configured > 0 ? configured : undefined,
    lastRunAt: row.statusAt,
  };
  if (!results) return out;
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

export type DeliveryProblem = "failed" | "rate limited" | "not sent" | "retrying";

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
  switch (n.status) {
    case "FAILURE":
      return "failed";
    case "RATE_LIMITED":
      return "rate limited";
    case "SKIPPED":
      return "not sent";
    case "IN_PROGRESS":
      // an attempt failed and another is due
      return (n.attemptCount ?? 0) > 1 || n.nextAttemptAt || n.lastError ? "retrying" : undefined;
    default:
      return undefined;
  }
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

// ---- the words (shared by the pane and the CLI) ----

const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

/**
 * The counts bar's parts: text and tone (the tone names the colour; the words carry the meaning). Failing,
 * degraded, passing, overdue heartbeats and open incidents always; the others when there are any.
 */
export function countsParts(
  c: OverviewCounts,
  overdue: number,
  openIncidents: number | undefined,
): { text: string; tone: "bad" | "warn" | "ok" | "muted" | undefined }[] {
  const parts: { text: string; tone: "bad" | "warn" | "ok" | "muted" | undefined }[] = [
    { text: `✖ ${thousands(c.failing)} failing`, tone: c.failing ? "bad" : undefined },
    { text: `▲ ${thousands(c.degraded)} degraded`, tone: c.degraded ? "warn" : undefined },
    { text: `✔ ${thousands(c.passing)} passing`, tone: c.passing ? "ok" : undefined },
  ];
  if (c.cannotRun) parts.push({ text: `⊘ ${thousands(c.cannotRun)} cannot run`, tone: "warn" });
  if (c.pending) parts.push({ text: `○ ${thousands(c.pending)} not run yet`, tone: "muted" });
  // none deactivated or muted is nothing to read: left out (a narrow terminal keeps the rest)
  if (c.deactivated) parts.push({ text: `⊘ ${thousands(c.deactivated)} deactivated`, tone: undefined });
  if (c.muted) parts.push({ text: `${thousands(c.muted)} muted`, tone: undefined });
  parts.push(
    { text: plural(overdue, "overdue heartbeat"), tone: overdue ? "bad" : undefined },
    {
      text: openIncidents === undefined ? "incidents: not read" : plural(openIncidents, "open incident"),
      tone: openIncidents ? "warn" : undefined,
    },
  );
  return parts;
}

export function countsLine(o: Overview): string {
  return countsParts(o.counts, o.heartbeats.length, o.incidents?.length)
    .map((p) => p.text)
    .join(" · ");
}

/**
 * The calm line when no check needs a look: "all 13 checks passing · last run 20 s ago" (deactivated and
 * not-yet-run checks said apart); undefined while something is failing, degraded or overdue.
 */
export function calmLine(c: OverviewCounts, overdue: number, now: number): string | undefined {
  if (c.failing || c.degraded || c.cannotRun || overdue) return undefined;
  if (c.checks === 0) return "no checks yet";
  const last = Number.isFinite(c.lastRunAt)
    ? ` · last run ${formatAgo(Math.min(c.lastRunAt, now), now)}`
    : "";
  const activeCount = c.checks - c.deactivated;
  const off = c.deactivated ? ` (${plural(c.deactivated, "deactivated", "deactivated")})` : "";
  if (activeCount === 0) return `no active checks${off}`;
  if (c.pending === activeCount) return `${plural(activeCount, "check")} not run yet${off}`;
  const scope = c.deactivated ? "active " : "";
  const head =
    c.pending > 0
      ? `${thousands(c.passing)} ${scope}checks passing, ${thousands(c.pending)} not run yet`
      : c.passing === 1
        ? `the ${scope}check is passing`
        : `all ${thousands(c.passing)} ${scope}checks passing`;
  return `✔ ${head}${off}${last}`;
}

/**
 * "failing for 12 min (since 09:41)" / "degraded for over 2 h (since before 07:10)" / with a pass found
 * before the streak "failing for over 2 h (since 06:52–07:10)": some time in that span; undefined: unknown.
 */
export function forText(
  state: string,
  since: Since | undefined,
  now: number,
  after?: number | undefined,
): string | undefined {
  if (!since) return undefined;
  if (since.exact || after === undefined) return `${state} for ${sinceText(since, now)}`;
  const at = Math.min(since.at, now);
  return `${state} for over ${formatAgeWords(now - at)} (since ${clockTime(after, now)}–${clockTime(at, now)})`;
}

/** "2 of 3 locations" / "1 of 1 location"; undefined when not known. */
export function locationsText(t: Pick<CheckTriage, "locationsIn" | "locationsOf">): string | undefined {
  if (t.locationsIn === undefined) return undefined;
  const of = t.locationsOf ?? t.locationsIn;
  return `${thousands(t.locationsIn)} of ${plural(of, "location")}`;
}

/** A check row's reason as shown: the reason, else why there is none (never a blank). */
export function reasonText(t: CheckTriage): string {
  if (t.reason) return t.reason;
  if (!t.resultsHeld) return "reading results…";
  return "not in the recent results";
}

/** "expected 09:41, 12 min late" pieces of an overdue heartbeat. */
export function heartbeatTexts(
  h: HeartbeatTriage,
  now: number,
): { expected: string; late: string; lastPing: string } {
  const expected = h.expectedAt === undefined ? undefined : h.expectedAt;
  return {
    expected: expected === undefined ? (h.eventsHeld ? "not known" : "…") : clockTime(expected, now),
    late:
      expected !== undefined
        ? formatAgeWords(now - expected)
        : h.since
          ? `overdue for ${sinceText(h.since, now)}`
          : h.eventsHeld
            ? "not known"
            : "…",
    lastPing:
      h.lastPingAt !== undefined
        ? `${clockTime(h.lastPingAt, now)} (${formatAgo(Math.min(h.lastPingAt, now), now)})`
        : !h.eventsHeld
          ? "reading events…"
          : h.pingsFrom !== undefined && h.pingsFrom > 0
            ? `none since ${clockTime(h.pingsFrom, now)}`
            : "none recorded",
  };
}

/** A delivery problem in words: "failed (3 in 24 h)", "retrying (attempt 3, next 09:45)". */
export function deliveryText(d: DeliveryTrouble, now: number): string {
  if (d.problem === "retrying") {
    const next = d.nextAttemptAt === undefined ? "" : `, next ${clockTime(d.nextAttemptAt, now)}`;
    return `retrying${d.attempts ? ` (attempt ${d.attempts}${next})` : next ? ` (${next.slice(2)})` : ""}`;
  }
  return d.failedCount > 1 ? `${d.problem} (${d.failedCount} recently)` : d.problem;
}

/** The check a delivery was about: its name, else that the log does not say. */
export function deliveryCheckText(d: Pick<DeliveryTrouble, "checkName">): string {
  return d.checkName ?? "check not recorded";
}

/** "#3 EMAIL ops@example.com" (or "#3" before the channels are read). */
export function channelText(d: DeliveryTrouble): string {
  return [`#${d.channelId}`, d.channelType, d.channelTarget].filter(Boolean).join(" ");
}

/** "3 checks", "1 check, 2 groups". */
export function assignedText(l: DeadLocation): string {
  const parts = [];
  if (l.checks) parts.push(plural(l.checks, "check"));
  if (l.groups) parts.push(plural(l.groups, "group"));
  return parts.join(", ");
}

/** The JSON of `vigil status --json`: the model with times as ISO strings and the texts shown. */
export function overviewJson(o: Overview, now: number) {
  const iso = (t: number | undefined) =>
    t === undefined || !Number.isFinite(t) ? null : new Date(Math.min(t, now)).toISOString();
  return {
    failing: somethingFailing(o),
    counts: {
      checks: o.counts.checks,
      failing: o.counts.failing,
      degraded: o.counts.degraded,
      passing: o.counts.passing,
      pending: o.counts.pending,
      cannotRun: o.counts.cannotRun,
      deactivated: o.counts.deactivated,
      muted: o.counts.muted,
      overdueHeartbeats: o.heartbeats.length,
      openIncidents: o.incidents?.length ?? null,
      lastRunAt: iso(o.counts.lastRunAt),
    },
    calm: calmLine(o.counts, o.heartbeats.length, now) ?? null,
    checks: o.checks.map((c) => ({
      id: c.id,
      name: c.name,
      checkType: c.checkType,
      state: c.state,
      muted: c.muted,
      since: c.since ? iso(c.since.at) : null,
      sinceExact: c.since ? c.since.exact : null,
      /** The streak began after this (a pass before it), when `since` is not exact and that is known. */
      sinceAfter: iso(c.sinceAfter),
      for: forText(c.state, c.since, now, c.sinceAfter) ?? null,
      locationsIn: c.locationsIn ?? null,
      locationsOf: c.locationsOf ?? null,
      reason: c.reason ?? null,
    })),
    heartbeats: o.heartbeats.map((h) => ({
      id: h.id,
      name: h.name,
      muted: h.muted,
      expectedAt: iso(h.expectedAt),
      lateByMs: h.expectedAt === undefined ? null : Math.max(0, now - h.expectedAt),
      lastPingAt: iso(h.lastPingAt),
      overdueSince: h.since ? iso(h.since.at) : null,
      overdueSinceExact: h.since ? h.since.exact : null,
    })),
    incidents:
      o.incidents?.map((i) => ({
        id: i.id,
        name: i.name,
        severity: i.severity,
        status: i.status,
        services: i.services,
        lastUpdateAt: iso(i.lastUpdateAt),
      })) ?? null,
    alertDeliveries:
      o.deliveries?.map((d) => ({
        channelId: d.channelId,
        channelType: d.channelType ?? null,
        channelTarget: d.channelTarget ?? null,
        problem: d.problem,
        error: d.error ?? null,
        at: iso(d.at),
        attempts: d.attempts ?? null,
        nextAttemptAt: d.nextAttemptAt === undefined ? null : new Date(d.nextAttemptAt).toISOString(),
        failedCount: d.failedCount,
        checkName: d.checkName ?? null,
      })) ?? null,
    privateLocations:
      o.locations?.map((l) => ({
        id: l.id,
        name: l.name,
        slugName: l.slug,
        checks: l.checks,
        groups: l.groups,
        lastSeenAt: iso(l.lastSeenAt),
      })) ?? null,
  };
}
