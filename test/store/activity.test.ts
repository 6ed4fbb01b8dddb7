import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../src/api/errors.ts";
import { createActivityMeter } from "../../src/store/activity.ts";
import { createConsoleStore } from "../../src/store/store.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("activity meter", () => {
  it("a quick request changes nothing on screen; a slow one shows in flight; errors are kept with their time", async () => {
    const store = createConsoleStore();
    let changes = 0;
    store.subscribe(() => changes++);
    const m = createActivityMeter(store, { flushMs: 20, now: () => new Date("2026-11-21T08:00:05Z") });
    m.onActivity({ kind: "start", method: "GET", path: "/v1/checks" });
    m.onActivity({ kind: "end", method: "GET", path: "/v1/checks", status: 200, ms: 3 });
    expect(store.getState().ui.connection).toBe("online");
    const afterOnline = changes;
    await wait(40);
    expect(changes).toBe(afterOnline);
    expect(store.getState().ui.inFlight).toBe(0);

    m.onActivity({ kind: "start", method: "GET", path: "/v1/check-statuses" });
    await wait(40);
    expect(store.getState().ui.inFlight).toBe(1);
    m.onActivity({
      kind: "error",
      method: "GET",
      path: "/v1/check-statuses",
      error: new NetworkError("GET", "/v1/check-statuses", "connect ECONNREFUSED"),
    });
    expect(store.getState().ui.connection).toBe("offline");
    expect(store.getState().ui.lastError).toMatch(/^08:00:05 GET \/v1\/check-statuses: .*ECONNREFUSED/);
    await wait(40);
    expect(store.getState().ui.inFlight).toBe(0);

    m.onActivity({ kind: "start", method: "GET", path: "/v1/x" });
    m.onActivity({
      kind: "error",
      method: "GET",
      path: "/v1/x",
      error: new ApiError({ method: "GET", path: "/v1/x", status: 404, serverMessage: "Not Found" }),
    });
    expect(store.getState().ui.connection).toBe("offline");
    m.onActivity({ kind: "start", method: "GET", path: "/v1/y" });
    m.onActivity({ kind: "end", method: "GET", path: "/v1/y", status: 200, ms: 1 });
    expect(store.getState().ui.connection).toBe("online");
    m.stop();
  });
});
