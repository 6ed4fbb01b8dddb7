/**
 * The console keeps V8's young generation at its size (src/cli/nursery.ts): one long task that keeps what
 * it allocates — what doubles the nursery, scavenge after scavenge — leaves it as it was.
 */
import { getHeapSpaceStatistics } from "node:v8";
import { expect, it } from "vitest";
import { capNursery } from "../../src/cli/nursery.ts";

const nursery = () => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

it("a long task that keeps what it allocates does not grow the nursery", () => {
  const start = nursery();
  const uncap = capNursery();
  try {
    const kept: { i: number; s: string }[][] = [];
    // one synchronous task: ~60 MB kept in small objects (without the cap: 1 MB → 128 MB)
    for (let b = 0; b < 600; b++) kept.push(Array.from({ length: 5000 }, (_, i) => ({ i, s: `x${b}:${i}` })));
    expect(kept.length).toBe(600);
    expect(nursery()).toBeLessThanOrEqual(start);
  } finally {
    uncap();
  }
});
