/**
 * A section that holds nothing says whether it is being read (src/store/view/read-state.ts): "reading…"
 * only while a read may be under way; "not read" once its read failed or while the service does not
 * answer (offline: nothing but the probe runs) — and no count beside it ("0 open" reads as "none open").
 * Against an unreachable service pane 5 said 'incidents: reading… · 0 open' and the overview 'incidents:
 * reading… · alert deliveries: reading… · private locations: reading…'.
 */
import { describe, expect, it } from "vitest";
import { loadFailed } from "../../src/store/data/slices.ts";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { unreadWord } from "../../src/store/view/read-state.ts";
import { setActivity, setPane } from "../../src/store/view/ui.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

describe("the rule", () => {
  it("reading… while a read may be under way; not read after a failure or while offline / refused", () => {
    expect(unreadWord({ loadedAt: 1 }, "offline")).toBeUndefined();
    expect(unreadWord({ loadedAt: undefined }, "connecting")).toBe("reading…");
    expect(unreadWord({ loadedAt: undefined }, "online")).toBe("reading…");
    expect(unreadWord({ loadedAt: undefined }, "offline")).toBe("not read");
    expect(unreadWord({ loadedAt: undefined }, "refused")).toBe("not read");
    expect(unreadWord({ loadedAt: undefined, error: "404" }, "online")).toBe("not read");
  });
});

describe("pane 5 and the overview against a service that does not answer", () => {
  it("pane 5: 'incidents: reading…' while connecting, 'not read' once offline — never '0 open'", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "incidents"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    try {
      const reading = await frameWhere(c, (f) => f.includes("incidents: reading…"));
      expect(reading).not.toMatch(/\b0 open/);
      apply(
        store,
        setActivity(store.getState(), {
          connection: "offline",
          lastError: "network error: connect ECONNREFUSED 127.0.0.1:9",
        }),
      );
      const offline = await frameWhere(c, (f) => f.includes("incidents: not read"));
      expect(offline).not.toMatch(/reading…|\b0 open/);
      // back online, its read failed: still not read (the error is the list's own line below)
      apply(store, setActivity(store.getState(), { connection: "online", lastError: undefined }));
      apply(store, loadFailed(store.getState(), "incidents", "500 internal error"));
      const failed = await frameWhere(c, (f) => f.includes("✖ 500 internal error"));
      expect(failed).toContain("incidents: not read");
      expect(failed).not.toMatch(/reading…|\b0 open/);
    } finally {
      await c.close();
    }
  });

  it("overview: the sections say 'not read' while offline, not 'reading…'", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    try {
      await frameWhere(c, (f) => f.includes("incidents: reading…"));
      apply(
        store,
        setActivity(store.getState(), {
          connection: "offline",
          lastError: "network error: connect ECONNREFUSED 127.0.0.1:9",
        }),
      );
      const f = await frameWhere(c, (x) => x.includes("incidents: not read"));
      expect(f).toContain("alert deliveries: not read");
      expect(f).toContain("private locations: not read");
      expect(f).toContain("checks: not read");
      expect(f).toContain("counts: not read");
      expect(f).not.toMatch(/reading…|loading checks…/);
    } finally {
      await c.close();
    }
  });
});
