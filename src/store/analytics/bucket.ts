/**
 * The analytics chart's cursor and the results of the bucket it is on. The cursor is the start of a bucket
 * (`ui.analytics.cursorAt`, epoch ms) on the report's time grid (analytics-query.ts `reportGrid`), so it
 * stays on its bucket as the window slides; ←/→ move it along the drawn columns. The bucket's results are
 * read from the check-results endpoint with its window (`from`/`to`, at most 6 h: wider buckets are not
 * served) — they give the cursor line its sample count and the list `Enter` opens.
 */
import type { Client } from "../../api/client.ts";
import { MAX_RESULT_WINDOW_S } from "../../contract/schemas/result-window.ts";
import { errorMessage } from "../../shared/errors.ts";
import { bucketRange, bucketStart, columnOf, type TimeGrid } from "../../shared/time-grid.ts";
import { type ResultSummary, toResultSummary } from "../data/summary.ts";
import type { AnalyticsBucket } from "../data/types.ts";
import { apply, type ConsoleState, type ConsoleStore } from "../state.ts";
import type { AnalyticsOptions } from "../view/types.ts";

type Patch = Partial<ConsoleState>;

/** Results read for one bucket at most (one page). */
export const BUCKET_PAGE = 100;

/**
 * The cursor's column among the drawn columns [first, first + count): the bucket of `cursorAt`, clamped
 * into the drawn ones (a bucket that slid out of the window is the oldest drawn); undefined = no cursor.
 */
export function cursorColumn(
  g: TimeGrid,
  cursorAt: number | undefined,
  drawn: { first: number; count: number } = { first: 0, count: g.columns },
): number | undefined {
  if (cursorAt === undefined || drawn.count <= 0) return undefined;
  const last = drawn.first + drawn.count - 1;
  const col = columnOf(g, cursorAt);
  if (col === undefined) return cursorAt < g.start ? drawn.first : last;
  return Math.max(drawn.first, Math.min(last, col));
}

/**
 * Where ←/→ put the cursor: the first press lands on the newest bucket, the next ones step `delta`
 * buckets, stopping at the edges of the drawn columns.
 */
export function stepCursor(
  g: TimeGrid,
  cursorAt: number | undefined,
  delta: number,
  drawn: { first: number; count: number } = { first: 0, count: g.columns },
): number {
  const last = drawn.first + drawn.count - 1;
  const col = cursorColumn(g, cursorAt, drawn);
  const next = col === undefined ? last : Math.max(drawn.first, Math.min(last, col + delta));
  return bucketStart(g, next);
}

/** The window the results of column `col` are asked for, or why they are not served. */
export function bucketQuery(
  g: TimeGrid,
  col: number,
): { from: number; to: number; start: number; end: number } | { tooWide: string } {
  const r = bucketRange(g, col);
  const from = Math.floor(r.start / 1000);
  const to = Math.ceil(r.end / 1000);
  if (to - from > MAX_RESULT_WINDOW_S)
    return { tooWide: "results are served for windows up to 6 h: choose a smaller interval (i)" };
  return { from, to, start: r.start, end: r.end };
}

/** The key of a bucket's results: check, window and the pane's result filter. */
export function bucketKey(checkId: string, start: number, end: number, o: AnalyticsOptions): string {
  return [checkId, start, end, o.filter].join("|");
}

/** The results of a bucket, if these are the ones held. */
export function heldBucket(s: ConsoleState, key: string): AnalyticsBucket | undefined {
  const b = s.analytics.bucket;
  return b?.key === key ? b : undefined;
}

export function bucketLoaded(
  s: ConsoleState,
  key: string,
  results: readonly ResultSummary[],
  more: boolean,
  now: number,
): Patch {
  return { analytics: { ...s.analytics, bucket: { key, results, more, loadedAt: now, error: undefined } } };
}

export function bucketFailed(s: ConsoleState, key: string, error: string): Patch {
  const prev = heldBucket(s, key);
  return {
    analytics: {
      ...s.analytics,
      bucket: {
        key,
        results: prev?.results ?? [],
        more: prev?.more ?? false,
        loadedAt: prev?.loadedAt,
        error,
      },
    },
  };
}

const startedAt = (r: ResultSummary) => Date.parse(r.startedAt ?? r.created_at ?? "");

/**
 * Read the FINAL results of one bucket (newest first, one page) into the store. Results are kept only
 * when they started inside [start, end) — the endpoint's window is in whole seconds.
 */
export async function loadBucket(
  client: Client,
  store: ConsoleStore,
  a: {
    checkId: string;
    key: string;
    from: number;
    to: number;
    start: number;
    end: number;
    o: AnalyticsOptions;
  },
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<void> {
  try {
    const items = await client.checkResults.list(
      a.checkId,
      {
        from: a.from,
        to: a.to,
        limit: BUCKET_PAGE,
        resultType: "FINAL",
        ...(a.o.filter === "all" ? {} : { hasFailures: a.o.filter === "failure" }),
      },
      { signal },
    );
    signal?.throwIfAborted();
    const inside = items
      .map((r) => toResultSummary(r as ResultSummary))
      .filter((r) => {
        const t = startedAt(r);
        return !Number.isFinite(t) || (t >= a.start && t < a.end);
      })
      .sort((x, y) => startedAt(y) - startedAt(x));
    apply(store, bucketLoaded(store.getState(), a.key, inside, items.length >= BUCKET_PAGE, now()));
  } catch (e) {
    if (signal?.aborted) throw e;
    const m = errorMessage(e);
    apply(store, bucketFailed(store.getState(), a.key, m.split("\n")[0] ?? m));
    throw e;
  }
}

/** Counts of a bucket's results for the cursor line: "12 runs, 1 failed" / "1 run" / "100+ runs". */
export function bucketCounts(b: AnalyticsBucket): { runs: string; failed: number; text: string } {
  const failed = b.results.filter((r) => r.hasFailures || r.hasErrors).length;
  const n = b.results.length;
  const runs = `${n}${b.more ? "+" : ""}`;
  const text = `${runs} ${n === 1 && !b.more ? "run" : "runs"}${failed ? `, ${failed} failed` : ""}`;
  return { runs, failed, text };
}
