/**
 * Since when: a check's state changes, derived from its results (the hosted API has no "failing since"
 * field; api-notes §3.3). Only FINAL results count (an ATTEMPT that a retry overturned changed nothing).
 *
 * Each location has its own history: a check that fails in eu-west-1 and passes in us-east-1 is failing
 * (the status says so) but neither location's streak is broken by the other's runs. So:
 * - a location's state is its newest FINAL result's, and its streak starts at the oldest result of the
 *   unbroken run of that state that ends with the newest;
 * - the check's state is the worst of its locations' (failing > degraded > passing, "cannot run" only
 *   when no location has a verdict — the rule vigil's service decides its status by);
 * - the check has been failing, degraded or unable to run since the EARLIEST streak start among the
 *   locations now in that state; passing — which it is only while every location with a verdict passes
 *   — since the LATEST (the last location to come back);
 * - when a location's every held result is in that state, the streak began no later than what is held:
 *   the time is a bound (`exact: false`), never presented as the start — "since before 09:42" names the
 *   minute after the oldest result held (00:59:01 → "before 01:00"), never a time before it — unless the
 *   results held are shown to begin at the check's first run (`heldFromFirstRun`): then that run is the
 *   start, and only then is "since its first run" said.
 */

import type { CheckState } from "../../shared/check-state.ts";
import { toEpochMs } from "../../shared/format.ts";

/** The state one run left its check in (a run is never "pending"). */
export type RunState = Exclude<CheckState, "pending">;

/** What the timeline reads of a result: flags, type, where and when. */
export type TimelineInput = {
  hasFailures?: boolean | null | undefined;
  hasErrors?: boolean | null | undefined;
  isDegraded?: boolean | null | undefined;
  isCancelled?: boolean | null | undefined;
  resultType?: string | null | undefined;
  runLocation?: string | null | undefined;
  startedAt?: string | null | undefined;
  stoppedAt?: string | null | undefined;
  created_at?: string | null | undefined;
};

/**
 * The results of the locations a check runs in now (its `locations` and `privateLocations`): a location
 * taken off the check no longer counts, as in vigil's service. The results unchanged (the same array) when
 * the check lists no location, when every result is of one it lists, or when none is (it was just moved:
 * what it did last is all there is).
 */
export function atLocations<T extends TimelineInput>(
  results: readonly T[],
  check: { locations?: readonly string[] | null; privateLocations?: readonly string[] | null },
): readonly T[] {
  const where = new Set([...(check.locations ?? []), ...(check.privateLocations ?? [])]);
  if (where.size === 0 || results.every((r) => where.has(r.runLocation ?? ""))) return results;
  const kept = results.filter((r) => where.has(r.runLocation ?? ""));
  return kept.some((r) => r.resultType !== "ATTEMPT") ? kept : results;
}

export function runState(r: TimelineInput): RunState {
  if (r.isCancelled) return "cannot run";
  if (r.hasFailures || r.hasErrors) return "failing";
  if (r.isDegraded) return "degraded";
  return "passing";
}

/** When a run happened (epoch ms): it started, else it stopped, else it was stored; NaN if unknown. */
export function runAt(r: TimelineInput): number {
  for (const t of [r.startedAt, r.stoppedAt, r.created_at]) {
    const ms = toEpochMs(t);
    if (Number.isFinite(ms)) return ms;
  }
  return Number.NaN;
}

const isFinal = (r: TimelineInput) => r.resultType !== "ATTEMPT";

/** FINAL results with a known time, oldest first (the input may come in any order). */
function chronological<T extends TimelineInput>(results: readonly T[]): { r: T; at: number }[] {
  return results
    .filter(isFinal)
    .map((r) => ({ r, at: runAt(r) }))
    .filter((x) => Number.isFinite(x.at))
    .sort((a, b) => a.at - b.at);
}

/** A change of a check's state: from `from` to `to` at `at`, seen first in `location`. */
export type Transition = {
  at: number;
  from: RunState | undefined;
  to: RunState;
  location: string | undefined;
};

/**
 * The check's state changes, oldest first. The check's state after each run is the worst of its
 * locations' latest states (failing > degraded > passing > cannot run), so a location that keeps failing
 * is not "recovered" by another location's pass. The first entry has `from: undefined` (the state when
 * the held history starts).
 */
export function stateTimeline(results: readonly TimelineInput[]): Transition[] {
  const latest = new Map<string, RunState>();
  const out: Transition[] = [];
  let current: RunState | undefined;
  for (const { r, at } of chronological(results)) {
    latest.set(r.runLocation ?? "", runState(r));
    const state = worst(latest.values());
    if (state !== current) {
      out.push({ at, from: current, to: state, location: r.runLocation ?? undefined });
      current = state;
    }
  }
  return out;
}

/**
 * The rule vigil's service decides a status by (src/service/repo/run-queries.ts decidingResult): failing
 * over degraded over passing; a run that could not be made only when no location has a real verdict.
 */
const SEVERITY: Record<RunState, number> = { failing: 3, degraded: 2, passing: 1, "cannot run": 0 };
function worst(states: Iterable<RunState>): RunState {
  let w: RunState | undefined;
  for (const s of states) if (w === undefined || SEVERITY[s] > SEVERITY[w]) w = s;
  return w ?? "passing";
}

export type Since = {
  /** Epoch ms: the start of the streak, or (exact false) the oldest held result, which it predates. */
  at: number;
  exact: boolean;
  /** Locations whose newest result is in the state, and locations seen in the results. */
  locationsIn: number;
  locationsSeen: number;
};

/** One location's streak in a state: where, since when (its first run in it), and whether that is known. */
export type LocationStreak = {
  location: string;
  /** The streak's first run (epoch ms); with `exact` false, the oldest result held, which it predates. */
  start: number;
  exact: boolean;
};

/**
 * Each location whose newest FINAL result is in `state`, with its streak; and how many locations the
 * results show. A location whose every held result is in the state began its streak before them.
 */
export function locationStreaks(
  results: readonly TimelineInput[],
  state: RunState,
  /** The results held begin at the check's first run (heldFromFirstRun): a streak over all of them began there. */
  fromFirstRun = false,
): { streaks: LocationStreak[]; locationsSeen: number } {
  const byLocation = Map.groupBy(chronological(results), (x) => x.r.runLocation ?? "");
  const streaks: LocationStreak[] = [];
  for (const [location, runs] of byLocation) {
    if (runState((runs[runs.length - 1] as { r: TimelineInput }).r) !== state) continue;
    let i = runs.length - 1;
    while (i > 0 && runState((runs[i - 1] as { r: TimelineInput }).r) === state) i--;
    // i === 0: every held result of this location is in the state, its streak is older than the history
    // held — or, the history held being the whole of it, began at the location's first run
    streaks.push({ location, start: (runs[i] as { at: number }).at, exact: i > 0 || fromFirstRun });
  }
  return { streaks, locationsSeen: byLocation.size };
}

/**
 * Since when the check has been in `state` (see the module comment); undefined when no location's newest
 * result is in it (e.g. the results held are older than the status that says so).
 */
export function stateSince(
  results: readonly TimelineInput[],
  state: RunState,
  fromFirstRun = false,
): Since | undefined {
  const { streaks, locationsSeen } = locationStreaks(results, state, fromFirstRun);
  if (streaks.length === 0) return undefined;
  const counts = { locationsIn: streaks.length, locationsSeen };
  if (state === "passing") {
    // passing only while every location passes: since the last of them came back (a location's streak
    // older than the results held started no later than its oldest result, so it bounds the start too)
    const last = streaks.reduce((a, b) => (b.start > a.start || (b.start === a.start && !b.exact) ? b : a));
    return { at: last.start, exact: last.exact, ...counts };
  }
  return {
    at: Math.min(...streaks.map((s) => s.start)),
    // a location's streak older than the results held: the check's start is only known to be no later
    // than the earliest time found
    exact: streaks.every((s) => s.exact),
    ...counts,
  };
}

// not toLocaleString: its ICU data costs the console memory (see thousands() in src/shared/format.ts)
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A clock time for "since 09:41": local HH:MM today, else "Nov 24 09:41" (local); `seconds`: HH:MM:SS. */
export function clockTime(at: number, now: number, seconds = false): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, "0");
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ""}`;
  const today = new Date(now);
  if (d.toDateString() === today.toDateString()) return hm;
  return `${MONTHS[d.getMonth()]} ${d.getDate()} ${hm}`;
}

/**
 * "12 min (since 09:41)", or for a streak older than the results held "over 2 h (since before 07:10)"
 * (the oldest held at 07:09:xx);
 * a time ahead of the local clock counts as now (never "for -3 s").
 */
export function sinceText(since: Since, now: number): string {
  const at = Math.min(since.at, now);
  const age = formatAgeWords(now - at);
  if (since.exact) return `${age} (since ${clockTime(at, now)})`;
  return `over ${age} (since ${beforeText(at, now)})`;
}

/**
 * "before 09:42" for a state that began at `at` (the oldest result held) or earlier: the minute after it is
 * a true bound, the minute it falls in may not be (a first run at 00:59:01 did not start "before 00:59").
 */
export function beforeText(at: number, now: number): string {
  return `before ${clockTime(Math.floor(at / 60_000) * 60_000 + 60_000, now)}`;
}

/**
 * How soon after its creation a check's first run is looked for: vigil's service runs a new activated
 * check within 10 s (its scheduler's jitter, engine/scheduler.ts); a first result later than this proves
 * nothing (a check created inactive, a run cut off by the list's reach) — "since before" is said.
 */
export const FIRST_RUN_WITHIN_MS = 60_000;
/**
 * The shortest time any service keeps results: vigil's `--retention-days` is at least 1 (repo/retention.ts
 * deletes by age only); a hosted account keeps days of them. A check created within it has lost no run.
 */
export const RESULTS_KEPT_AT_LEAST_MS = 86_400_000;

/**
 * Whether the results held begin at the check's very first run — so a state held by all of them has held
 * since that run, not only "since before" the oldest. Neither API says "first run" or gives a total
 * (the hosted lists have none; vigil's `Content-Range` counts what retention left), so it is proven from
 * three things together, each true of both services:
 * - `listEnded`: the service had no older result for this read (a short page, or no cursor onward);
 * - the oldest result held ran within FIRST_RUN_WITHIN_MS after the check's `created_at` — no run can be
 *   older than the check, and this bounds what an unknown reach of the list (a hosted default window)
 *   could have cut off to a run in that minute (the one case left: a list whose reach ends inside the
 *   first minute of a check younger than a day);
 * - the check was created within RESULTS_KEPT_AT_LEAST_MS: retention, which deletes old runs first, cannot
 *   have taken one of its runs.
 * Any of them unknown (no `created_at`, a list read in part): false, and "since before" is said.
 */
export function heldFromFirstRun(
  results: readonly TimelineInput[],
  listEnded: boolean,
  check: { created_at?: string | null | undefined },
  now: number,
): boolean {
  if (!listEnded || results.length === 0) return false;
  const created = toEpochMs(check.created_at);
  if (!Number.isFinite(created) || now - created > RESULTS_KEPT_AT_LEAST_MS) return false;
  let oldest = Number.POSITIVE_INFINITY;
  for (const r of results) {
    const at = runAt(r);
    if (!Number.isFinite(at)) return false; // a result without a time: where it falls is not known
    if (at < oldest) oldest = at;
  }
  // a result older than the check (beyond a few seconds of clock between writers) says `created_at` is not
  // when it began running (a copied or re-created check): nothing proven
  return oldest - created >= -5_000 && oldest - created <= FIRST_RUN_WITHIN_MS;
}

/** Coarse age for "failing for …": "40 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAgeWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400)
    return `${Math.floor(s / 3600)} h${s % 3600 >= 60 ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
  return `${Math.floor(s / 86_400)} d${s % 86_400 >= 3600 ? ` ${Math.floor((s % 86_400) / 3600)} h` : ""}`;
}
