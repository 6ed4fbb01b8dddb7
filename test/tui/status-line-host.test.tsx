/**
 * The status line says which service it is talking about: a key the service refuses (401) reads
 * `✖ key refused`, never `● online`; with an error shown, the host is the last thing to give way.
 */
import { describe, expect, it } from "vitest";
import { apply, createConsoleStore } from "../../src/store/state.ts";
import { requestErrorLine } from "../../src/store/view/messages.ts";
import { setActivity, setPane } from "../../src/store/view/ui.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

describe("the status line with a refused key", () => {
  it("says ✖ key refused, not online", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    const c = renderConsole(store, { columns: 80, rows: 24 });
    try {
      await frameWhere(c, (f) => f.includes("test@"));
      apply(store, setActivity(store.getState(), { connection: "refused" }));
      const f = await frameWhere(c, (f) => f.includes("✖ key refused"));
      expect(f).not.toContain("● online");
    } finally {
      await c.close();
    }
  });

  it("with a long error at 80 columns: the host whole, the error's tail cut", async () => {
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "checks"));
    const c = renderConsole(store, { columns: 80, rows: 24 });
    try {
      await frameWhere(c, (f) => f.includes("test@"));
      const now = Date.now();
      const why = new Error(
        "connect ECONNREFUSED 127.0.0.1:9 — the service did not answer in time, retried 3 times",
      );
      apply(
        store,
        setActivity(store.getState(), {
          connection: "offline",
          lastError: requestErrorLine("GET", "/v1/check-statuses", why, now),
          lastErrorAt: now,
        }),
      );
      const f = await frameWhere(c, (f) => f.includes("✖ offline") && f.includes("ECONNREFUSED"));
      const status = f.split("\n").find((l) => l.includes("✖ offline")) ?? "";
      expect(status.startsWith("test@127.0.0.1:1 ✖ offline")).toBe(true);
      expect(status).toContain("ECONNREFUSED");
      expect(status.length).toBeLessThanOrEqual(80);
    } finally {
      await c.close();
    }
  });
});
