/**
 * Tag matching, as client and service both apply it (api-notes §2.2): `matchTags` is an OR of AND groups,
 * a `!` prefix excludes a tag. The console previews a trigger's targets with it, the service selects them
 * with it. The expression text that becomes a `matchTags` is the client's (src/api/tag-expression.ts).
 */
export type MatchTags = string[][];

/** Whether a check carrying `tags` is selected by `matchTags` (empty/absent selects everything). */
export function matchesTags(
  tags: readonly string[],
  matchTags: readonly (readonly string[])[] | undefined,
): boolean {
  if (!matchTags || matchTags.length === 0) return true;
  const have = new Set(tags);
  return matchTags.some((group) =>
    group.every((t) => (t.startsWith("!") ? !have.has(t.slice(1)) : have.has(t))),
  );
}
