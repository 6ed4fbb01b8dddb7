/**
 * Which checks a trigger targets (api-notes §2.2, §8.1). `matchTags` is an OR of AND groups, a `!` prefix
 * negating a tag; `checkId` is a list. Choices: both given → AND; without `checkId` only activated checks
 * are eligible; an explicit `checkId` may also start a deactivated check (a manual "schedule now"); HEARTBEAT
 * checks are passive and never match. Group tags are not considered (checks carry their own tags here).
 */
import { isPassive } from "../../contract/check-types.ts";
import { matchesTags } from "../../contract/tags.ts";
import type { CheckDef } from "./checks.ts";

export function selectTargets(
  checks: readonly CheckDef[],
  target: { matchTags?: string[][] | undefined; checkId?: string[] | undefined } | undefined,
  runnable: (type: string) => boolean,
): CheckDef[] {
  const ids = target?.checkId && target.checkId.length > 0 ? new Set(target.checkId) : undefined;
  const tags = target?.matchTags && target.matchTags.length > 0 ? target.matchTags : undefined;
  return checks.filter((c) => {
    if (isPassive(c.checkType) || !runnable(c.checkType)) return false;
    if (ids) {
      if (!ids.has(c.id)) return false;
    } else if (!c.activated) return false;
    return tags ? matchesTags(c.tags, tags) : true;
  });
}
