/**
 * The one runtime of the console and `vigil share` (src/store/runtime.ts) against the real embedded
 * service: views over one shared data (what one writes reaches every view, what is a view's stays its
 * own), one poller for the union of what the views show, and the full list read again for a status of an
 * unknown check at most once a minute, however many views there are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { checksLoaded, listLoaded } from "../../src/store/data/slices.ts";
import {
  createRuntime,
  createSharedData,
  type Runtime,
  UNKNOWN_CHECK_RELIST_MS,
} from "../../src/store/runtime.ts";
import { apply } from "../../src/store/state.ts";
import { setFilter, setPane } from "../../src/store/view/ui.ts";
import { paneSpec } from "../../src/tui/panes/lookup.ts";
import { runtimePanes } from "../../src/tui/panes/selects.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { until } from "../support/until.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ demo: true, scheduler: false });
});
afterAll(async () => {
  await svc?.dispose();
});

const open: Runtime[] = [];
afterAll(async () => {
  await Promise.all(open.map((r) => r.stop()));
});

function rig(now: () => number = Date.now) {
  const sent: string[] = [];
  const data = createSharedData();
  const client = createClient({
    baseUrl: svc.url,
    apiKey: svc.apiKey,
    readOnly: true,
    onActivity: (e) => {
      data.meter.onActivity(e);
      if (e.kind === "start") sent.push(`${e.method} ${e.path}`);
    },
  });
  const runtime = createRuntime({
    client,
    data,
    panes: runtimePanes(paneSpec("checks")),
    poller: { tickMs: 1_000_000 },
    now,
  });
  open.push(runtime);
  const view = () => runtime.addView({ actions: { readOnly: true } });
  return { runtime, view, sent };
}

describe("runtime", () => {
  it("views share the data, keep their own view, and write data through to every view", async () => {
    const { runtime, view } = rig();
    const a = view();
    const b = view();
    await runtime.poller.tick();
    await until("the checks in both views", 8000, () => b.store.getState().checks.items.length > 0);
    expect(a.store.getState().checks).toBe(runtime.data.getState().checks);
    expect(b.store.getState().checks).toBe(a.store.getState().checks);
    // a view's own: pane and filter
    apply(a.store, setPane(a.store.getState(), "incidents"));
    apply(a.store, setFilter(a.store.getState(), "incidents", "db"));
    expect(b.store.getState().ui.pane).toBe("checks");
    expect(b.store.getState().ui.filter.incidents).toBeUndefined();
    // data written through a view (an action that read a list) reaches the data and the other view, and a
    // later change of other data does not take it back
    const services = [{ id: "s1", name: "Payments" }] as never[];
    apply(a.store, listLoaded("services", services, Date.now()));
    expect(runtime.data.getState().services.items).toBe(services);
    expect(b.store.getState().services.items).toBe(services);
    apply(runtime.data, listLoaded("incidents", [], Date.now()));
    expect(a.store.getState().services.items).toBe(services);
    await a.remove();
    await b.remove();
    expect(runtime.views).toBe(0);
  });

  it("polls the union of what the views show, each resource once, and nothing for a removed view", async () => {
    const { runtime, view, sent } = rig();
    const views = Array.from({ length: 20 }, view);
    await runtime.poller.tick();
    await until("the checks", 8000, () => runtime.data.getState().checks.loadedAt !== undefined);
    // twenty views on the same pane: the requests of one
    const count = (path: string) => sent.filter((p) => p === path || p.startsWith(`${path}?`)).length;
    expect(count("GET /v1/checks")).toBe(1);
    expect(count("GET /v1/check-statuses")).toBe(1);
    // one view on the incidents pane: its list is read once, for it alone
    apply(views[0]!.store, setPane(views[0]!.store.getState(), "incidents"));
    await until("the incidents", 8000, () => runtime.data.getState().incidents.loadedAt !== undefined);
    expect(count("GET /v1/status-pages/incidents")).toBe(1);
    // once that view is gone, nobody shows incidents: their list is not read again
    await views[0]!.remove();
    runtime.poller.refreshNow();
    await until("the checks read again", 8000, () => count("GET /v1/checks") === 2);
    expect(count("GET /v1/status-pages/incidents")).toBe(1);
    await Promise.all(views.map((v) => v.remove()));
  });

  it("a status naming a check the list lacks reads the list again at most once a minute", async () => {
    let t = Date.parse("2026-11-21T07:00:00Z");
    const { runtime, view } = rig(() => t);
    const v = view();
    await runtime.poller.tick();
    await until("the list", 8000, () => runtime.data.getState().checks.items.length > 1);
    const asked: string[] = [];
    const refreshJob = runtime.poller.refreshJob;
    runtime.poller.refreshJob = (key) => {
      asked.push(key);
      refreshJob(key);
    };
    // the list loses a check the statuses still name (as a new check would be)
    const forget = () => {
      const items = runtime.data.getState().checks.items;
      apply(runtime.data, checksLoaded(items.slice(1), t));
    };
    forget();
    for (let i = 0; i < 5; i++) await runtime.loaders.statuses();
    expect(asked).toEqual(["checks"]);
    t += UNKNOWN_CHECK_RELIST_MS - 1;
    await runtime.loaders.statuses();
    expect(asked).toEqual(["checks"]);
    t += 1;
    await runtime.loaders.statuses();
    expect(asked).toEqual(["checks", "checks"]);
    await v.remove();
  });
});
