/**
 * The check detail's result strip: run symbols and response times one cell per result in the same
 * columns, response times on a scale from 0 to the printed max, a run without a time a `·`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resultsLoaded } from "../../src/store/data/slices.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply } from "../../src/store/state.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

let open: { unmount: () => void } | undefined;
afterEach(() => open?.unmount());

describe("check detail result strip", () => {
  it("draws the same runs under their symbols, from 0 to the max, flat at its level", async () => {
    const c1 = check({ name: "Login page" });
    const store = storeWith([c1], [status(c1.id, "failing")]);
    const at = (i: number) => new Date(Date.parse("2026-11-21T06:00:00Z") + i * 300_000).toISOString();
    // newest first, as the service lists them: 5 runs of 200 ms, one failed without a time, one of 100 ms
    const times = [200, 200, 200, null, 100, 200, 200];
    const items = times
      .map((t, i) => ({
        id: `r${i}`,
        startedAt: at(i),
        responseTime: t,
        hasFailures: t === null,
        hasErrors: false,
        runLocation: "eu-west-1",
      }))
      .reverse();
    apply(store, resultsLoaded(store.getState(), c1.id, items, Date.now(), DEFAULT_CAPS));
    const c = renderConsole(store, { columns: 100, rows: 40 });
    open = c;
    await c.press("\r");
    const f = await frameWhere(c, (x) => x.includes("Recent results"));
    const lines = f.split("\n");
    const i = lines.findIndex((l) => l.includes("Recent results (7"));
    expect(lines[i + 1]).toBe("  ✔✔✔✖✔✔✔");
    // 100 ms of a 200 ms max is half a bar, not the lowest one; the failed run without a time is a gap
    expect(lines[i + 2]).toBe("  ███·▄██  0–200 ms · max 200 ms · last 200 ms");
  });
});
