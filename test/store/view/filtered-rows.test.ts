/**
 * The filter narrowed as it is typed equals the filter over every row, whatever is typed or deleted
 * (seeded random sequences over the filter language's awkward characters, the real check-filter.ts).
 */
import { describe, expect, it } from "vitest";
import type { Health } from "../../../src/shared/format.ts";
import type { CheckSummary } from "../../../src/store/data/summary.ts";
import { matchesCheckFilter } from "../../../src/store/view/check-filter.ts";
import { FilteredRows, narrows } from "../../../src/store/view/filtered-rows.ts";
import { rng } from "../../support/rng.ts";

type Row = { id: string; check: CheckSummary; health: Health };
const HEALTH: Health[] = ["failing", "degraded", "passing", "pending", "cannot run"];
const WORDS = [
  "pay",
  "api",
  "eu",
  "prod",
  "a",
  "b",
  "ab",
  "ba",
  "status",
  "tag",
  "type",
  "loc",
  "name",
  "fail",
  "de",
  "url",
];
// the characters that change a filter's meaning, weighted in among plain letters
const KEYS = [
  ..."abcdeflnprstuy",
  " ",
  " ",
  "!",
  "-",
  ",",
  "|",
  ":",
  '"',
  "status:",
  "tag:",
  "type:",
  "loc:",
];

function rows(r: ReturnType<typeof rng>, n: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const check: CheckSummary = {
      id: `${r.pick(["a", "b", "c"])}${i}`,
      name: `${r.pick(WORDS)} ${r.pick(WORDS)}${r.pick(WORDS)}`,
      checkType: r.pick(["API", "URL", "BROWSER", "TCP"]),
      activated: r.next() < 0.8,
      muted: r.next() < 0.2,
      tags: [r.pick(WORDS), r.pick(WORDS)],
      locations: [r.pick(["eu-west-1", "us-east-1", "ap-south-1"])],
    };
    return { id: check.id, check, health: r.pick(HEALTH) };
  });
}

describe("FilteredRows", () => {
  it.each(Array.from({ length: 60 }, (_, i) => 500 + i))(
    "equals the filter over every row after any typing and deleting (seed %i)",
    (seed) => {
      const r = rng(seed);
      const all = rows(r, 150);
      const f = new FilteredRows<Row>(matchesCheckFilter);
      let text = "";
      for (let step = 0; step < 80; step++) {
        const op = r.next();
        if (op < 0.75) text += r.pick(KEYS);
        else if (op < 0.92) text = text.slice(0, Math.max(0, text.length - 1 - r.int(3)));
        else text = "";
        const got = f.rows(all, text);
        expect(
          got.map((x) => x.id),
          `text ${JSON.stringify(text)}`,
        ).toEqual(all.filter((x) => matchesCheckFilter(x, text)).map((x) => x.id));
        expect(f.rows(all, text)).toBe(got);
      }
    },
  );

  it("a new list filters every row again", () => {
    const r = rng(1);
    const a = rows(r, 50);
    const f = new FilteredRows<Row>(matchesCheckFilter);
    f.rows(a, "p");
    const b = [
      ...a,
      ...rows(r, 50).map((x) => ({ ...x, id: `n${x.id}`, check: { ...x.check, id: `n${x.id}` } })),
    ];
    expect(f.rows(b, "pa").map((x) => x.id)).toEqual(
      b.filter((x) => matchesCheckFilter(x, "pa")).map((x) => x.id),
    );
  });
});

describe("narrows", () => {
  it.each([
    ["", "p", true],
    ["p", "pa", true],
    ["pay", "pay api", true],
    ["pay ", "pay !api", true],
    ["status:f", "status:fa", true],
    ["!a", "!ab", false],
    ["-a", "-ab", false],
    ["tag:a,", "tag:a,b", false],
    ["tag:a", "tag:a,b", false],
    ["tag", "tag:", false],
    ['"a', '"ab', false],
    ["pay", "pa", false],
    ["pay", "pay", true],
  ])("%j → %j: %s", (prev, next, want) => {
    expect(narrows(prev, next)).toBe(want);
  });
});
