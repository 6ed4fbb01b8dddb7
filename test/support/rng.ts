import { mulberry32 } from "../../src/shared/seeded-random.ts";

/**
 * mulberry32, a small seeded generator for property tests (fast-check is not a dependency): a failure
 * names the seed that reproduces it.
 */
export function rng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}
