/** Status pages along the API's cursor: a page at a time, the next one when the cursor reaches the end. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { createPlanner, DEFAULT_INTERVALS } from "../../src/store/sync/plan.ts";
import { createPoller } from "../../src/store/sync/poller.ts";
import { moveCursor, setPane } from "../../src/store/view/ui.ts";
import { paneJobs } from "../../src/tui/panes/lookup.ts";
import { startTestService, type TestService } from "../service/support.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
  for (let i = 1; i <= 5; i++)
    await svc.call("POST", "/v1/status-pages", { name: `Page ${i}`, url: `page-${i}`, cards: [] });
});
afterAll(async () => {
  await svc?.dispose();
});

describe("status pages paging", () => {
  it("reads 2 at a time, the next page when the cursor is on the last row, and a refresh keeps them", async () => {
    const sent: string[] = [];
    const client = createClient({
      baseUrl: svc.url,
      apiKey: svc.apiKey,
      onActivity: (e) => {
        if (e.kind === "start") sent.push(e.path);
      },
    });
    const store = createConsoleStore();
    const loaders = createLoaders(client, store, { pageSize: 2 });
    const poller = createPoller(store, createPlanner(loaders, paneJobs, DEFAULT_INTERVALS), {
      tickMs: 10_000,
    });
    apply(store, setPane(store.getState(), "pages"));
    await poller.tick();
    expect(store.getState().statusPages.items).toHaveLength(2);
    expect(store.getState().statusPages.nextId).toBeTruthy();
    await poller.tick(); // the cursor is on row 0 of 2: nothing more yet
    expect(store.getState().statusPages.items).toHaveLength(2);
    const down = () =>
      apply(
        store,
        moveCursor(store.getState(), "pages", store.getState().statusPages.items.length, { row: 99 }),
      );
    down();
    await poller.tick();
    expect(store.getState().statusPages.items).toHaveLength(4);
    down();
    await poller.tick();
    const s = store.getState().statusPages;
    expect(s.items.map((p) => p.name).sort()).toEqual(["Page 1", "Page 2", "Page 3", "Page 4", "Page 5"]);
    expect(s.nextId).toBeUndefined();
    // a refresh reads as many pages as were shown
    await loaders.statusPages();
    expect(store.getState().statusPages.items).toHaveLength(5);
    // besides the liveness probe, only status pages were read
    expect(sent.filter((p) => p !== "/v1/locations").every((p) => p.startsWith("/v1/status-pages"))).toBe(
      true,
    );
    poller.stop();
    await client.close();
  });
});
