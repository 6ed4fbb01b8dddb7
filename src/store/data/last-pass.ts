/**
 * The last pass before a failing streak older than the results held: the newest FINAL result without
 * failures or errors at that location before the oldest failing one held, from the v2 results API
 * (`hasFailures=false`, windows of at most 6 h, newest first, one entry each), searched back at most
 * `LAST_PASS_SPAN_MS`. A cancelled run (it could not be made) is no pass: the search goes on behind it.
 * The console's loader and `vigil status` use it for the failing checks on screen only: each search is a
 * few requests in the check-results family (60 a minute; the HTTP layer keeps to it).
 */
import type { Client } from "../../api/client.ts";
import { MAX_RESULT_WINDOW_S } from "../../contract/schemas/result-window.ts";
import { runAt } from "../triage/timeline.ts";

/** How far back before the streak's oldest held result a pass is looked for. */
export const LAST_PASS_SPAN_MS = 24 * 3_600_000;

/** The key of a check's location among the passes found (the store's `lastPasses`). */
export const lastPassKey = (checkId: string, location: string): string => `${checkId}\u0000${location}`;

/** What a search found: the last pass (epoch ms), or null when none came in the span searched. */
export type LastPass = { before: number; at: number | null; searchedFrom: number };

export async function findLastPass(
  client: Pick<Client, "checkResults">,
  checkId: string,
  location: string,
  before: number,
  signal?: AbortSignal,
): Promise<LastPass> {
  const floor = before - LAST_PASS_SPAN_MS;
  // windows are whole seconds: the first one takes in `before`'s own second (the failing result itself is
  // no pass, and any run at this location after it is among the results held: all failing)
  let to = Math.ceil(before / 1000);
  const stop = Math.floor(floor / 1000);
  // a few cancelled runs in a row are skipped; a window without any pass moves the search back
  for (let asked = 0; to > stop && asked < 8; asked++) {
    const from = Math.max(stop, to - MAX_RESULT_WINDOW_S);
    const page = await client.checkResults.listV2(
      checkId,
      { location, hasFailures: false, resultType: "FINAL", limit: 1, from, to },
      { signal },
    );
    const r = page.entries[0];
    if (!r) {
      to = from - 1;
      continue;
    }
    const at = runAt(r);
    if (!r.isCancelled && Number.isFinite(at) && at < before) return { before, at, searchedFrom: floor };
    to = Number.isFinite(at) ? Math.floor(at / 1000) - 1 : from - 1;
  }
  return { before, at: null, searchedFrom: floor };
}

/**
 * Whether a search made for a streak still answers for it now that its oldest held result is `oldest`:
 * the pass must predate it, and the search must be recent in streak terms (within 6 h of it; a longer
 * streak is searched again, so a pass that came and went since is not missed).
 */
export function lastPassHolds(p: LastPass, oldest: number): boolean {
  return (p.at === null || p.at < oldest) && Math.abs(oldest - p.before) < MAX_RESULT_WINDOW_S * 1000;
}
