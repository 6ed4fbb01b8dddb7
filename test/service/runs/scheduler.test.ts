/**
 * The scheduler's tick (pure: a stand-in for the two repo reads it makes, a hand-driven clock): it starts
 * what is due, and walks the checks only when their read changed or one is due — not every second.
 */
import { describe, expect, it } from "vitest";
import { createScheduler } from "../../../src/service/engine/scheduler.ts";
import type { Repo } from "../../../src/service/repo/store.ts";

type Row = ReturnType<Repo["scheduledChecks"]>[number];

/** Rows whose walks (iterations) are counted. */
function counted(rows: Row[]) {
  const box = { walks: 0 };
  const iterate = rows[Symbol.iterator].bind(rows);
  Object.defineProperty(rows, Symbol.iterator, {
    value: () => {
      box.walks++;
      return iterate();
    },
  });
  return { rows, box };
}

describe("scheduler tick", () => {
  it("walks only when the checks changed or one is due, and starts exactly the due ones", () => {
    const MIN = 60_000;
    let t = 1_000_000_000;
    const last = new Map<string, number>([
      ["a", t - 30_000], // due in 30 s (every minute)
      ["b", t - 4 * MIN], // due in 1 min (every 5)
    ]);
    let read = counted([
      { id: "a", checkType: "URL", frequency: 1, offset: null },
      { id: "b", checkType: "URL", frequency: 5, offset: null },
    ]);
    const started: string[][] = [];
    const scheduler = createScheduler({
      repo: {
        scheduledChecks: () => read.rows,
        lastSessionStart: (id: string) => last.get(id) ?? null,
      } as unknown as Repo,
      now: () => t,
      tickMs: 1000,
      isRunning: () => false,
      start: (ids) => started.push(ids),
      heartbeatTick: () => {},
      onError: (e) => {
        throw e;
      },
    });
    scheduler.tick();
    expect(read.box.walks).toBe(1);
    for (let i = 0; i < 29; i++) {
      t += 1000;
      scheduler.tick();
    }
    expect(read.box.walks).toBe(1); // nothing due for 29 s: no walk
    expect(started).toEqual([]);
    t += 1000; // a is due
    scheduler.tick();
    expect(started).toEqual([["a"]]);
    expect(read.box.walks).toBe(2);
    t += 30_000; // b is due
    scheduler.tick();
    expect(started).toEqual([["a"], ["b"]]);
    t += 1000;
    scheduler.tick();
    expect(read.box.walks).toBe(3);
    // a check changed: a new read, walked at once (the new check is due after its jitter, ≤ 10 s)
    read = counted([...read.rows, { id: "c", checkType: "URL", frequency: 1, offset: null }]);
    scheduler.tick();
    expect(read.box.walks).toBe(1);
    t += 10_000;
    scheduler.tick();
    expect(started.at(-1)).toEqual(["c"]);
  });
});
