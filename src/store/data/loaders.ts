/**
 * Loaders: one client call each, its answer put in the store through the slice reducers. A failure is
 * recorded in the slice (the data already shown stays) and rethrown so the poller backs off.
 */

import { statusFeed } from "../../api/check-statuses.ts";
import type { Client } from "../../api/client.ts";
import type { HttpResponse } from "../../api/http-types.ts";
import { collectPages, type Page, totalOf } from "../../api/pagination.ts";
import { type AnalyticsKind, GROUP_BY, REPORTS } from "../../contract/analytics-metrics.ts";
import {
  CHECK_FIELDS_PARAM,
  CHECKS_PAGE_MAX,
  CHECKS_PAGE_MAX_HEADER,
} from "../../contract/schemas/checks-pages.ts";
import { toEpochMs } from "../../shared/format.ts";
import { loadBucket } from "../analytics/bucket.ts";
import { analyticsKey, analyticsQuery, reportView } from "../analytics/query.ts";
import { createHistoryLoaders } from "../results/loaders.ts";
import { apply, type ConsoleStore } from "../state.ts";
import { warmCheckFilter } from "../view/check-filter.ts";
import type { AnalyticsOptions } from "../view/types.ts";
import { checkRead, incidentRead, locationRead, pageRead } from "../view/work.ts";
import { createBigReads } from "./big-reads.ts";
import { heartbeatPagesFor, readHeartbeatEvents } from "./heartbeat-events.ts";
import { createInterner, type Interner, internStatus } from "./intern.ts";
import { findLastPass } from "./last-pass.ts";
import { LIST_KEYS, LISTS, type ListItem, type ListKey } from "./lists/index.ts";
import type { ListSpec } from "./lists/spec.ts";
import { OverlayMap } from "./overlay-map.ts";
import * as data from "./slices.ts";
import { createUnknownChecks, diffStatuses } from "./status-diff.ts";
import { type CheckSummary, heldOr, type StatusSummary, toStatusSummary } from "./summary.ts";
import {
  checkSummariesOf,
  checkSummaryListSchema,
  refreshedSummary,
  STATUS_SUMMARY_FIELDS,
  SUMMARY_FIELDS,
  statusSummaryListSchema,
} from "./summary-schemas.ts";
import { type Caps, DEFAULT_CAPS, type ListsState, type StatusesSlice } from "./types.ts";
import { readVariables } from "./variables.ts";

/** How often the first read of the checks list draws its progress (and, once they doubled, its rows): 4 times a second. */
const PARTIAL_EVERY_MS = 250;
/**
 * The rows read so far come along with the first read's progress only while they are at most this many:
 * each showing joins and sorts every row held, so past it only the count is drawn until the whole list is
 * there — the first screens (the first pages' failing rows) at once, and at 100,000 checks the showings
 * cost under half of the final one's work instead of about twice it.
 */
export const PARTIAL_ROWS_MAX = 20_000;
/** Checks listed at most (memory stays bounded: slim rows, summary-schemas.ts); "100,000 of N" past it. */
export const MAX_CHECKS = 100_000;

/** The first line of an error's message (sanitised at render time). */
export function errorLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.split("\n")[0] ?? m;
}

export type LoaderOptions = {
  caps?: Caps;
  now?: () => number;
  /** Checks listed at most (bounded memory). */
  maxChecks?: number;
  /** Heartbeat events requests per refresh (10 events each, paging back in time). */
  heartbeatPages?: number;
  /** Status pages per request along the cursor (1–100, default 50). */
  pageSize?: number;
  /** A status names a check the held list lacks (a new check): read the list again soon. */
  onUnknownCheck?: () => void;
  /**
   * A status poll is read and about to be put in the data (`next`, the statuses slice it puts in): the
   * views make their lists ready for it meanwhile, in slices that yield to input (the runtime's: each
   * view's checks list, view/selectors.ts `prepareCheckRows`), so the poll's own frame is short.
   */
  prepareStatuses?: (next: StatusesSlice) => Promise<void>;
  /** Every status read whole at least this often (statusFeed; default every 5 minutes). */
  fullReadMs?: number;
  /** How long a refresh of the checks list or a statuses read waits at most for the other (big-reads.ts). */
  bigReadWaitMs?: number;
};

const statusIdOf = (s: StatusSummary) => s.checkId;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createLoaders(client: Client, store: ConsoleStore, opts: LoaderOptions = {}) {
  const caps = opts.caps ?? DEFAULT_CAPS;
  const now = opts.now ?? Date.now;
  const get = store.getState;

  const unknownChecks = createUnknownChecks();
  /** The checks list's answers offer vigil's wide pages: the service is vigil's (undefined: not read yet). */
  let offersWide: boolean | undefined;
  /** Settles once the checks read under way has its first answer (or failed): the first statuses read waits for it. */
  let firstAnswer: Promise<void> | undefined;
  /**
   * Until the checks list is held: the check ids the checks and statuses reads have seen, one string each
   * (intern.ts), so a status read before its check holds the check's id string, not a copy of its own.
   */
  let firstIds: Interner | undefined;
  const idsUntilListed = (): Interner | undefined => {
    if (get().checks.loadedAt !== undefined) return undefined;
    firstIds ??= createInterner();
    return firstIds;
  };
  // from vigil's service, only the members a status summary holds (~18 of ~37 MB at 100,000 checks)
  const statusReads = statusFeed(client.http, statusSummaryListSchema.element, {
    now,
    fields: STATUS_SUMMARY_FIELDS,
    fullEveryMs: opts.fullReadMs,
    vigil: () => offersWide === true,
  });

  async function guard<T>(work: () => Promise<T>, onError: (msg: string) => void): Promise<T> {
    try {
      return await work();
    } catch (e) {
      onError(errorLine(e));
      throw e;
    }
  }

  /** A list of the lists registry read whole (data/lists/), put in its slice. */
  async function readList<K extends ListKey>(key: K): Promise<void> {
    // the registry's spec of this key reads this key's items (TypeScript cannot correlate the two by itself)
    const spec = LISTS[key] as unknown as ListSpec<ListItem<K>>;
    const read = await guard(
      () => spec.read(client, get()[key] as ListsState[K], { pageSize: opts.pageSize }),
      (m) => apply(store, data.loadFailed(get(), key, m)),
    );
    apply(store, data.listRead(key, read, now()));
  }
  /** One loader per list (`loaders.incidents()`, …), for the planner's `kit.list(key)`. */
  const lists = Object.fromEntries(LIST_KEYS.map((k) => [k, () => readList(k)])) as Record<
    ListKey,
    () => Promise<void>
  >;

  const loaders = {
    ...lists,
    /** A check's results paged, one result whole, a check's alerts (store/results/loaders.ts). */
    history: createHistoryLoaders(client, store, { now }),
    /** The results of the analytics cursor's bucket (analytics-bucket.ts). */
    analyticsBucket: (a: Parameters<typeof loadBucket>[2], signal?: AbortSignal) =>
      loadBucket(client, store, a, signal, now),

    /**
     * The reconnect probe (plan.ts): one cheap read, no retries, a short timeout. Any answer — even an
     * error status — tells the activity meter the service is reachable again.
     */
    async probe(signal?: AbortSignal) {
      await client.http.request({
        method: "GET",
        path: "/v1/locations",
        retries: 0,
        timeoutMs: 3000,
        signal,
      });
    },

    /**
     * Every check (GET /v1/checks, page/limit as `checks.listAll`), parsed straight into slim entries
     * (summary-schemas.ts) and merged with the held list (unchanged checks keep identity). The first page
     * is the hosted 100; when its answer offers vigil's wide pages (CHECKS_PAGE_MAX_HEADER), the rest come
     * 1,000 a page with only the members the console holds (`fields`): 100,000 checks are 101 requests and
     * ~29 MB instead of 1,000 and ~80 MB.
     */
    async checks(signal?: AbortSignal) {
      let total: number | undefined;
      let shownAt: number | undefined;
      let shownRows = 0;
      let wide = false;
      // the types, tags and locations the checks repeat, held once (intern.ts)
      const table = createInterner();
      const ids = idsUntilListed();
      const refresh = get().checks.loadedAt !== undefined;
      let answered = () => {};
      if (offersWide === undefined) firstAnswer = new Promise<void>((r) => (answered = r));
      const items = await guard(
        () =>
          collectPages(
            async (page, limit) => {
              const spec = {
                method: "GET",
                path: "/v1/checks",
                query: wide ? { page, limit, [CHECK_FIELDS_PARAM]: SUMMARY_FIELDS } : { page, limit },
                signal,
              } as const;
              const pageOf = (res: HttpResponse<unknown>, items: CheckSummary[]): Page<CheckSummary> => {
                total = totalOf(res.headers["content-range"]);
                const offered = Number(res.headers[CHECKS_PAGE_MAX_HEADER]);
                wide = Number.isInteger(offered) && offered > 100;
                offersWide = wide;
                answered();
                return { items, total, pageMax: wide ? Math.min(offered, CHECKS_PAGE_MAX) : undefined };
              };
              // the first read: each check's summary built as its page arrives, the page dropped — nothing
              // large outlives its page
              if (!refresh) {
                const res = await client.http.request({ ...spec, schema: checkSummaryListSchema });
                return pageOf(res, checkSummariesOf(res.data, table, ids));
              }
              // a refresh (the list held): each check as it is parsed, a slice of the page at a time
              // (json-array-reader.ts), its summary or the held one when equal (heldOr) — the page's text,
              // its parse and the copies of unchanged checks die young. Parsed a page at once, they all
              // reached V8's old generation (~11 MB at 10,000 checks), beside the held list, and lifted the
              // console's RSS by up to 10 MB for the seconds until its next major collection
              const res = await client.http.requestArray(
                spec,
                checkSummaryListSchema.element,
                refreshedSummary(table, () => get().checks.byId),
              );
              return pageOf(res, res.data);
            },
            {
              limit: 100,
              maxItems: opts.maxChecks ?? MAX_CHECKS,
              // 100,000 checks are 101 wide pages (or 1,000 of the hosted 100): four at a time once the
              // first tells the total, within the rate limit (the hosted 600 a minute, or the quota the
              // service states: the local service's lets them all go at once, api/ratelimit.ts). A refresh
              // (nothing waits for it) one at a time: four pages and the statuses read at once kept each
              // other's answers waiting through the parse of the others, and a sampling heap profile
              // counted 9–9.5 MB of them promoted to V8's old generation at 10,000 checks, 2.8–3.8 MB so
              concurrency: refresh ? 1 : 4,
              // the first read of the list shows its progress and what has come so far (the overview's
              // failing rows from the first pages, more as they come while few) at most 4 times a second — not
              // once per page, which at 1,000 pages would redraw for nothing; a refresh shows neither
              onPage: (loaded, t, prefix) => {
                if (get().checks.loadedAt !== undefined) return;
                const at = performance.now();
                if (shownAt !== undefined && at - shownAt < PARTIAL_EVERY_MS && loaded < (t ?? Infinity))
                  return;
                shownAt = at;
                // the rows come along only once they have doubled since last shown: every showing joins
                // and sorts them all, so 100,000 checks are sorted ~10 times on the way, not 4 times a second
                // (~14 of 46 s of a loaded machine's first read); the count is drawn each time. Not with the
                // last page: the whole list follows at once (checksLoaded), and merging it twice cost the
                // most of all; nor past PARTIAL_ROWS_MAX
                const last = loaded >= (t ?? Infinity);
                const rows =
                  !last && loaded <= PARTIAL_ROWS_MAX && loaded >= 2 * shownRows ? prefix() : undefined;
                if (rows) shownRows = rows.length;
                apply(store, data.checksLoading(get(), loaded, t, rows));
              },
            },
          ),
        (m) => {
          answered();
          apply(store, data.loadFailed(get(), "checks", m));
        },
      );
      signal?.throwIfAborted();
      // summaries already (checkSummariesOf): taken as they are
      apply(store, data.checksLoaded(items, now(), get().checks, total));
      // the list is held: statuses find their check's id in it from now on
      firstIds = undefined;
      // the `/` filter's keys, built now (in slices that yield to input), not on the first keystroke
      void warmCheckFilter(get().checks.items);
    },

    /**
     * Every check's status (one request, parsed in slices), slim, merged with the held ones (a quiet poll
     * changes nothing); from a service that offers it, only those changed since the last read (statusFeed).
     */
    async statuses(signal?: AbortSignal) {
      // the first read waits for the checks list's first answer, when one is coming: it tells whether the
      // service is vigil's, whose statuses are read slim (the hosted API's are asked as they always were)
      if (offersWide === undefined && firstAnswer) await firstAnswer;
      // each status's check id is the held check's own string, its location interned (intern.ts); once
      // statuses are held, as each is read, and the held status when equal to it — a full read (every 5
      // minutes, every status) holds to its end only the statuses that changed, each parsed copy gone
      // with its slice of the answer instead of all kept to the last one (into V8's old generation, ~2 MB
      // at 10,000 checks). The first read, with none to keep, interns them once read (no step per status)
      const table = createInterner();
      const first = get().statuses.loadedAt === undefined;
      const keep = (st: StatusSummary): StatusSummary => {
        internStatus(st, get().checks.byId, table, idsUntilListed());
        return heldOr(toStatusSummary(st), get().statuses.byId, statusIdOf);
      };
      const { full, items } = await guard(
        () => statusReads.read(signal, first ? undefined : keep),
        (m) => apply(store, data.loadFailed(get(), "statuses", m)),
      );
      if (first) {
        const checks = get().checks.byId;
        const ids = idsUntilListed();
        for (const st of items) internStatus(st, checks, table, ids);
      }
      // the statuses set over the held map since its last fold are many: folded now, in slices that
      // yield to input, not in the poll's frame (overlay-map.ts)
      if (OverlayMap.wantsCompact(get().statuses.byId))
        await OverlayMap.compact(get().statuses.byId, async () => {
          await yieldToLoop();
          return signal?.aborted === true;
        });
      const held = get().statuses;
      // a full read over held statuses: compared in slices, applied as the changes it brings
      const diff =
        held.loadedAt !== undefined && full
          ? { base: held.byId, ...(await diffStatuses(held.byId, items, { signal })) }
          : undefined;
      // the patch over the statuses held now
      const patchOver = (cur: StatusesSlice) =>
        cur.loadedAt === undefined
          ? data.statusesLoaded(items, now(), cur)
          : !full
            ? data.statusesChanged(items, now(), cur)
            : diff && cur.byId === diff.base
              ? data.statusesChanged(diff.changed, now(), cur, diff.removed)
              : data.statusesLoaded(items, now(), cur);
      // the read's last slice, the patch, the views' lists made ready, the poll's frame and the count of
      // statuses of checks not listed: each its own turn of the loop (or turns), a key between them
      const staged = opts.prepareStatuses !== undefined;
      if (staged) await yieldToLoop();
      let cur = get().statuses;
      let patch = patchOver(cur);
      const next = patch.statuses;
      if (next?.changed !== undefined && opts.prepareStatuses) {
        await yieldToLoop();
        await opts.prepareStatuses(next);
        await yieldToLoop();
        signal?.throwIfAborted();
        // written meanwhile (a session followed to its end): the patch over them, not made ready
        if (get().statuses !== cur) {
          cur = get().statuses;
          patch = patchOver(cur);
        }
      }
      apply(store, patch);
      if (staged) await yieldToLoop();
      // a status of a check the list does not hold yet: the list is read again soon (not every 5 min)
      if (get().checks.loadedAt !== undefined && (await unknownChecks(get())) > 0) opts.onUnknownCheck?.();
    },

    /** The full check of an open detail (configuration, alert subscriptions). */
    async check(id: string, signal?: AbortSignal) {
      apply(store, checkRead(get(), await client.checks.get(id, { signal })));
    },

    async results(checkId: string, signal?: AbortSignal) {
      // the status as it was when asked: a status that moves past it makes them due again (plan.ts)
      const statusAt = toEpochMs(get().statuses.byId.get(checkId)?.updated_at);
      const items = await guard(
        () => client.checkResults.list(checkId, { limit: caps.resultsPerCheck }, { signal }),
        (m) => apply(store, data.resultsFailed(get(), checkId, m, caps)),
      );
      const at = Number.isFinite(statusAt) ? statusAt : undefined;
      apply(store, data.resultsLoaded(get(), checkId, items, now(), caps, at));
    },

    async analytics(checkId: string, kind: AnalyticsKind, o: AnalyticsOptions, signal?: AbortSignal) {
      const key = analyticsKey(checkId, o);
      const q = analyticsQuery(o, now(), kind);
      const report = await guard(
        () =>
          client.analytics.report(
            kind,
            checkId,
            {
              metrics: [...reportView(kind, o).metrics],
              from: q.from,
              to: q.to,
              ...(REPORTS[kind].interval ? { aggregationInterval: q.interval } : {}),
              // A grouping or filter the report type does not offer (status code outside URL monitors) is dropped.
              ...(o.groupBy !== "none" && GROUP_BY[kind].includes(o.groupBy) ? { groupBy: o.groupBy } : {}),
              ...(o.filter !== "all" && (REPORTS[kind].statusFilter as readonly string[]).includes(o.filter)
                ? { filterByStatus: [o.filter] }
                : {}),
              limit: 20,
            },
            signal,
          ),
        (m) => apply(store, data.analyticsFailed(get(), key, m, caps)),
      );
      apply(store, data.analyticsLoaded(get(), key, report, now(), caps));
    },

    /**
     * The heartbeat events of the last 24 h. The API returns at most 10 per request (newest first), so this
     * pages back in time by moving `endTime` to the oldest event seen, up to `heartbeatPages` requests
     * (default: enough for a day of the check's period, heartbeat-events.ts).
     */
    async heartbeats(checkId: string, _signal?: AbortSignal) {
      const to = now();
      const from = to - 86_400_000;
      const pages =
        opts.heartbeatPages ?? heartbeatPagesFor(get().checks.byId.get(checkId)?.heartbeatPeriodMs);
      // `read.from`: how far back the events read are complete (the pages may run out before the day)
      const read = await guard(
        () => readHeartbeatEvents(client, checkId, { from, to, pages }),
        (m) => apply(store, data.heartbeatsFailed(get(), checkId, m, caps)),
      );
      const { events, stats } = read;
      apply(
        store,
        data.heartbeatsLoaded(get(), checkId, { events, stats, from: read.from, to }, now(), caps),
      );
    },

    /** The next page of status pages (the cursor reached the last row). */
    async moreStatusPages() {
      const from = get().statusPages.nextId;
      if (!from) return;
      const page = await client.statusPages.list({ limit: opts.pageSize ?? 50, nextId: from });
      const cur = get().statusPages;
      if (cur.nextId !== from) return; // a refresh got there first
      const seen = new Set(cur.items.map((p) => p.id));
      const items = [...cur.items, ...page.entries.filter((p) => !seen.has(p.id))];
      apply(store, data.listRead("statusPages", { items, nextId: page.nextId ?? undefined }, now()));
    },

    /** Single reads for the open detail (full history, cards with checks, agents); failures keep the old one. */
    async incident(id: string) {
      apply(store, incidentRead(get(), await client.incidents.get(id)));
    },

    async statusPage(id: string) {
      apply(store, pageRead(get(), await client.statusPages.get(id)));
    },

    async privateLocation(id: string) {
      apply(store, locationRead(get(), await client.privateLocations.get(id)));
    },

    /** The account's non-secret variables for the webhook preview (variables.ts). */
    async variables() {
      apply(store, data.setVariables(await readVariables(client)));
    },

    /** The last pass before a failing streak older than the results held (last-pass.ts); once per streak. */
    async lastPass(checkId: string, location: string, before: number, signal?: AbortSignal) {
      const p = await findLastPass(client, checkId, location, before, signal);
      apply(store, data.lastPassLoaded(get(), checkId, location, p));
    },
  };
  // a refresh of the checks list and a read of the statuses, once both are held, one after the other
  // (big-reads.ts): together each kept the other's answer alive long enough to reach the old generation
  const { checks, statuses } = loaders;
  const oneAtATime = createBigReads(opts.bigReadWaitMs);
  loaders.checks = (signal) => oneAtATime(get().checks.loadedAt !== undefined, () => checks(signal));
  loaders.statuses = (signal) => oneAtATime(get().statuses.loadedAt !== undefined, () => statuses(signal));
  return loaders;
}

export type Loaders = ReturnType<typeof createLoaders>;
