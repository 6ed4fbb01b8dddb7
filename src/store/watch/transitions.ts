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
import { type CheckSummary, positionsOf, type StatusSummary } from "../data/summary.ts";
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
 * A check's watched state as the Watchlist holds it: one small integer (state × 2 + muted), not an object
 * per check — 100,000 `Watched` objects were ~5 MB of the console's heap. Undefined for a deactivated
 * check, as `watchedOf`.
 */
type WatchCode = number;
const STATES: readonly WatchState[] = ["failing", "overdue", "ok", "other"];

function codeOf(check: CheckSummary, health: OverviewCheck["health"]): WatchCode | undefined {
  const w = watchedOf(check, health);
  return w === undefined ? undefined : STATES.indexOf(w.state) * 2 + (w.muted ? 1 : 0);
}

const stateOf = (c: WatchCode): WatchState => STATES[c >> 1] as WatchState;
const badCode = (c: WatchCode | undefined) => c !== undefined && c >> 1 <= 1;

/** What one check's change of code tells (`transitions` of the one check): none, or one transition. */
function transitionOf(
  id: string,
  name: string,
  was: WatchCode | undefined,
  now: WatchCode | undefined,
): Transition | undefined {
  if (now === undefined || now & 1) return undefined;
  if (badCode(now) && !badCode(was))
    return { id, name, kind: stateOf(now) === "overdue" ? "overdue" : "failing" };
  if (stateOf(now) === "ok" && badCode(was)) return { id, name, kind: "recovered" };
  return undefined;
}

/** Where each id of `checks` is (its last place, for an id listed twice): the list's own map when it has one. */
function placesOf(checks: readonly CheckSummary[]): ReadonlyMap<string, number> {
  const held = positionsOf(checks);
  if (held) return held;
  const m = new Map<string, number>();
  for (let i = 0; i < checks.length; i++) m.set((checks[i] as CheckSummary).id, i);
  return m;
}

/** No code at this place: a deactivated check, or an id's place before its last. */
const NONE = 255;

/**
 * The watch across reads, kept incrementally (issue 27 item 2): a read that changed a few statuses of the
 * same checks list (the statuses slice names them, `changed`) looks at those checks only — what changed,
 * and the failing count moved by them — instead of joining every check again. Any other read (the first,
 * a new checks list, a statuses read it did not see the one before of) takes a whole snapshot. Equal, read
 * by read, to `transitions(previous snapshot, snapshotOf(every row))` and `failingCount` of it.
 *
 * The codes are held by the checks' places in the list (a byte each), not in a map by id (~46 B a check:
 * 0.46 MB at 10,000 checks): an id's code is at its last place — for an id listed twice, the code of its
 * last watched check, as a snapshot's map holds it — and its other places hold none.
 */
export class Watchlist {
  /** Each watched check's code (WatchCode) at its place in `#checks`; NONE where none. */
  #codes = new Uint8Array(0);
  #failing = 0;
  /** `#checks` lists an id twice: each read is looked at whole (a poll's check cannot say which is watched). */
  #repeats = false;
  #checks: readonly CheckSummary[] | undefined;
  #statuses: ReadonlyMap<string, StatusSummary> | undefined;

  /**
   * The read of these checks and statuses: what changed since the last read (none for the first) and the
   * failing count. `changed`: the ids whose status changed since `changed.since` (statuses.changed);
   * `checkAt(id)`: the check of an id in `checks`, and its place there (its last, for an id listed twice:
   * the order a notice names them in).
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
    // a new list with the same statuses whose checks kept their places (a refresh, pages): its changed
    // and new checks only
    if (!first && checks !== this.#checks && statuses === this.#statuses && this.#grows(checks))
      return this.#grown(checks, statuses);
    if (
      first ||
      this.#repeats ||
      checks !== this.#checks ||
      changed === undefined ||
      changed.since !== this.#statuses
    )
      return this.#whole(checks, statuses);
    const codes = this.#codes;
    const found: { at: number; t: Transition }[] = [];
    for (const id of new Set(changed.ids)) {
      // a status of a check the list does not hold, or a deactivated check: not watched
      const held = checkAt(id);
      if (!held) continue;
      const was = codes[held.at] as number;
      if (was === NONE) continue;
      const now = codeOf(held.check, checkHealth(statuses.get(id))) as WatchCode;
      codes[held.at] = now;
      this.#failing += Number(badCode(now)) - Number(badCode(was));
      const t = transitionOf(id, held.check.name, was, now);
      if (t) found.push({ at: held.at, t });
    }
    this.#statuses = statuses;
    return { failing: this.#failing, transitions: found.sort((a, b) => a.at - b.at).map((x) => x.t) };
  }

  #whole(
    checks: readonly CheckSummary[],
    statuses: ReadonlyMap<string, StatusSummary>,
  ): { failing: number; transitions: Transition[] } {
    const prevChecks = this.#checks;
    const prevCodes = this.#codes;
    const prevAt = prevChecks && placesOf(prevChecks);
    const at = placesOf(checks);
    const codes = new Uint8Array(checks.length).fill(NONE);
    // what each watched id tells, in the order of the ids' first watched places, the last one's word (as
    // `transitions` over a snapshot map); by id only when an id is listed twice
    const told = prevAt && at.size !== checks.length ? new Map<string, Transition | undefined>() : undefined;
    const inOrder: Transition[] = [];
    for (let i = 0; i < checks.length; i++) {
      const c = checks[i] as CheckSummary;
      const now = codeOf(c, checkHealth(statuses.get(c.id)));
      if (now === undefined) continue;
      // at the id's last place (the one `checkAt` gives): the last watched check's code, as a snapshot holds it
      codes[at.get(c.id) as number] = now;
      if (!prevAt) continue;
      const p = prevAt.get(c.id);
      const held = p === undefined ? NONE : (prevCodes[p] as number);
      const t = transitionOf(c.id, c.name, held === NONE ? undefined : held, now);
      if (told) told.set(c.id, t);
      else if (t) inOrder.push(t);
    }
    let failing = 0;
    for (let i = 0; i < codes.length; i++) if (codes[i] !== NONE && badCode(codes[i])) failing++;
    this.#codes = codes;
    this.#failing = failing;
    this.#repeats = at.size !== checks.length;
    this.#checks = checks;
    this.#statuses = statuses;
    if (!told) return { failing, transitions: inOrder };
    return { failing, transitions: [...told.values()].filter((t): t is Transition => t !== undefined) };
  }

  /** Whether `checks` holds the last list's ids at their places, then only ids not seen before. */
  #grows(checks: readonly CheckSummary[]): boolean {
    const prev = this.#checks as readonly CheckSummary[];
    if (checks.length < prev.length) return false;
    for (let i = 0; i < prev.length; i++)
      if ((prev[i] as CheckSummary).id !== (checks[i] as CheckSummary).id) return false;
    const ids = new Set(prev.map((c) => c.id));
    // an id repeated in the last list: its snapshot cannot say which one it holds
    if (ids.size !== prev.length) return false;
    for (let i = prev.length; i < checks.length; i++) {
      const id = (checks[i] as CheckSummary).id;
      if (ids.has(id)) return false;
      ids.add(id);
    }
    return true;
  }

  /** The list grew or changed in place: the checks that are not the same objects at the same places. */
  #grown(
    checks: readonly CheckSummary[],
    statuses: ReadonlyMap<string, StatusSummary>,
  ): { failing: number; transitions: Transition[] } {
    const prev = this.#checks as readonly CheckSummary[];
    let codes = this.#codes;
    if (checks.length > codes.length) {
      codes = new Uint8Array(checks.length).fill(NONE);
      codes.set(this.#codes);
    }
    const out: Transition[] = [];
    for (let i = 0; i < checks.length; i++) {
      const c = checks[i] as CheckSummary;
      if (i < prev.length && prev[i] === c) continue;
      const held = codes[i] as number;
      const was = held === NONE ? undefined : held;
      const now = codeOf(c, checkHealth(statuses.get(c.id)));
      // deactivated: out of the watch (what is told goes in the list's order, whatever the snapshot's)
      codes[i] = now ?? NONE;
      this.#failing += Number(badCode(now)) - Number(badCode(was));
      const t = transitionOf(c.id, c.name, was, now);
      if (t) out.push(t);
    }
    this.#codes = codes;
    this.#checks = checks;
    return { failing: this.#failing, transitions: out };
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
