import { describe, expect, it } from "vitest";
import { collectPages, totalOf } from "../../src/api/pagination.ts";

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
