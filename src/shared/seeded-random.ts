/**
 * mulberry32: a small, fast generator of numbers in [0, 1) fully determined by its seed — the demo's
 * history draws the parts of a run from one (src/service/demo/synthetic.ts), the README's pictures seed
 * Math.random with one (scripts/screens/fixed-clock.ts), property tests use one (test/support/rng.ts).
 * Not for anything secret.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
