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
import type { OverviewCheck } from "../triage/overview.ts";

export type WatchState = "failing" | "overdue" | "ok" | "other";

export type Watched = { name: string; state: WatchState; muted: boolean };

export type Snapshot = ReadonlyMap<string, Watched>;

export type Transition = { id: string; name: string; kind: "failing" | "overdue" | "recovered" };

const bad = (w: Watched | undefined) => w?.state === "failing" || w?.state === "overdue";

/** The active checks' states. */
export function snapshotOf(rows: readonly OverviewCheck[]): Snapshot {
  const out = new Map<string, Watched>();
  for (const r of rows) {
    if (r.check.activated === false) continue;
    const state: WatchState =
      r.health === "failing"
        ? isPassive(r.check.checkType)
          ? "overdue"
          : "failing"
        : r.health === "passing" || r.health === "degraded"
          ? "ok"
          : "other";
    out.set(r.id, { name: r.check.name, state, muted: r.check.muted === true });
  }
  return out;
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
