/**
 * The status line's last error (issue 28): reason first, so a narrow terminal never cuts it; its own
 * `GET /v1/… failed:` prefix not repeated; shown for ERROR_SHOWN_MS on the pane it happened on only.
 */
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../src/api/errors.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import {
  actionErrorLine,
  ERROR_SHOWN_MS,
  errorReason,
  requestErrorLine,
  shownError,
} from "../../src/store/view/messages.ts";
import { setActivity, setPane } from "../../src/store/view/ui.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const LONG =
  "/v1/checks/0f6f0a8e-8d5c-4a8e-9d7c-0a1b2c3d4e5f/results?limit=100&from=1763700000&to=1763786400";
const api = new ApiError({ status: 500, serverMessage: "database is locked", method: "GET", path: LONG });

describe("the last error's line", () => {
  it("says the reason first and the request once", () => {
    expect(errorReason(api)).toBe("500 database is locked");
    expect(errorReason(new NetworkError("GET", "/v1/checks", "connect ECONNREFUSED 127.0.0.1:9"))).toBe(
      "network error: connect ECONNREFUSED 127.0.0.1:9",
    );
    const at = Date.parse("2026-11-25T08:00:05Z");
    const line = requestErrorLine("GET", LONG, api, at);
    expect(line).toBe(
      "500 database is locked — GET /v1/checks/0f6f0a8e-8d5c-4a8e-9d7c-0a1b2c3d4e5f/results at 08:00:05",
    );
    expect(line.match(/GET \/v1/g)).toHaveLength(1);
    expect(actionErrorLine("mute", api)).toBe("mute: 500 database is locked");
    expect(actionErrorLine("mute", new Error("mute: refused"))).toBe("mute: refused");
  });

  it("is shown for ERROR_SHOWN_MS, and only since the pane was opened", () => {
    const at = 1_000_000;
    const a = { lastError: "500 x", lastErrorAt: at };
    expect(shownError(a, 0, at)).toBe("500 x");
    expect(shownError(a, 0, at + ERROR_SHOWN_MS - 1)).toBe("500 x");
    expect(shownError(a, 0, at + ERROR_SHOWN_MS)).toBeUndefined();
    expect(shownError(a, at + 1, at + 2)).toBeUndefined();
    expect(shownError({ lastError: undefined }, 0, at)).toBeUndefined();
  });
});

describe("on the status line", () => {
  it("80 columns show the reason; another pane does not show it; an old one is gone", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    const c = renderConsole(store, { columns: 80, rows: 24 });
    try {
      await frameWhere(c, (f) => f.includes("test@"));
      const now = Date.now();
      apply(
        store,
        setActivity(store.getState(), {
          lastError: requestErrorLine("GET", LONG, api, now),
          lastErrorAt: now,
        }),
      );
      const f = await frameWhere(c, (f) => f.includes("✖ 500"));
      const status = f.split("\n").find((l) => l.includes("✖ 500")) ?? "";
      expect(status).toContain("✖ 500 database is locked");
      apply(store, setPane(store.getState(), "incidents"));
      await frameWhere(c, (f) => !f.includes("database is locked"));
      // back on the pane: an error from before it was opened again stays away
      apply(store, setPane(store.getState(), "checks"));
      await frameWhere(c, (f) => !f.includes("database is locked") && f.includes("test@"));
      // a new error that is already older than ERROR_SHOWN_MS is not shown
      const old = Date.now() - ERROR_SHOWN_MS - 1;
      apply(store, setActivity(store.getState(), { lastError: "503 old news", lastErrorAt: old }));
      const fresh = Date.now();
      apply(store, setActivity(store.getState(), { lastError: "502 fresh", lastErrorAt: fresh }));
      await frameWhere(c, (f) => f.includes("✖ 502 fresh"));
      apply(store, setActivity(store.getState(), { lastError: "503 old news", lastErrorAt: old }));
      await frameWhere(c, (f) => !f.includes("502 fresh") && !f.includes("old news"));
    } finally {
      await c.close();
    }
  });

  it("80 columns, read-only, on the local service: the service named whole in short, every state word whole", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    apply(
      store,
      setActivity(store.getState(), {
        service: "local service (stops with the last console)",
        connection: "online",
      }),
    );
    const c = renderConsole(store, { columns: 80, rows: 24 }, { readOnly: true });
    try {
      const f = await frameWhere(c, (f) => f.includes("local service"));
      const status = f.split("\n").find((l) => l.includes("local service")) ?? "";
      expect(status).toMatch(/^test · local service READ-ONLY +● online · .+ · ⇅ \d+$/);
      expect(status).not.toContain("…");
    } finally {
      await c.close();
    }
  });
});
