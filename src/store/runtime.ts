/**
 * One runtime for the console (`vigil`) and `vigil share`: the shared data (one store per process, which
 * the client's activity meter and the loaders write), one poller and its planner, and the views over the
 * data — the console's one, or one per viewer of `vigil share` — each with its own actions. Written once,
 * used by src/cli/console.ts and src/share/hub.ts.
 *
 * A view is the console's ordinary store (every pane, selector and key works unchanged): its data slices
 * (DataState, data/types.ts) are the shared data's, given by reference whenever they change; its view
 * slices (ViewState) are its own; a data slice written through the view (an action that read the services,
 * a followed session) goes to the shared data, so every view sees it and none is overwritten.
 *
 * Polls: the planner is the union of what each view's screen needs, de-duplicated by job key — so twenty
 * viewers on the checks pane cost the requests of one, and nothing is polled while nobody watches; each
 * view's pane switches and cursor rests reach the poller by the one rule of sync/view-watch.ts.
 *
 * The store does not know the panes: the caller passes the pane registry's jobs, what the panes select
 * for the actions, and the pane a new view starts on (src/tui/panes/).
 */
import type { Client } from "../api/client.ts";
import { type Actions, type ActionsOptions, createActions } from "./actions/actions.ts";
import type { PaneHooks } from "./actions/targets.ts";
import { type ActivityMeter, createActivityMeter } from "./data/activity.ts";
import { createLoaders, type Loaders } from "./data/loaders.ts";
import { DATA_SLICES, type DataState } from "./data/types.ts";
import { apply, type ConsoleState, type ConsoleStore, createConsoleStore } from "./state.ts";
import { createPlanner, DEFAULT_INTERVALS, type Intervals, type PaneJobs } from "./sync/plan.ts";
import { createPoller, type Job, type Poller, type PollerOptions } from "./sync/poller.ts";
import { watchView } from "./sync/view-watch.ts";
import { prepareCheckRows } from "./view/selectors.ts";
import type { Pane } from "./view/types.ts";
import { setActivity, setPane } from "./view/ui.ts";
import { withWatchJobs } from "./watch/jobs.ts";

/** The full checks list is read again for a status naming a check it lacks — at most this often. */
export const UNKNOWN_CHECK_RELIST_MS = 60_000;

/** The shared data and the activity meter writing to it (made before the client, whose `onActivity` it is). */
export type SharedData = { store: ConsoleStore; meter: ActivityMeter };

export function createSharedData(): SharedData {
  const store = createConsoleStore();
  return { store, meter: createActivityMeter(store) };
}

/** The panes as the runtime needs them (src/tui/panes/: the registry's jobs, selections, start pane). */
export type RuntimePanes = { jobs: PaneJobs; hooks: PaneHooks; start: Pane };

export type RuntimeOptions = {
  client: Client;
  data: SharedData;
  panes: RuntimePanes;
  intervals?: Intervals;
  /**
   * The whole checks list and every status read again this often (default every 5 minutes: the checks
   * job's interval and the statuses' full read, api/check-statuses.ts); only shorter is taken.
   */
  fullReadMs?: number;
  poller?: PollerOptions;
  now?: () => number;
};

export type View = {
  /** The view's store: the shared data and this view's own state. */
  readonly store: ConsoleStore;
  readonly actions: Actions;
  /** Stop feeding the view and its actions (its followed sessions end). */
  remove(): Promise<void>;
};

/** Where the data dir's local service is, and its usual address when it is not there. */
export type LocalAt = { url: string; usualUrl?: string | undefined };

export type Runtime = {
  readonly data: ConsoleStore;
  readonly poller: Poller;
  readonly loaders: Loaders;
  readonly views: number;
  /** A new view over the shared data, on `pane` (default: the start pane), with its own actions. */
  addView(o: { pane?: Pane; actions: Omit<ActionsOptions, "panes"> }): View;
  /**
   * Which service, for the status line ("local service pid 1234"); for the data dir's local one also where
   * it is and, when that is not its usual address, the usual one (status line, ping URLs).
   */
  setService(label: string, at?: LocalAt): void;
  /** The service moved (a restarted local one): requests go to `url`, it is named, everything is read again. */
  serviceMoved(url: string, label: string, usualUrl?: string): void;
  start(): void;
  /** Stop polling and every view; the client and the meter are stopped too. */
  stop(): Promise<void>;
};

/** The data slices of `data` that differ from `view`'s, as a patch. */
function sharedPatch(data: ConsoleState, view: ConsoleState): Partial<ConsoleState> {
  const patch: Partial<Record<keyof DataState, unknown>> = {};
  for (const k of DATA_SLICES) if (view[k] !== data[k]) patch[k] = data[k];
  return patch as Partial<ConsoleState>;
}

const DATA_KEYS: ReadonlySet<string> = new Set(DATA_SLICES);

/**
 * A view's store over `data`: fed with its data slices, writing them through to it. Returns the store
 * and how to stop feeding it.
 */
export function createViewStore(data: ConsoleStore, pane: Pane): { store: ConsoleStore; detach(): void } {
  const view = createConsoleStore();
  apply(view, setPane(view.getState(), pane));
  apply(view, sharedPatch(data.getState(), view.getState()));
  const own = view.setState;
  view.setState = ((partial: Parameters<ConsoleStore["setState"]>[0], replace?: false) => {
    const patch = typeof partial === "function" ? partial(view.getState()) : partial;
    const toData: Record<string, unknown> = {};
    const toView: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) (DATA_KEYS.has(k) ? toData : toView)[k] = v;
    if (Object.keys(toData).length > 0) data.setState(toData as Partial<ConsoleState>); // reaches this view too
    if (Object.keys(toView).length > 0) own(toView as Partial<ConsoleState>, replace);
  }) as ConsoleStore["setState"];
  const off = data.subscribe((s) => {
    const patch = sharedPatch(s, view.getState());
    if (Object.keys(patch).length > 0) own(patch);
  });
  return { store: view, detach: off };
}

export function createRuntime(o: RuntimeOptions): Runtime {
  const { client, panes } = o;
  const data = o.data.store;
  const now = o.now ?? Date.now;
  const views = new Set<ConsoleStore>();
  const removers = new Set<() => Promise<void>>();
  const given = o.intervals ?? DEFAULT_INTERVALS;
  const fullReadMs = o.fullReadMs !== undefined && o.fullReadMs < given.checks ? o.fullReadMs : undefined;
  const intervals = fullReadMs !== undefined ? { ...given, checks: fullReadMs } : given;

  // a status of a check the list lacks (a new check): read the list again, at most once a minute — with
  // more checks than one page that is many requests, whatever the number of views
  let listAskedAt = Number.NEGATIVE_INFINITY;
  const loaders = createLoaders(client, data, {
    onUnknownCheck: () => {
      if (now() - listAskedAt < UNKNOWN_CHECK_RELIST_MS) return;
      listAskedAt = now();
      poller.refreshJob("checks");
    },
    // each view's checks list made ready for a status poll before it is put in (check-rows.ts `prepare`)
    prepareStatuses: async (next) => {
      for (const v of [...views]) await prepareCheckRows(v.getState(), next);
    },
    fullReadMs,
  });
  // the shown panes' jobs, and the checks and statuses whatever the pane (the title's watch needs them)
  const plan = createPlanner(loaders, withWatchJobs(panes.jobs), intervals);
  const union = (): Job[] => {
    const jobs = new Map<string, Job>();
    for (const v of views) for (const j of plan(v.getState())) if (!jobs.has(j.key)) jobs.set(j.key, j);
    return [...jobs.values()];
  };
  const poller = createPoller(data, union, o.poller);

  return {
    data,
    poller,
    loaders,
    get views() {
      return views.size;
    },
    addView(v) {
      const { store, detach } = createViewStore(data, v.pane ?? panes.start);
      const actions = createActions(client, store, poller, { ...v.actions, panes: panes.hooks });
      views.add(store);
      const unwatch = watchView(store, poller);
      void poller.tick();
      let removed: Promise<void> | undefined;
      const remove = () => {
        removed ??= (async () => {
          unwatch();
          views.delete(store);
          detach();
          removers.delete(remove);
          await actions.stop();
        })();
        return removed;
      };
      removers.add(remove);
      return { store, actions, remove };
    },
    setService(label, at) {
      apply(
        data,
        setActivity(data.getState(), {
          service: label,
          ...(at ? { serviceUrl: at.url, serviceUsualUrl: at.usualUrl } : {}),
        }),
      );
    },
    serviceMoved(url, label, usualUrl) {
      client.http.retarget(url);
      apply(
        data,
        setActivity(data.getState(), { service: label, serviceUrl: url, serviceUsualUrl: usualUrl }),
      );
      poller.refreshNow();
    },
    start: () => poller.start(),
    async stop() {
      poller.stop();
      await Promise.allSettled([...removers].map((r) => r()));
      o.data.meter.stop();
      await client.close().catch(() => undefined);
    },
  };
}
