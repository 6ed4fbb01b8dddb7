import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/api/errors.ts";
import { formatTagExpression, parseTagExpression } from "../../src/api/tag-expression.ts";
import { triggerBodySchema } from "../../src/contract/schemas/check-sessions.ts";
import { matchesTags } from "../../src/contract/tags.ts";

describe("parseTagExpression", () => {
  it("reads comma and whitespace as AND within one group", () => {
    expect(parseTagExpression("prod,api !flaky")).toEqual([["prod", "api", "!flaky"]]);
    expect(parseTagExpression("  prod ,  api\t!flaky ")).toEqual([["prod", "api", "!flaky"]]);
  });

  it("reads | as OR between groups", () => {
    expect(parseTagExpression("prod,api | staging !flaky")).toEqual([
      ["prod", "api"],
      ["staging", "!flaky"],
    ]);
    expect(parseTagExpression("a|b|c")).toEqual([["a"], ["b"], ["c"]]);
  });

  it("drops duplicate terms within a group, keeps tags with other punctuation", () => {
    expect(parseTagExpression("prod prod,skip-e2e team:core")).toEqual([["prod", "skip-e2e", "team:core"]]);
  });

  it("allows a group made only of exclusions", () => {
    expect(parseTagExpression("!flaky")).toEqual([["!flaky"]]);
  });

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["a || b", /group 2 is empty/],
    ["a |", /group 2 is empty/],
    ["a ! b", /"!" is not a tag/],
    ["!!a", /"!!a" is not a tag/],
    ["a !a", /both requires and excludes "a"/],
  ])("rejects %j", (expr, msg) => {
    expect(() => parseTagExpression(expr)).toThrow(UsageError);
    expect(() => parseTagExpression(expr)).toThrow(msg);
  });

  it("produces a valid trigger body and round-trips through formatTagExpression", () => {
    const m = parseTagExpression("prod,api !flaky | staging");
    expect(triggerBodySchema.safeParse({ target: { matchTags: m } }).success).toBe(true);
    expect(formatTagExpression(m)).toBe("prod,api,!flaky | staging");
    expect(parseTagExpression(formatTagExpression(m))).toEqual(m);
  });
});

describe("matchesTags (OR of AND groups, ! excludes)", () => {
  const m = [
    ["a", "b"],
    ["a", "c", "!d"],
  ];
  it.each([
    [["a", "b"], true],
    [["a", "c"], true],
    [["a", "c", "d"], false],
    [["a"], false],
    [["b", "c"], false],
    [["a", "b", "d"], true],
  ])("%j → %s", (tags, expected) => {
    expect(matchesTags(tags, m)).toBe(expected);
  });
  it("selects everything with no or empty matchTags", () => {
    expect(matchesTags([], undefined)).toBe(true);
    expect(matchesTags(["x"], [])).toBe(true);
  });
});
