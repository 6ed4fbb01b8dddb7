/**
 * The console store (zustand, vanilla: usable without React, so the poller, the actions and the tests run
 * without Ink): the shared data (data/types.ts, one per process) beside one viewer's view (view/types.ts).
 * State is data only; changes go through the reducers (data/slices.ts, view/ui.ts, view/work.ts, …).
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { LIST_KEYS, type ListKey } from "./data/lists/index.ts";
import type { DataState, ListSlice, ListsState } from "./data/types.ts";
import { emptyHistory, initialDrill } from "./results/types.ts";
import { newViewMemo } from "./view/memo.ts";
import type { ViewState } from "./view/types.ts";
import { initialUi } from "./view/ui.ts";
import { initialWork } from "./view/work.ts";

/** What one viewer's store holds: the shared data and its own view. */
export type ConsoleState = DataState & ViewState;

export type ConsoleStore = StoreApi<ConsoleState>;

const empty = { loadedAt: undefined, error: undefined };

/** Every list of the lists registry (data/lists/), empty. */
function emptyLists(): ListsState {
  const lists: Partial<Record<ListKey, ListSlice<never>>> = {};
  for (const k of LIST_KEYS) lists[k] = { ...empty, items: [] };
  return lists as ListsState;
}

export function initialState(): ConsoleState {
  return {
    checks: { ...empty, items: [], byId: new Map() },
    statuses: { ...empty, byId: new Map() },
    results: { byCheck: new Map() },
    sessions: { order: [], byId: new Map() },
    analytics: { cache: new Map() },
    heartbeats: { byCheck: new Map() },
    ...emptyLists(),
    lastPasses: new Map(),
    details: {
      checks: new Map(),
      incidents: new Map(),
      pages: new Map(),
      locations: new Map(),
      readAt: new Map(),
    },
    variables: undefined,
    activity: { connection: "connecting", inFlight: 0, lastError: undefined },
    history: emptyHistory(),
    work: initialWork(),
    ui: initialUi(),
    drill: initialDrill(),
    memo: newViewMemo(),
  };
}

export function createConsoleStore(init: Partial<ConsoleState> = {}): ConsoleStore {
  const store = createStore<ConsoleState>()(() => ({ ...initialState(), ...init }));
  // a selector's work finished later (memo.ts): the same data, asked again
  store.getState().memo.wake = () => store.setState({ memo: store.getState().memo });
  return store;
}

/** Apply a reducer's patch (a no-op patch does not notify anyone). */
export function apply(store: ConsoleStore, patch: Partial<ConsoleState>): void {
  if (Object.keys(patch).length > 0) store.setState(patch);
}
