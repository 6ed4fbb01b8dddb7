/**
 * Noticing without looking (pure): what changed between two reads of the checks' states — a check newly
 * failing, one recovered, a heartbeat newly overdue — as one coalesced notice, and the failing count the
 * terminal's title carries. No Ink, no terminal: the watcher (watcher.ts) feeds it the store's rows.
 *
 * Rules:
 * - a snapshot holds the active checks (a deactivated one neither fails nor recovers) with their state:
 *   failing (an overdue heartbeat is `overdue`), ok (passing or degraded), or other (not run yet, cannot run);
 * - the first snapshot is the baseline: what already fails when the console starts is in the title, and
 *   no notice is given for it;
 * - failing / overdue: failing now, not before (a check new since the last read that fails counts);
 *   recovered: failing or overdue before, ok now; muted checks give no notice (someone silenced them)
 *   but count in the title, as in the overview's counts;
 * - everything that changed between two reads is one notice.
 */

import { isPassive } from "../../contract/check-types.ts";
import { checkHealth } from "../../shared/format.ts";
import type { CheckSummary, StatusSummary } from "../data/summary.ts";
import type { OverviewCheck } from "../triage/overview.ts";

export type WatchState = "failing" | "overdue" | "ok" | "other";

export type Watched = { name: string; state: WatchState; muted: boolean };

export type Snapshot = ReadonlyMap<string, Watched>;

export type Transition = { id: string; name: string; kind: "failing" | "overdue" | "recovered" };

const bad = (w: Watched | undefined) => w?.state === "failing" || w?.state === "overdue";

/** A check's watched state with its state (`health`); undefined for a deactivated check. */
function watchedOf(check: CheckSummary, health: OverviewCheck["health"]): Watched | undefined {
  if (check.activated === false) return undefined;
  const state: WatchState =
    health === "failing"
      ? isPassive(check.checkType)
        ? "overdue"
        : "failing"
      : health === "passing" || health === "degraded"
        ? "ok"
        : "other";
  return { name: check.name, state, muted: check.muted === true };
}

/** The active checks' states. */
export function snapshotOf(rows: readonly OverviewCheck[]): Snapshot {
  const out = new Map<string, Watched>();
  for (const r of rows) {
    const w = watchedOf(r.check, r.health);
    if (w) out.set(r.id, w);
  }
  return out;
}

/**
 * The watch across reads, kept incrementally (issue 27 item 2): a read that changed a few statuses of the
 * same checks list (the statuses slice names them, `changed`) looks at those checks only — what changed,
 * and the failing count moved by them — instead of joining every check again. Any other read (the first,
 * a new checks list, a statuses read it did not see the one before of) takes a whole snapshot. Equal, read
 * by read, to `transitions(previous snapshot, snapshotOf(every row))` and `failingCount` of it.
 */
export class Watchlist {
  #snap = new Map<string, Watched>();
  #failing = 0;
  #checks: readonly CheckSummary[] | undefined;
  #statuses: ReadonlyMap<string, StatusSummary> | undefined;

  /**
   * The read of these checks and statuses: what changed since the last read (none for the first) and the
   * failing count. `changed`: the ids whose status changed since `changed.since` (statuses.changed);
   * `checkAt(id)`: the check of an id in `checks`, and its place there (the order a notice names them in).
   */
  look(
    checks: readonly CheckSummary[],
    statuses: ReadonlyMap<string, StatusSummary>,
    changed: { since: ReadonlyMap<string, StatusSummary>; ids: readonly string[] } | undefined,
    checkAt: (id: string) => { check: CheckSummary; at: number } | undefined,
  ): { failing: number; transitions: Transition[] } {
    const first = this.#checks === undefined;
    if (!first && checks === this.#checks && statuses === this.#statuses)
      return { failing: this.#failing, transitions: [] };
    if (first || checks !== this.#checks || changed === undefined || changed.since !== this.#statuses) {
      const next = new Map<string, Watched>();
      for (const c of checks) {
        const w = watchedOf(c, checkHealth(statuses.get(c.id)));
        if (w) next.set(c.id, w);
      }
      const out = first ? [] : transitions(this.#snap, next);
      this.#snap = next;
      this.#failing = failingCount(next);
      this.#checks = checks;
      this.#statuses = statuses;
      return { failing: this.#failing, transitions: out };
    }
    const found: { at: number; t: Transition }[] = [];
    for (const id of new Set(changed.ids)) {
      const was = this.#snap.get(id);
      // a deactivated check, or a status of a check the list does not hold: not watched
      if (was === undefined) continue;
      const held = checkAt(id);
      if (!held) continue;
      const w = watchedOf(held.check, checkHealth(statuses.get(id))) as Watched;
      this.#snap.set(id, w);
      this.#failing += Number(bad(w)) - Number(bad(was));
      const [t] = transitions(new Map([[id, was]]), new Map([[id, w]]));
      if (t) found.push({ at: held.at, t });
    }
    this.#statuses = statuses;
    return { failing: this.#failing, transitions: found.sort((a, b) => a.at - b.at).map((x) => x.t) };
  }
}

/** Failing checks and overdue heartbeats (muted ones too), as the overview counts them. */
export function failingCount(s: Snapshot): number {
  let n = 0;
  for (const w of s.values()) if (bad(w)) n++;
  return n;
}

/** What changed from `prev` to `next`, in `next`'s order; none against no baseline. */
export function transitions(prev: Snapshot | undefined, next: Snapshot): Transition[] {
  if (prev === undefined) return [];
  const out: Transition[] = [];
  for (const [id, w] of next) {
    if (w.muted) continue;
    const was = prev.get(id);
    if (bad(w) && !bad(was))
      out.push({ id, name: w.name, kind: w.state === "overdue" ? "overdue" : "failing" });
    else if (w.state === "ok" && bad(was)) out.push({ id, name: w.name, kind: "recovered" });
  }
  return out;
}

/** The terminal's title: `vigil ✖ 2` with failing checks, `vigil ✔` with none, `vigil` before the first read. */
export function titleText(failing: number | undefined): string {
  if (failing === undefined) return "vigil";
  return failing > 0 ? `vigil ✖ ${failing}` : "vigil ✔";
}

const WORDS: Record<Transition["kind"], string> = {
  failing: "failing",
  overdue: "overdue",
  recovered: "recovered",
};
const ORDER: readonly Transition["kind"][] = ["failing", "overdue", "recovered"];

/** Names as they are listed in a notice: the first few, then how many more. */
function names(ts: readonly Transition[], max = 3): string {
  const shown = ts.slice(0, max).map((t) => t.name);
  return ts.length > max ? `${shown.join(", ")} +${ts.length - max}` : shown.join(", ");
}

/**
 * One notice for everything that changed: a title ("vigil: api failing", "vigil: 2 failing, 1 recovered")
 * and a body naming the checks ("api, web failing · db recovered"). Names are raw: the terminal layer
 * (terminal.ts) cleans them.
 */
export function noticeOf(ts: readonly Transition[]): { title: string; body: string } | undefined {
  if (ts.length === 0) return undefined;
  const groups = ORDER.map((k) => [k, ts.filter((t) => t.kind === k)] as const).filter(
    ([, g]) => g.length > 0,
  );
  const title =
    ts.length === 1 && ts[0]
      ? `vigil: ${ts[0].name} ${WORDS[ts[0].kind]}`
      : `vigil: ${groups.map(([k, g]) => `${g.length} ${WORDS[k]}`).join(", ")}`;
  const body = groups.map(([k, g]) => `${names(g)} ${WORDS[k]}`).join(" · ");
  return { title, body };
}
