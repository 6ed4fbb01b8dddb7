/** A key the service refuses (401) reads `✖ key refused` on the status line, never `● online`. */
import { describe, expect, it } from "vitest";
import { apply, createConsoleStore } from "../../src/store/state.ts";
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
});
