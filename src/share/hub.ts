/**
 * The shared data of `vigil share`: ONE store of resources, one poller, one set of loaders and one
 * activity meter for every viewer, and per viewer a store of its own for what is that viewer's (pane,
 * cursor, filter, marks, overlay, forms). A viewer's store is the console's ordinary store (every pane,
 * selector and key works unchanged): its data slices (DataState in store/types.ts — resources, variables,
 * activity) are the hub's, copied by reference whenever the hub's change; its view slices (ViewState) are
 * its own.
 *
 * Polls: the hub's planner is the union of what each viewer's screen needs (the console's own planner run
 * over each viewer's state), de-duplicated by job key — so 20 viewers on the checks pane cost the requests
 * of one, and nothing is polled while nobody watches. A viewer's pane switch or cursor rest ticks the hub's
 * poller as the console's own subscription does.
 */
import type { Client } from "../api/client.ts";
import { createLoaders } from "../store/data/loaders.ts";
import { DATA_SLICES } from "../store/data/types.ts";
import { apply, type ConsoleState, type ConsoleStore, createConsoleStore } from "../store/state.ts";
import { createPlanner } from "../store/sync/plan.ts";
import { createPoller, type Job, type Poller } from "../store/sync/poller.ts";
import { setPane } from "../store/view/ui.ts";
import { withWatchJobs } from "../store/watch/jobs.ts";
import { paneJobs, startPaneSpec } from "../tui/panes/lookup.ts";

export type Hub = {
  /** The shared store (resources; the activity meter's connection state). */
  readonly store: ConsoleStore;
  readonly poller: Poller;
  /** A new viewer's own store, fed from the hub until `remove`. */
  addViewer(): { store: ConsoleStore; remove(): void };
  readonly viewers: number;
  stop(): void;
};

/**
 * `store` is the shared store the client's activity meter writes to (createActivityMeter(store) before the
 * client, whose `onActivity` it is).
 */
export function createHub(client: Client, store: ConsoleStore): Hub {
  const viewers = new Set<ConsoleStore>();
  const loaders = createLoaders(client, store, {
    onUnknownCheck: () => poller.refreshJob("checks"),
  });
  // each viewer's title follows the checks and statuses, whatever its pane (store/watch/)
  const plan = createPlanner(loaders, withWatchJobs(paneJobs));
  const union = (): Job[] => {
    const jobs = new Map<string, Job>();
    for (const v of viewers) for (const j of plan(v.getState())) if (!jobs.has(j.key)) jobs.set(j.key, j);
    return [...jobs.values()];
  };
  const poller = createPoller(store, union);

  /** The hub's data slices as a patch for a viewer (only what differs). */
  const sharedPatch = (hub: ConsoleState, v: ConsoleState): Partial<ConsoleState> => {
    const patch: Partial<ConsoleState> = {};
    for (const k of DATA_SLICES) if (v[k] !== hub[k]) (patch as Record<string, unknown>)[k] = hub[k];
    return patch;
  };
  const unsubscribe = store.subscribe((s) => {
    for (const v of viewers) apply(v, sharedPatch(s, v.getState()));
  });

  let restTimer: NodeJS.Timeout | undefined;
  const restTick = () => {
    if (restTimer) clearTimeout(restTimer);
    restTimer = setTimeout(() => void poller.tick(), 150);
    restTimer.unref?.();
  };

  return {
    store,
    poller,
    get viewers() {
      return viewers.size;
    },
    addViewer() {
      const v = createConsoleStore();
      // a viewer lands where the console does: the first pane (the overview)
      apply(v, setPane(v.getState(), startPaneSpec(undefined)?.id ?? "checks"));
      apply(v, sharedPatch(store.getState(), v.getState()));
      viewers.add(v);
      const off = v.subscribe((s, prev) => {
        const ui = s.ui;
        const was = prev.ui;
        if (ui.pane !== was.pane || ui.detail !== was.detail || ui.analytics !== was.analytics)
          void poller.tick();
        else if (
          ui.cursor !== was.cursor ||
          ui.selectedCheckId !== was.selectedCheckId ||
          ui.checksWindow !== was.checksWindow
        )
          restTick();
      });
      void poller.tick();
      return {
        store: v,
        remove() {
          off();
          viewers.delete(v);
        },
      };
    },
    stop() {
      unsubscribe();
      if (restTimer) clearTimeout(restTimer);
      poller.stop();
    },
  };
}
