/**
 * Tag expressions for the console's `T` key and the CLI's `trigger --tag EXPR`, turned into the trigger
 * body's `matchTags` (api-notes.md §2.2: the outer list is ORed, each inner list is ANDed, `!` negates).
 *
 * Grammar (chosen here; design.md only fixes that an expression is an OR of AND groups and `!` excludes):
 *
 *   expr  := group ( "|" group )*              groups are ORed
 *   group := term ( ( "," | whitespace )+ term )*   terms in a group are ANDed
 *   term  := "!"? tag                           "!" excludes the tag
 *   tag   := one or more characters other than whitespace, ",", "|" and a leading "!"
 *
 * So `prod,api !flaky` is ONE group: prod AND api AND NOT flaky → `[["prod","api","!flaky"]]`, and
 * `prod,api | staging !flaky` is `[["prod","api"],["staging","!flaky"]]`. Comma and whitespace both mean AND,
 * which matches the hosted CLI, where `--tags a,b` is an AND group and repeating the flag ORs groups (our CLI
 * does the same: each `--tag EXPR` contributes its groups). Duplicate terms within a group are dropped; a
 * group that both requires and excludes the same tag, an empty group, or a bare `!` is a UsageError.
 */
import type { MatchTags } from "../contract/tags.ts";
import { UsageError } from "./errors.ts";

export function parseTagExpression(expr: string): MatchTags {
  const groups: MatchTags = [];
  const rawGroups = expr.split("|");
  if (expr.trim() === "") throw new UsageError("tag expression: empty (example: prod,api !flaky | staging)");
  rawGroups.forEach((raw, gi) => {
    const terms = raw.split(/[\s,]+/).filter((t) => t !== "");
    if (terms.length === 0) throw new UsageError(`tag expression: group ${gi + 1} is empty`);
    const group: string[] = [];
    for (const term of terms) {
      const tag = term.startsWith("!") ? term.slice(1) : term;
      if (tag === "" || tag.startsWith("!"))
        throw new UsageError(`tag expression: "${term}" is not a tag (use !name to exclude name)`);
      if (!group.includes(term)) group.push(term);
    }
    for (const term of group) {
      if (!term.startsWith("!") && group.includes(`!${term}`))
        throw new UsageError(`tag expression: group ${gi + 1} both requires and excludes "${term}"`);
    }
    groups.push(group);
  });
  return groups;
}

/** The canonical text of a matchTags value (inverse of parseTagExpression), for display. */
export function formatTagExpression(matchTags: MatchTags): string {
  return matchTags.map((g) => g.join(",")).join(" | ");
}
