/**
 * The lists' reading pace (src/store/sync/plan.ts): every list at the lists' pace but the private
 * locations, read at the statuses' on every pane that shows them — the overview says which location has
 * no live agent, and an agent counts as alive for only 30 s after its last call.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner, DEFAULT_INTERVALS } from "../../src/store/sync/plan.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";

describe("the lists' pace", () => {
  it("the private locations are read at the statuses' pace on the overview and pane 8, other lists at the lists'", async () => {
    const store = createConsoleStore();
    // nothing is read here: the planner only says what would be, and how often
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", retries: 0 });
    const plan = createPlanner(createLoaders(client, store), paneJobs, DEFAULT_INTERVALS);
    expect(DEFAULT_INTERVALS.statuses).toBeLessThan(DEFAULT_INTERVALS.lists);
    for (const pane of ["overview", "locations"] as const) {
      apply(store, setPane(store.getState(), pane));
      const jobs = plan(store.getState());
      expect(jobs.find((j) => j.key === "privateLocations")?.intervalMs, pane).toBe(
        DEFAULT_INTERVALS.statuses,
      );
    }
    apply(store, setPane(store.getState(), "overview"));
    expect(plan(store.getState()).find((j) => j.key === "incidents")?.intervalMs).toBe(
      DEFAULT_INTERVALS.lists,
    );
    await client.close();
  });
});
