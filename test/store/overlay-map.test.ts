/** OverlayMap against a plain Map copied at every step: the same entries, sizes and reads; no step changes the map before it. */
import { describe, expect, it } from "vitest";
import { OverlayMap } from "../../src/store/data/overlay-map.ts";
import { rng } from "../support/rng.ts";

describe("OverlayMap", () => {
  it.each([1, 2, 3, 4])("reads as a copied Map over random sets (seed %i)", (seed) => {
    const r = rng(seed);
    let plain = new Map(Array.from({ length: 200 }, (_, i) => [`k${i}`, { v: i }]));
    let layered: ReadonlyMap<string, { v: number }> = new Map(plain);
    let flattened = 0;
    for (let step = 0; step < 200; step++) {
      const set = new Map<string, { v: number }>();
      for (let n = r.int(6); n > 0; n--) set.set(`k${r.int(260)}`, { v: -step });
      const before = [...layered];
      const next = OverlayMap.with(layered, set);
      expect([...layered]).toEqual(before);
      plain = new Map(plain);
      for (const [k, v] of set) plain.set(k, v);
      if (!(next instanceof OverlayMap)) flattened++;
      layered = next;
      expect(layered.size).toBe(plain.size);
      expect(new Map(layered)).toEqual(plain);
      expect(new Set(layered.keys())).toEqual(new Set(plain.keys()));
      expect([...layered.values()].length).toBe(plain.size);
      const seen: string[] = [];
      layered.forEach((v, k) => {
        expect(v).toBe(plain.get(k));
        seen.push(k);
      });
      expect(seen.length).toBe(plain.size);
      for (let i = 0; i < 270; i += 7) {
        expect(layered.get(`k${i}`)).toBe(plain.get(`k${i}`));
        expect(layered.has(`k${i}`)).toBe(plain.has(`k${i}`));
      }
    }
    // the entries set over the base are folded into a new one now and then, not copied every time
    expect(flattened).toBeGreaterThan(0);
    expect(flattened).toBeLessThan(40);
  });

  it.each([5, 6, 7])(
    "compacted in slices now and then, reads the same and goes on as a copied Map (seed %i)",
    async (seed) => {
      const r = rng(seed);
      let plain = new Map(Array.from({ length: 300 }, (_, i) => [`k${i}`, { v: i }]));
      let layered: ReadonlyMap<string, { v: number }> = new Map(plain);
      let compacted = 0;
      let folded = 0;
      let gaveUp = 0;
      for (let step = 0; step < 150; step++) {
        if (OverlayMap.wantsCompact(layered)) {
          const before = [...layered];
          let pauses = 0;
          // now and then a compaction given up half way (its pause says stop): nothing kept
          const stop = r.next() < 0.3;
          await OverlayMap.compact(layered, async () => ++pauses > 1 && stop, 7);
          expect(pauses).toBeGreaterThan(1);
          expect([...layered]).toEqual(before);
          if (stop) gaveUp++;
          else {
            compacted++;
            expect(OverlayMap.wantsCompact(layered)).toBe(false);
          }
        }
        const set = new Map<string, { v: number }>();
        for (let n = r.int(8); n > 0; n--) set.set(`k${r.int(360)}`, { v: -step });
        const next = OverlayMap.with(layered, set);
        if (!(next instanceof OverlayMap)) folded++;
        plain = new Map(plain);
        for (const [k, v] of set) plain.set(k, v);
        layered = next;
        expect(layered.size).toBe(plain.size);
        expect(new Map(layered)).toEqual(plain);
        expect([...layered.keys()]).toEqual([...layered].map(([k]) => k));
      }
      expect(compacted).toBeGreaterThan(0);
      // compacted before it grew to an eighth of its base: folded in one block only after a compaction
      // was given up
      expect(folded).toBeLessThanOrEqual(gaveUp);
    },
  );
});
