import { describe, expect, it } from "vitest";
import { collectPages, planPages, totalOf } from "../../src/api/pagination.ts";

describe("totalOf (Content-Range)", () => {
  it.each([
    ["0-9/57", 57],
    ["*/57", 57],
    ["items 10-19/57", 57],
    [["0-0/1"], 1],
    ["bytes 0-9/*", undefined],
    ["garbage", undefined],
    [undefined, undefined],
  ])("%j → %s", (header, total) => {
    expect(totalOf(header as string | string[] | undefined)).toBe(total);
  });
});

describe("collectPages", () => {
  it("stops at the total even when the last page is full", async () => {
    const asked: number[] = [];
    const progress: [number, number | undefined][] = [];
    const all = await collectPages(
      async (page, limit) => {
        asked.push(page);
        return { items: Array.from({ length: limit }, (_, i) => (page - 1) * limit + i), total: 6 };
      },
      { limit: 3, onPage: (n, t) => progress.push([n, t]) },
    );
    expect(all).toEqual([0, 1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2]);
    expect(progress).toEqual([
      [3, 6],
      [6, 6],
    ]);
  });

  it("without a total, a short page ends the list", async () => {
    const asked: number[] = [];
    const all = await collectPages(
      async (page) => {
        asked.push(page);
        return page < 3 ? [page, page] : [page];
      },
      { limit: 2 },
    );
    expect(all).toEqual([1, 1, 2, 2, 3]);
    expect(asked).toEqual([1, 2, 3]);
  });
});

describe("collectPages with concurrency", () => {
  it("asks for the rest of the pages a few at a time once the first tells the total, and keeps their order", async () => {
    let running = 0;
    let most = 0;
    const asked: number[] = [];
    const total = 950;
    const fetchPage = async (page: number, limit: number) => {
      asked.push(page);
      running++;
      most = Math.max(most, running);
      // later pages answer sooner: the order must still be the pages' own
      await new Promise((r) => setTimeout(r, 20 - Math.min(page, 19)));
      running--;
      const from = (page - 1) * limit;
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
      return { items, total };
    };
    const seen: number[] = [];
    const got = await collectPages(fetchPage, { limit: 100, concurrency: 4, onPage: (n) => seen.push(n) });
    expect(got).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(asked.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(total);
  });

  it("offers the items read so far in their order: the pages up to the first one still out", async () => {
    const total = 500;
    const release = new Map<number, () => void>();
    const fetchPage = async (page: number, limit: number) => {
      if (page > 1) await new Promise<void>((r) => release.set(page, r));
      const from = (page - 1) * limit;
      return { items: Array.from({ length: Math.min(limit, total - from) }, (_, i) => from + i), total };
    };
    const prefixes: number[][] = [];
    const done = collectPages(fetchPage, {
      limit: 100,
      concurrency: 4,
      onPage: (_n, _t, prefix) => prefixes.push(prefix()),
    });
    const answer = async (page: number) => {
      while (!release.has(page)) await new Promise((r) => setImmediate(r));
      release.get(page)?.();
      const seen = prefixes.length;
      while (prefixes.length === seen) await new Promise((r) => setImmediate(r));
    };
    await answer(3); // page 2 still out: only page 1 so far
    await answer(2); // pages 1-3
    await answer(5); // page 4 still out
    await answer(4);
    await done;
    const ends = prefixes.map((p) => p.length);
    expect(ends).toEqual([100, 100, 300, 300, 500]);
    for (const p of prefixes) expect(p).toEqual(Array.from({ length: p.length }, (_, i) => i));
  });

  it("one at a time, still in the service's wider pages once the first offers them", async () => {
    let running = 0;
    let most = 0;
    const asked: string[] = [];
    const total = 2350;
    const got = await collectPages(
      async (page, limit) => {
        asked.push(`${page}x${limit}`);
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setImmediate(r));
        running--;
        const from = (page - 1) * limit;
        const items = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
        return { items, total, pageMax: 1000 };
      },
      { limit: 100, concurrency: 1 },
    );
    expect(got).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(asked).toEqual(["1x100", "1x1000", "2x1000", "3x1000"]);
    expect(most).toBe(1);
  });

  it("reads one page after another when the service tells no total", async () => {
    let running = 0;
    let most = 0;
    const got = await collectPages(
      async (page, limit) => {
        running++;
        most = Math.max(most, running);
        await Promise.resolve();
        running--;
        return page < 3 ? Array.from({ length: limit }, () => page) : [page];
      },
      { limit: 2, concurrency: 4 },
    );
    expect(got).toEqual([1, 1, 2, 2, 3]);
    expect(most).toBe(1);
  });
});

describe("planPages (the pages after the first)", () => {
  it("without wider pages: the next pages of the same size, up to the total or the cap", () => {
    expect(planPages({ limit: 100, got: 100, total: 350, max: Infinity })).toEqual([
      { page: 2, limit: 100, skip: 0 },
      { page: 3, limit: 100, skip: 0 },
      { page: 4, limit: 100, skip: 0 },
    ]);
    expect(planPages({ limit: 100, got: 100, total: 1000, max: 250 }).map((p) => p.page)).toEqual([2, 3]);
    expect(planPages({ limit: 100, got: 100, total: 100, max: Infinity })).toEqual([]);
    expect(planPages({ limit: 100, got: 100, total: 5000, max: 100 })).toEqual([]);
    // a wider page no larger than the first is no offer
    expect(planPages({ limit: 100, got: 100, total: 300, max: Infinity, pageMax: 50 })).toHaveLength(2);
  });

  it("with wider pages: numbered in their size, the items held skipped, every item asked for once", () => {
    expect(planPages({ limit: 100, got: 100, total: 2500, max: Infinity, pageMax: 1000 })).toEqual([
      { page: 1, limit: 1000, skip: 100 },
      { page: 2, limit: 1000, skip: 0 },
      { page: 3, limit: 1000, skip: 0 },
    ]);
    expect(planPages({ limit: 100, got: 100, total: 1000, max: Infinity, pageMax: 1000 })).toEqual([
      { page: 1, limit: 1000, skip: 100 },
    ]);
    // any sizes: the items asked for, after the skips, are exactly those after the first page, up to the cap
    for (const [limit, pageMax, total, max] of [
      [100, 1000, 100_000, 100_000],
      [100, 1000, 123_456, 100_000],
      [10, 35, 1003, Infinity],
      [7, 1000, 7, Infinity],
      [100, 250, 999, 500],
    ] as const) {
      const got = Math.min(limit, total);
      const items: number[] = [];
      for (const p of planPages({ limit, got, total, max, pageMax }))
        for (let i = (p.page - 1) * p.limit + p.skip; i < Math.min(p.page * p.limit, total); i++)
          items.push(i);
      const want = Math.min(total, max);
      expect(items.slice(0, want - got)).toEqual(Array.from({ length: want - got }, (_, i) => got + i));
      expect(items.length - (want - got)).toBeLessThan(pageMax);
    }
  });

  it("collectPages takes the wider pages a service offers with its total", async () => {
    const total = 2345;
    const asked: string[] = [];
    const got = await collectPages(
      async (page, limit) => {
        asked.push(`${page}x${limit}`);
        const from = (page - 1) * limit;
        const items = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
        return { items, total, pageMax: 1000 };
      },
      { limit: 100, concurrency: 4 },
    );
    expect(got).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(asked.sort()).toEqual(["1x100", "1x1000", "2x1000", "3x1000"]);
  });
});
